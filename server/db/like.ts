import { type Column, ilike, type SQL } from 'drizzle-orm';

/**
 * Substring matching of what a visitor typed: `%` and `_` are wildcards of LIKE and `\` its escape,
 * so they are escaped to match themselves ("100%" finds "100%", not "100 anything").
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The ILIKE pattern of "contains this text". */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** The column contains the text, case-insensitively. */
export function containsText(column: Column | SQL, text: string): SQL {
  return ilike(column, containsPattern(text));
}
