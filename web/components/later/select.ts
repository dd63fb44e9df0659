/**
 * Mantine's Select alone, as a lazy chunk for LazySelect.tsx: its Combobox, ScrollArea and floating-ui
 * are out of the first download of the screens that show a Select (issue 23: no screen over 200 kB
 * gzip). floating-ui is shared with the tooltip's and the late parts' chunks, so it is fetched once.
 */
export { Select } from '@mantine/core';
