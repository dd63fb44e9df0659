/**
 * One lazy chunk (late-parts.ts) of what the shell shows only on a pointer, a click or a toast:
 * Mantine's floating pieces (tooltip, menus, combobox, modal, scroll area) and the toasts' host; and
 * what a first screen never needs (ShellExtras.tsx: the offline notice, the keyboard shortcuts, the service worker).
 */
export { Tooltip } from '@mantine/core';
export { Toasts } from '../../toasts/Toasts';
export { AccountMenu } from './AccountMenu';
export { GroupMenu } from './GroupMenu';
export { MobileMenu } from './MobileMenu';
export { NavSearch, SearchDialog } from './NavSearch';
export { ShellExtras } from './ShellExtras';
