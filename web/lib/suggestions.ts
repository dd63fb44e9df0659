import type { Suggestions } from '../../common/search';

/** The kinds of a suggestion answer, in the order the list shows them (songs, streams, playlists, clips). */
export const SUGGESTION_KINDS = ['media', 'streams', 'playlists', 'clips'] as const satisfies readonly (keyof Suggestions)[];
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/** The option that searches the text instead of opening one item (Enter on the text does the same). */
export const SEARCH_ALL = 'search';

/** An option's value: the kind and id of the item it opens ("media:12"). */
export function suggestionValue(kind: SuggestionKind, id: number): string {
  return `${kind}:${id}`;
}

/** The item an option's value names; undefined for SEARCH_ALL or anything else. */
export function parseSuggestionValue(value: string): { kind: SuggestionKind; id: number } | undefined {
  const [kind, id, ...rest] = value.split(':');
  const known = SUGGESTION_KINDS.find((entry) => entry === kind);
  const number = Number(id);
  return known && rest.length === 0 && Number.isInteger(number) && number > 0 ? { kind: known, id: number } : undefined;
}

/** How many items an answer holds, over every kind. */
export function suggestionCount(suggestions: Suggestions | undefined): number {
  return suggestions ? SUGGESTION_KINDS.reduce((total, kind) => total + suggestions[kind].length, 0) : 0;
}
