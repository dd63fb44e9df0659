import { createContext } from 'react';

/**
 * Set by a detail page's section (DetailSection): the list inside tells it whether it is empty, and
 * then says "No {entity} found" as a short line beside the section's heading instead of a block.
 */
export const ListEmptyContext = createContext<((empty: boolean) => void) | null>(null);
