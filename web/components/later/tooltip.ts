/**
 * Mantine's Tooltip alone, as a lazy chunk for LazyTooltip.tsx. It is loaded by itself, not through the
 * shell's late parts (layout/late-parts.ts): LazyTooltip is used by components the layout itself uses, so
 * reaching into layout/ from here would tie the two folders in a cycle. floating-ui is shared with the
 * late parts' chunk, so it is still fetched once.
 */
export { Tooltip } from '@mantine/core';
