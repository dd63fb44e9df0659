import { PAGE_ANSWERS_ELEMENT_ID } from '../../common/constants';

/**
 * The logged-out API answers the server wrote into this page's HTML, by URL (server/site/page-answers.ts,
 * the reads of common/first-reads.ts): a query whose URL is among them starts from its answer instead
 * of waiting for the API, so the first screen (a list's cards, an item's poster) renders with the
 * script (issue 23, LCP). Each answer is taken once: a later visit of the page within the app asks the
 * API as usual. Absent under the Vite dev server and in the offline shell.
 */
let answers: Record<string, unknown> | undefined;

export function takePageAnswer<T>(url: string): T | undefined {
  if (!answers) {
    const element = document.getElementById(PAGE_ANSWERS_ELEMENT_ID);
    element?.remove();
    try {
      answers = JSON.parse(element?.textContent || '{}') as Record<string, unknown>;
    } catch (error) {
      answers = {};
      console.error('The page answers in the HTML are unreadable', error);
    }
  }
  const answer = answers[url] as T | undefined;
  delete answers[url];
  return answer;
}

/**
 * When this page's HTML arrived, on this browser's clock: its answers were written moments before
 * (the network's way), where the script may run seconds later on a slow phone. The radio measures its
 * clock offset from it (web/lib/radio.ts `receive`).
 */
export function pageReceivedAt(): number {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation && navigation.responseStart > 0 ? performance.timeOrigin + navigation.responseStart : Date.now();
}

/**
 * An answer from the page that the API then failed to confirm: not shown, so the screen says what it
 * says when the read fails (spec 8), and a retry asks again (detail pages, lists, home's last stream).
 */
export const unconfirmed = (query: { isError: boolean; dataUpdatedAt: number }) => query.isError && query.dataUpdatedAt === 0;

/**
 * A query's options to start from the page's answer for `url`, marked as old (updated at 0): the
 * query still asks the API when it mounts (a fan's own liked flags, a change since) and shows that answer.
 */
export const fromPage = <T>(url: string) => ({ initialData: () => takePageAnswer<T>(url), initialDataUpdatedAt: 0 });
