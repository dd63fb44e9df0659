/**
 * The router's URL <-> search object mapping. TanStack Router writes JSON by default
 * (`?providers=%5B%22youtube%22%5D`); the site uses plain repeatable parameters instead
 * (`?providers=youtube&providers=sound_cloud`), the same form the API takes, so links stay
 * readable and shareable. Values stay strings here: each route's validateSearch parses them.
 */

export type RawSearch = Record<string, string | string[]>;

export function parseSearch(searchStr: string): RawSearch {
  const result: RawSearch = {};
  for (const [key, value] of new URLSearchParams(searchStr)) {
    const existing = result[key];
    if (existing === undefined) result[key] = value;
    else result[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return result;
}

/**
 * Undefined, null and empty strings are left out (validators turn "off" flags into undefined). An empty array is written as `key=` so a
 * route can tell "explicitly nothing" from "absent, use the default" (the latest songs default to youtube).
 */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (Array.isArray(value)) {
      if (value.length === 0) params.append(key, '');
      for (const item of value) params.append(key, String(item));
    } else if (value !== undefined && value !== null && value !== '') {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
