import { describe, expect, it } from 'vitest';
import { likedItemIds, likedSlots, overlayLiked, overlayLikedParsed } from './liked-overlay';

const page = {
  content: [
    { id: 7, name: 'Seven "liked":false', tags: [{ id: 1, name: 'x' }], liked: false },
    { id: 9, name: 'Nine', tags: [], liked: false },
    { id: 4, name: 'Four', tags: [], liked: false },
  ],
  page: 1,
};
const body = JSON.stringify(page);

describe('liked flags written into a public body', () => {
  it('finds one slot per item, in order, past text that only looks like one', () => {
    const ids = likedItemIds(page)!;
    expect(ids).toEqual([7, 9, 4]);
    const slots = likedSlots(body, ids)!;
    expect(slots.at).toHaveLength(3);
    const out = overlayLiked(body, slots, new Set([7, 4, 100]));
    expect(JSON.parse(out)).toEqual({
      ...page,
      content: page.content.map((item) => ({ ...item, liked: item.id !== 9 })),
    });
    expect(overlayLiked(body, slots, new Set([100]))).toBe(body);
  });

  it('gives up on a body it cannot map, and the parsed way is then right', () => {
    expect(likedSlots(body, [7, 9])).toBeNull();
    expect(likedItemIds({ hello: 'world' })).toBeNull();
    expect(likedItemIds({ content: [{ id: 1 }] })).toBeNull();
    expect(JSON.parse(overlayLikedParsed(body, new Set([9]))).content.map((i: { liked: boolean }) => i.liked)).toEqual([
      false,
      true,
      false,
    ]);
    const item = JSON.stringify({ id: 3, liked: false });
    expect(overlayLikedParsed(item, new Set([3]))).toBe('{"id":3,"liked":true}');
    expect(overlayLiked(item, likedSlots(item, likedItemIds(JSON.parse(item))!)!, new Set([3]))).toBe('{"id":3,"liked":true}');
  });
});
