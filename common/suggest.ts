/**
 * The constants of search as you type (issue 14), zod-free: the navbar's search box is in the first
 * bundle, where zod would add ~25 kB gzip to the home route's 250 kB budget. search.ts re-exports
 * them beside the answer's zod shape.
 */

export const SUGGEST_PATH = '/api/search/suggest';
/** How many of each kind a suggestion answer holds at most */
export const SUGGEST_LIMIT = 4;
/** Keystrokes closer together than this make one request */
export const SUGGEST_DEBOUNCE_MS = 150;
