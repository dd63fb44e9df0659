import { describe, expect, it } from 'vitest';
import { filterFields, lyricsParam, periodParam, playlistTypeParam, providersParam, sortParam, sourcesParam, tagsParam } from './query';
import * as rules from './query-values';

/**
 * The web reads its URL with the zod-free rules alone; the API passes the same rules' output on
 * to a zod schema. The schema must accept every value a rule gives and keep it as it is.
 */
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
  'Best_Of',
  'true',
  true,
  'false',
  '  lo-fi  ',
  'a'.repeat(300),
  ['first', 'second'],
  42,
];

const PAIRS = [
  ['providers', rules.parseProviders, providersParam],
  ['sources', rules.parseSources, sourcesParam],
  ['tags', rules.parseTags, tagsParam],
  ['period', rules.parsePeriod, periodParam],
  ['sort', rules.parseSort, sortParam],
  ['type', rules.parsePlaylistType, playlistTypeParam],
  ['lyrics', rules.parseLyrics, lyricsParam],
  ['q', rules.parseQuery, filterFields.q],
  ['clippedBy', rules.parseClippedBy, filterFields.clippedBy],
  ['streamId', rules.parseOptionalId, filterFields.streamId],
] as const;

describe('the query schemas keep what the zod-free rules give', () => {
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
