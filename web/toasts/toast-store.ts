/** Mantine's toast store alone, imported lazily by notify.tsx (the first toast loads it; see Toasts.tsx). */
export { notifications } from '@mantine/notifications';
