/**
 * The words of a text, and the typo rules a query word matches a word by (Meilisearch's rules):
 *
 * - accents and case never matter: words are folded (NFKD, combining marks dropped, lower case), so
 *   "Beyoncé" is "beyonce" and "ÉCHO" is "echo"; apostrophes are dropped, so "Don't" is "dont" and
 *   "Rock'n'Roll" is "rocknroll";
 * - a query word of 1 to 4 characters matches exactly or as a prefix; one of 5 to 8 characters also
 *   with one typo, and one of 9 or more with two;
 * - a typo is an insertion, a deletion, a substitution or a swap of two neighbouring letters
 *   (optimal string alignment distance), so "latnerns" (one swap) finds "lanterns";
 * - the query's last word may still be being typed: it also matches the beginning of a word with
 *   the same typo budget ("latner" finds "lanterns").
 *
 * `matchCost` is the rule itself, word against word; `dictionary.ts` finds the same matches among
 * every word of the catalogue at once.
 */

/** Query words beyond this many are ignored. */
const MAX_QUERY_WORDS = 12;

/** Folds accents and case: NFKD splits "é" into "e" and a combining mark, which is dropped. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Apostrophes (typewriter, typographic, modifier letter) join a word rather than split it: "Don't" is "dont". */
export const APOSTROPHE_CHARS = "'\u2019\u02bc";
const APOSTROPHES = new RegExp(`[${APOSTROPHE_CHARS}]`, 'gu');

/** The words of a text, folded: runs of letters and digits, apostrophes dropped. */
export function wordsOf(text: string): string[] {
  return fold(text)
    .replace(APOSTROPHES, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Words of a query, at most MAX_QUERY_WORDS; none for a query without letters or digits. */
export function queryWords(q: string): string[] {
  return wordsOf(q).slice(0, MAX_QUERY_WORDS);
}

/** Characters (code points) of a word: "typos per length" counts characters, not UTF-16 units. */
export const charsOf = (word: string): string[] => Array.from(word);

/** How many typos a query word of this many characters may have. */
export function typoBudget(length: number): number {
  if (length >= 9) return 2;
  if (length >= 5) return 1;
  return 0;
}

/**
 * How closely a query word matches a word, as one small number (lower is better), or undefined
 * when it does not match: typos × 2, plus 1 when only the word's beginning matched. So an exact word
 * is 0, a prefix 1, one typo 2, one typo in a prefix 3, two typos 4, two in a prefix 5.
 */
export type MatchCost = number;

const EXACT: MatchCost = 0;

/**
 * The rule, one query word against one word: exact, prefix, whole word within the typo budget, or
 * (last query word only) a beginning of the word within the budget.
 */
export function matchCost(query: string, word: string, isLast: boolean): MatchCost | undefined {
  const q = charsOf(query);
  const w = charsOf(word);
  const budget = typoBudget(q.length);
  if (query === word) return EXACT;
  if (word.startsWith(query)) return 1;
  const rows = osaRows(q, w);
  const whole = rows[w.length]![q.length]!;
  if (whole <= budget) return whole * 2;
  if (!isLast) return undefined;
  // The closest beginning of the word: the smallest distance from the query to any prefix.
  let best = Number.POSITIVE_INFINITY;
  for (let j = 1; j <= w.length; j++) best = Math.min(best, rows[j]![q.length]!);
  return best <= budget ? best * 2 + 1 : undefined;
}

/** Optimal string alignment distance (Damerau-Levenshtein without repeated edits of one substring). */
export function osaDistance(a: string, b: string): number {
  const q = charsOf(a);
  const w = charsOf(b);
  return osaRows(q, w)[w.length]![q.length]!;
}

/**
 * The distance table, one row per prefix of `w` (row j: `w[0..j)` against every prefix of `q`), the
 * same recurrence dictionary.ts walks its trie with.
 */
function osaRows(q: string[], w: string[]): number[][] {
  const rows: number[][] = [Array.from({ length: q.length + 1 }, (_, i) => i)];
  for (let j = 1; j <= w.length; j++) rows.push(nextRow(q, rows[j - 1]!, j >= 2 ? rows[j - 2]! : undefined, w[j - 1]!, w[j - 2], j));
  return rows;
}

/**
 * Row j of the table from rows j-1 and j-2: `c` is w[j-1] and `before` w[j-2]. Cell i is the
 * distance between q[0..i) and w[0..j).
 */
export function nextRow(
  q: readonly string[],
  previous: ArrayLike<number>,
  twoBack: ArrayLike<number> | undefined,
  c: string,
  before: string | undefined,
  j: number,
  out: number[] = [],
): number[] {
  out[0] = j;
  for (let i = 1; i <= q.length; i++) {
    const substitution = previous[i - 1]! + (q[i - 1] === c ? 0 : 1);
    let best = Math.min(previous[i]! + 1, out[i - 1]! + 1, substitution);
    // A swap of neighbours: q ends "…xy" where w ends "…yx".
    if (twoBack && i >= 2 && q[i - 1] === before && q[i - 2] === c) best = Math.min(best, twoBack[i - 2]! + 1);
    out[i] = best;
  }
  out.length = q.length + 1;
  return out;
}
