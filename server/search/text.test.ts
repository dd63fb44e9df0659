import { describe, expect, it } from 'vitest';
import { ADJECTIVES, LYRIC_LINES, NOUNS, STREAM_TITLES, TAG_NAMES } from '../demo/words';
import { Dictionary } from './dictionary';
import { matchCost, osaDistance, queryWords, typoBudget, wordsOf } from './text';

const EXACT = 0;
const PREFIX = 1;
const ONE_TYPO = 2;
const ONE_TYPO_PREFIX = 3;
const TWO_TYPOS = 4;
const NONE = undefined;

describe('words', () => {
  it('fold accents and case', () => {
    expect(wordsOf('Beyoncé')).toEqual(['beyonce']);
    expect(wordsOf('ÉCHO')).toEqual(['echo']);
    expect(wordsOf("Café Lumière - Don't (Live)")).toEqual(['cafe', 'lumiere', 'dont', 'live']);
    expect(wordsOf('Don\u2019t Stop')).toEqual(['dont', 'stop']);
    expect(wordsOf("Rock'n'Roll")).toEqual(['rocknroll']);
    expect(queryWords("don't")).toEqual(['dont']);
    expect(wordsOf('ＡＢＣ Straße ﬁre')).toEqual(['abc', 'straße', 'fire']);
    expect(wordsOf('日本の歌 🎵')).toEqual(['日本の歌']);
  });

  it('of a query: at most twelve, none without letters or digits', () => {
    expect(queryWords('!!! ...')).toEqual([]);
    expect(queryWords('a b c d e f g h i j k l m n')).toHaveLength(12);
  });
});

describe('typo budget by query word length', () => {
  it.each([
    [1, 0],
    [4, 0],
    [5, 1],
    [8, 1],
    [9, 2],
    [20, 2],
  ])('%i characters: %i typos', (length, typos) => {
    expect(typoBudget(length)).toBe(typos);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(matchCost('𝒜bcd', '𝒜bce', false)).toBe(NONE);
    expect(osaDistance('𝒜b', 'b𝒜')).toBe(1);
  });
});

describe('a typo is an insertion, a deletion, a substitution or a swap of neighbours', () => {
  it.each([
    // query word, catalogue word, cost
    ['substitution, 5 letters', 'tidez', 'tides', ONE_TYPO],
    ['swap, 5 letters', 'tdies', 'tides', ONE_TYPO],
    ['deletion, 5 letters', 'gardn', 'garden', ONE_TYPO],
    ['insertion, 6 letters', 'tiides', 'tides', ONE_TYPO],
    ['swap, 8 letters', 'latnerns', 'lanterns', ONE_TYPO],
    ['substitution, 8 letters', 'lanternz', 'lanterns', ONE_TYPO],
    ['deletion, 7 letters', 'lantrns', 'lanterns', ONE_TYPO],
    ['insertion, 8 letters', 'lanttern', 'lantern', ONE_TYPO],
    ['deletion, 9 letters', 'satelites', 'satellites', ONE_TYPO],
    ['swap and substitution, 10 letters', 'staellitez', 'satellites', TWO_TYPOS],
    ['insertion and deletion, 10 letters', 'sattelites', 'satellites', TWO_TYPOS],
    ['two substitutions, 10 letters', 'sbtellitez', 'satellites', TWO_TYPOS],
    ['two swaps, 9 letters', 'lgihthosue', 'lighthouse', TWO_TYPOS],
  ])('%s: %s finds %s', (_kind, query, word, cost) => {
    expect(matchCost(query, word, false)).toBe(cost);
  });

  it.each([
    ['a substitution in a 4-letter word', 'kote', 'kite'],
    ['a swap in a 4-letter word', 'ktie', 'kite'],
    ['a deletion in a 3-letter word', 'kte', 'kite'],
    ['an insertion in a 4-letter word', 'kiit', 'kit'],
    ['a substitution in a 1-letter word', 'x', 'a'],
    ['two typos in a 5-letter word', 'tdiez', 'tides'],
    ['two swaps in a 5-letter word', 'tdise', 'tides'],
    ['two typos in an 8-letter word', 'latnernz', 'lanterns'],
    ['three typos in a 10-letter word', 'sbtellitzz', 'satellites'],
    ['three typos in a 12-letter word', 'xcrcuitbrakr', 'circuitbreaker'],
  ])('%s does not match: %s vs %s', (_kind, query, word) => {
    expect(matchCost(query, word, false)).toBe(NONE);
    expect(matchCost(query, word, true)).toBe(NONE);
  });
});

describe('exact words and prefixes', () => {
  it('an exact word beats a prefix, which beats a typo', () => {
    expect(matchCost('echo', 'echo', false)).toBe(EXACT);
    expect(matchCost('ech', 'echo', false)).toBe(PREFIX);
    expect(matchCost('ga', 'garden', true)).toBe(PREFIX);
    // Every word may be a beginning, not only the last one ("midn sat" finds "Midnight Satellites").
    expect(matchCost('midn', 'midnight', false)).toBe(PREFIX);
    expect(matchCost('lanterns', 'lantern', false)).toBe(ONE_TYPO);
  });

  it('a beginning with typos only for the last query word', () => {
    expect(matchCost('latner', 'lanterns', true)).toBe(ONE_TYPO_PREFIX);
    expect(matchCost('latner', 'lanterns', false)).toBe(NONE);
    expect(matchCost('latn', 'lanterns', true)).toBe(NONE);
    expect(matchCost('satelit', 'satellites', true)).toBe(ONE_TYPO_PREFIX);
  });
});

describe('the dictionary', () => {
  const vocabulary = [
    ...new Set(
      [...TAG_NAMES, ...ADJECTIVES, ...NOUNS, ...STREAM_TITLES, ...LYRIC_LINES, 'beyonce lantern lanternfish satellite'].flatMap(wordsOf),
    ),
  ].sort();
  const dictionary = new Dictionary(vocabulary);

  /** What the rule says, word by word over the whole vocabulary. */
  const bruteForce = (query: string, isLast: boolean) =>
    vocabulary
      .map((word) => [word, matchCost(query, word, isLast)] as const)
      .filter(([, cost]) => cost !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));

  const expanded = (query: string, isLast: boolean) => {
    const { wordIds, costs } = dictionary.expand(query, isLast);
    return wordIds.map((id, i) => [vocabulary[id]!, costs[i]] as const).sort(([a], [b]) => a.localeCompare(b));
  };

  /** Query words made from the vocabulary by every kind of typo, and prefixes of it. */
  const queries = (() => {
    const out = new Set<string>(['a', 'sa', 'lat', 'latn', 'latner', 'latnerns', 'xyz', 'sttelites', 'lgihthosue']);
    vocabulary.forEach((word, n) => {
      const i = 1 + (n % Math.max(1, word.length - 2));
      out.add(word);
      out.add(word.slice(0, 2 + (n % 5)));
      out.add(word.slice(0, i) + word.slice(i + 1));
      out.add(`${word.slice(0, i)}x${word.slice(i)}`);
      out.add(`${word.slice(0, i)}q${word.slice(i + 1)}`);
      out.add(word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1));
    });
    return [...out];
  })();

  it('finds exactly the words the rule matches, with the same costs', () => {
    for (const query of queries) {
      for (const isLast of [false, true])
        expect(expanded(query, isLast), `${query} ${isLast ? '(last)' : ''}`).toEqual(bruteForce(query, isLast));
    }
  });
});
