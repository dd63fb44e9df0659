import { describe, expect, it } from 'vitest';
import { filterFields, lyricsParam, periodParam, providersParam, sortParam, sourcesParam, tagsParam } from '../../common/query';
import { parseClippedBy, parseLyrics, parsePeriod, parseProviders, parseQuery, parseSort, parseSources, parseTags } from './query-parse';

/** Every web parser must answer exactly what its common/query.ts schema answers. */
const INPUTS: unknown[] = [
  undefined,
  null,
  '',
  'youtube',
  'YouTube',
  'youtube,sound_cloud',
  ['twitch', 'youtube', 'twitch', 'nope'],
  ' sound_cloud , twitch ',
  'nova_yt',
  ['nova_sc', 'nova_nope', 'NOVA_yt', 'x_daily'],
  '3',
  ['3', '03', '0', '-1', 'x', '1234567890', '42'],
  '5,6',
  'week',
  'SIX_MONTHS',
  ['month', 'week'],
  'decade',
  'latest',
  'relevance',
  'true',
  true,
  'false',
  '  lo-fi  ',
  'a'.repeat(300),
  ['first', 'second'],
  42,
];

const PAIRS = [
  ['providers', parseProviders, providersParam],
  ['sources', parseSources, sourcesParam],
  ['tags', parseTags, tagsParam],
  ['period', parsePeriod, periodParam],
  ['sort', parseSort, sortParam],
  ['lyrics', parseLyrics, lyricsParam],
  ['q', parseQuery, filterFields.q],
  ['clippedBy', parseClippedBy, filterFields.clippedBy],
] as const;

describe('query-parse matches common/query.ts', () => {
  for (const [name, parse, schema] of PAIRS) {
    it(name, () => {
      for (const input of INPUTS) {
        const expected = schema.safeParse(input);
        expect(expected.success, `${name} schema on ${JSON.stringify(input)}`).toBe(true);
        expect(parse(input), `${name}(${JSON.stringify(input)})`).toEqual(expected.data);
      }
    });
  }
});
