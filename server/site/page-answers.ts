import { LRUCache } from 'lru-cache';
import { PAGE_ANSWERS_ELEMENT_ID, thumbnailPath } from '../../common/constants';
import type { EntityKind } from '../../common/enums';
import { FIRST_ROW_MEDIA, HOME_READS, itemRead, LATEST_SONGS_READ, radioReads, radioStationOf } from '../../common/first-reads';
import type { Station } from '../../common/radio';
import type { App } from '../http/types';
import type { PageMatch } from './pages';
import { escapeHtml } from './share-html';

/**
 * What a page's HTML carries for its first screen besides its share card (issue 23, LCP): the
 * logged-out answers of the API reads the screen makes first (common/first-reads.ts), which the web
 * app starts its queries from (web/api/page-answers.ts), and preloads of the thumbnails it shows
 * first, whose addresses the browser would otherwise learn only after the script ran and the API answered.
 *
 * The answers are asked of this app itself as a visitor without a cookie asks them (`app.inject`): the
 * route, its validation and the read cache answer, so what the page carries is byte for byte what any
 * logged-out visitor is sent, and never anything of the viewer (the page itself is the same for
 * everyone, as before). A read that fails is left out: the app then asks the API as it always did.
 */

interface Thumb {
  thumbnail?: string | null;
}
interface Preload {
  href: string;
  /** Only on screens where the image is in the first row (a media query) */
  media?: string;
}
type Answers = ReadonlyMap<string, string>;

interface PagePlan {
  reads: string[];
  preloads: (answers: Answers) => Preload[];
  /** Built for every page, never kept: its answers are of this moment (the radio's track, stamped now) */
  fresh?: boolean;
}

const parsed = <T>(answers: Answers, url: string): T | undefined => {
  const body = answers.get(url);
  return body === undefined ? undefined : (JSON.parse(body) as T);
};

const thumbnailOf = (kind: EntityKind, item: Thumb | undefined, media?: string): Preload[] =>
  item?.thumbnail ? [{ href: thumbnailPath(kind, item.thumbnail), ...(media ? { media } : {}) }] : [];

const HOME: PagePlan = {
  reads: Object.values(HOME_READS),
  // The last stream's poster is the largest paint of the home page, unless the streamer is live (no poster then).
  preloads: (answers) =>
    parsed<{ live: boolean }>(answers, HOME_READS.live)?.live
      ? []
      : thumbnailOf('streams', parsed<{ content: Thumb[] }>(answers, HOME_READS.lastStream)?.content[0]),
};

const LATEST: PagePlan = {
  reads: [LATEST_SONGS_READ],
  // The list's first row: one card on a phone, up to four on a wide screen.
  preloads: (answers) =>
    (parsed<{ content: Thumb[] }>(answers, LATEST_SONGS_READ)?.content ?? [])
      .slice(0, FIRST_ROW_MEDIA.length)
      .flatMap((item, index) => thumbnailOf('media', item, FIRST_ROW_MEDIA[index])),
};

const itemPlan = (kind: EntityKind, id: number, poster: boolean): PagePlan => ({
  reads: [itemRead(kind, id)],
  // The item's own page shows its thumbnail as the player's poster (web/components/detail/DetailPlayer.tsx);
  // its details and edit pages do not lead with it.
  preloads: (answers) => (poster ? thumbnailOf(kind, parsed<Thumb>(answers, itemRead(kind, id))) : []),
});

const radioPlan = (station: Station): PagePlan => {
  const reads = radioReads(station);
  return {
    reads: Object.values(reads),
    // The current track's thumbnail (web/components/radio/CurrentTrack.tsx), at every width.
    preloads: (answers) => thumbnailOf('media', parsed<Thumb | null>(answers, reads.current) ?? undefined),
    // The track is stamped now (serverTime), and the next one may start any second: a kept answer
    // would be up to READ_CACHE_MS old. Both reads are from memory (the feed's track, the kept sums).
    fresh: true,
  };
};

