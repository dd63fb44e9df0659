/**
 * A viewer's `liked` flags written into a public answer's JSON text (http/read-cache.ts), so a
 * logged-in reader is served the body every logged-out reader gets, without parsing or building it.
 *
 * A public answer presents every item with `"liked":false`. When the answer is built, the ids of its
 * items are taken from the object the handler returned (an item, or a page's `content`), in order; the
 * body must then hold exactly that many `"liked":false`, one per item in the same order (the fields of
 * our schemas are fixed names, and inside a JSON string every `"` is escaped, so no text a user wrote
 * can look like one). Where it does not (no slots), `overlayLikedParsed` does the same on the parsed
 * answer: slower, never wrong.
 */

const LIKED_FALSE = '"liked":false';
const LIKED_TRUE = '"liked":true';

/** Where each item's flag sits in a body: `ids[k]`'s flag starts at `at[k]`. */
export interface LikedSlots {
  ids: readonly number[];
  at: readonly number[];
}

/** The ids of the items an answer object presents with a `liked` flag, in order; null when it is not such an answer. */
export function likedItemIds(payload: unknown): number[] | null {
  if (payload === null || typeof payload !== 'object') return null;
  const content = (payload as { content?: unknown }).content;
  const items: unknown[] = Array.isArray(content) ? content : [payload];
  const ids: number[] = [];
  for (const item of items) {
    if (item === null || typeof item !== 'object' || !('liked' in item)) return null;
    const id = (item as { id?: unknown }).id;
    if (typeof id !== 'number') return null;
    ids.push(id);
  }
  return ids;
}

/** The flags' places in `body`, or null when they do not match the items one to one. */
export function likedSlots(body: string, ids: readonly number[]): LikedSlots | null {
  const at: number[] = [];
  for (let i = body.indexOf(LIKED_FALSE); i !== -1; i = body.indexOf(LIKED_FALSE, i + LIKED_FALSE.length)) at.push(i);
  if (at.length !== ids.length || body.includes(LIKED_TRUE)) return null;
  return { ids, at };
}

/** The body with `"liked":true` for every item the viewer liked; the same string when none is. */
export function overlayLiked(body: string, slots: LikedSlots, liked: ReadonlySet<number>): string {
  if (liked.size === 0) return body;
  let out = '';
  let from = 0;
  for (let k = 0; k < slots.ids.length; k++) {
    if (!liked.has(slots.ids[k]!)) continue;
    const at = slots.at[k]!;
    out += `${body.slice(from, at)}${LIKED_TRUE}`;
    from = at + LIKED_FALSE.length;
  }
  return from === 0 ? body : out + body.slice(from);
}

/** The slow way, for a body whose flags could not be placed: parsed, flagged and written again. */
export function overlayLikedParsed(body: string, liked: ReadonlySet<number>): string {
  if (liked.size === 0) return body;
  const answer = JSON.parse(body) as { content?: unknown };
  const items: unknown[] = Array.isArray(answer?.content) ? answer.content : [answer];
  for (const item of items) {
    const flagged = item as { id?: unknown; liked?: unknown } | null;
    if (flagged && typeof flagged === 'object' && 'liked' in flagged) flagged.liked = liked.has(flagged.id as number);
  }
  return JSON.stringify(answer);
}
