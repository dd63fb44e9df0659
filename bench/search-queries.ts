import { ADJECTIVES, NOUNS, TAG_NAMES } from '../server/demo/words';

/**
 * The fixed list of queries the search benchmark rotates over, from the seeded vocabulary
 * (server/demo/words.ts): whole words, two-word titles, misspellings of each kind (swap, deletion,
 * insertion, substitution) and as-you-type prefixes of 2 to 6 letters, alone and after a word.
 * Built the same way every run, so before and after measure the same requests.
 */
export function searchQueries(): string[] {
  const nouns = NOUNS.map((w) => w.toLowerCase());
  const adjectives = ADJECTIVES.map((w) => w.toLowerCase());
  const tags = TAG_NAMES.map((w) => w.toLowerCase());
  const words = [...nouns, ...adjectives];
  const queries = new Set<string>();

  for (const word of words) queries.add(word);
  for (const tag of tags.slice(0, 15)) queries.add(tag);
  for (let i = 0; i < 30; i++) queries.add(`${adjectives[i % adjectives.length]} ${nouns[(i * 7) % nouns.length]}`);

  // Misspellings of words of 5 letters or more: one typo of each kind in turn, at varying places.
  const long = words.filter((w) => w.length >= 5);
  long.forEach((word, n) => {
    const at = 1 + (n % (word.length - 2));
    const typo = [
      word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2), // swap
      word.slice(0, at) + word.slice(at + 1), // deletion
      `${word.slice(0, at)}e${word.slice(at)}`, // insertion
      `${word.slice(0, at)}${word[at] === 'o' ? 'a' : 'o'}${word.slice(at + 1)}`, // substitution
    ][n % 4]!;
    queries.add(typo);
  });

  // As you type: prefixes of 2 to 6 letters, alone and as the second word.
  words.forEach((word, n) => {
    const length = 2 + (n % 5);
    if (word.length > length) queries.add(word.slice(0, length));
    if (n % 2 === 0) queries.add(`${adjectives[n % adjectives.length]} ${nouns[(n * 11) % nouns.length]!.slice(0, 2 + (n % 3))}`);
  });
  return [...queries];
}
