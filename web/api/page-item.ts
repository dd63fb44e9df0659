import type { QueryClient } from '@tanstack/react-query';
import { PAGE_ITEM_ELEMENT_ID } from '../../common/constants';
import type { EntityKind } from '../../common/enums';

/** The cache key of GET /api/{kind}/{id} (items.ts `itemQuery`); here so the entry need not load items.ts. */
export const itemKey = <K extends EntityKind>(kind: K, id: number) => ['item', kind, id] as const;

/**
 * The item the server wrote into an item page's HTML (server/site/share-html.ts: the logged-out
 * answer of GET /api/{kind}/{id}) goes into the cache before the first render, so the page's first
 * screen (the player's poster, the title) shows without waiting for the API (issue 23, LCP). It is
 * marked as old: the screen's query still asks the API when it mounts (a fan's own liked flag, a
 * change since), and the screen shows that answer when it comes. Read once (the element is removed):
 * a later visit of the same page within the app asks the API as usual. Absent under the Vite dev server.
 */
export function seedPageItem(queryClient: QueryClient): void {
  const element = document.getElementById(PAGE_ITEM_ELEMENT_ID);
  const text = element?.textContent;
  element?.remove();
  if (!text) return;
  try {
    const { kind, id, value } = JSON.parse(text) as { kind: EntityKind; id: number; value: unknown };
    queryClient.setQueryData(itemKey(kind, id), value, { updatedAt: 0 });
  } catch (error) {
    console.error('The page item in the HTML is unreadable', error);
  }
}
