import { describe, expect, it } from 'vitest';
import type { Suggestions } from '../../common/search';
import { parseSuggestionValue, SEARCH_ALL, SUGGESTION_KINDS, suggestionCount, suggestionValue } from './suggestions';

describe('suggestion option values', () => {
  it('name the item an option opens, for every kind', () => {
    for (const kind of SUGGESTION_KINDS) expect(parseSuggestionValue(suggestionValue(kind, 42))).toEqual({ kind, id: 42 });
  });

  it('name no item for "Search for …" or a value that is not one', () => {
    for (const value of [SEARCH_ALL, '', 'media', 'media:', 'media:0', 'media:1.5', 'media:x', 'tags:3', 'media:3:4']) {
      expect(parseSuggestionValue(value)).toBeUndefined();
    }
  });
});

describe('suggestionCount', () => {
  it('counts the items of every kind, and none before an answer', () => {
    const item = { id: 1 };
    const answer = { media: [item, item], streams: [item], playlists: [], clips: [item] } as unknown as Suggestions;
    expect(suggestionCount(answer)).toBe(4);
    expect(suggestionCount(undefined)).toBe(0);
  });
});