/** What the page at `url` reads first; null for pages whose HTML carries nothing (and any URL with a query but item and radio pages'). */
export function planFor(page: PageMatch, url: string): PagePlan | null {
  if (page.item) return itemPlan(page.item.kind, page.item.id, !/\/(details|edit)$/.test(page.path));
  if (page.path === '/radio') return radioPlan(radioStationOf(new URLSearchParams(url.split(/[?#]/)[1] ?? '')));
  // A query (filters, /?loginSuccess) changes what the screen asks: it asks the API itself.
  if (url.includes('?')) return null;
  if (page.path === '/') return HOME;
  if (page.path === '/latest') return LATEST;
  return null;
}

/** The tags written into the page's head: the preloads, then the answers as a non-executed JSON element. */
export function pageDataTags(answers: Answers, preloads: Preload[]): string[] {
  const links = preloads.map(
    ({ href, media }) =>
      `<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high"${media ? ` media="${escapeHtml(media)}"` : ''} />`,
  );
  if (answers.size === 0) return links;
  // The bodies are JSON as the API sent them. `<` occurs in JSON only inside strings, where \u003c
  // reads back the same: no value (a name with `</script>` in it) can close the element.
  const json = `{${[...answers].map(([url, body]) => `${JSON.stringify(url)}:${body}`).join(',')}}`.replace(/</g, '\\u003c');
  return [...links, `<script id="${PAGE_ANSWERS_ELEMENT_ID}" type="application/json">${json}</script>`];
}

export interface PageAnswers {
  /** The head tags of the page at `url` ([] when it reads nothing first) */
  tagsFor(page: PageMatch, url: string): Promise<string[]>;
}

export interface PageAnswersOptions {
  publicUrl: string;
  /** How long a page's tags are kept (READ_CACHE_MS, as the answers themselves); 0: built for every page */
  ttlMs: number;
  /** Called with a listener on every catalogue write of this instance, which empties the kept tags */
  onChanged: (listener: () => void) => void;
}

export function createPageAnswers(app: App, { publicUrl, ttlMs, onChanged }: PageAnswersOptions): PageAnswers {
  // The site's own name: the Host check (http/same-site.ts) lets it through as it lets a visitor's.
  const host = new URL(publicUrl).host;

  async function read(url: string): Promise<string | undefined> {
    try {
      const res = await app.inject({ method: 'GET', url, headers: { host, accept: 'application/json' } });
      if (res.statusCode === 200) return res.body;
      // 404 is an unknown item: the page shows its own "not found" after asking.
      if (res.statusCode !== 404) app.log.warn(`The page's first read ${url} answered ${res.statusCode}: left out of its HTML`);
    } catch (error) {
      app.log.warn({ err: error }, `The page's first read ${url} failed: left out of its HTML`);
    }
    return undefined;
  }

  async function build(plan: PagePlan): Promise<string[]> {
    const bodies = await Promise.all(plan.reads.map(read));
    const answers = new Map(plan.reads.flatMap((read, index) => (bodies[index] === undefined ? [] : [[read, bodies[index]] as const])));
    return pageDataTags(answers, plan.preloads(answers));
  }

  // Each read is a request through the app's hooks (~0.4 ms of CPU): a crowd opening the home page at
  // once (a go-live) shares one build per page and READ_CACHE_MS, as their API reads share the read cache.
  const kept =
    ttlMs > 0
      ? new LRUCache<string, string[], PagePlan>({ max: 10_000, ttl: ttlMs, fetchMethod: (_path, _stale, { context }) => build(context) })
      : null;
  onChanged(() => kept?.clear());

  return {
    async tagsFor(page, url) {
      const plan = planFor(page, url);
      if (!plan) return [];
      // By path: the plan depends on nothing else (pages with a query have none, but item pages, whose
      // query is ignored, and /radio's, which is never kept).
      return kept && !plan.fresh ? ((await kept.fetch(page.path, { context: plan })) ?? []) : build(plan);
    },
  };
}
