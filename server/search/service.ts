import { LRUCache } from 'lru-cache';
import { ENTITY_KINDS, type EntityKind } from '../../common/enums';
import type { Filter } from '../../common/query';
import type { Db } from '../db/client';
import { filterConditions, periodStart } from '../db/filters';
import { KINDS } from '../db/kinds';
import { KeptIndex } from './kept';
import { LYRICS, NAME, TAG } from './postings';
import { catalogueStamp, idsWhere, indexedItems, matchingFromDatabase, rankFromDatabase, tagNames } from './queries';
import { queryWords } from './text';
import { type Ranked, WordIndex } from './word-index';

/**
 * The search index of each kind, per instance: built in the background once the server listens
 * (`warm`; until then the database answers, queries.ts rankFromDatabase), or by the first search of a tool or test
 * that never listens. A write announced with the ids it changed (`patch`, as catalogue.changed
 * carries them on this instance and, through the event bus, on every other one) is patched in at
 * the next search of that kind: those rows read again and a few passes over the index, not a build.
 * A write announced without ids (`invalidate(kind)`; no kind: all four) needs a build, which runs in
 * the background while searches answer from the index before it. How builds and patches follow
 * writes, and what a search may miss meanwhile: kept.ts. A cheap check every few seconds catches
 * writes nobody announced.
 *
 * Filters keep one meaning: which items pass a list's filters is asked of the database with the
 * catalogue's own `filterConditions`, once per filter until the next write (a set of positions),
 * not re-implemented here. Only the period, whose bound moves with the clock, is compared in memory,
 * against the same date column and the same `periodStart`.
 */

export type SearchService = ReturnType<typeof createSearch>;

interface Built {
  index: WordIndex;
  /** Filter (without text, period and sort) → the positions it lets through (see `allowedBy`) */
  allowed: AllowedSets;
  /** The kind's row count and newest update when it was read (`catalogueStamp`) */
  stamp: string;
  /** When it was built (by the clock, ms) and how long that took */
  builtAt: number;
  buildMs: number;
  /** Writes patched in since that build */
  patches: number;
}

/** A kind's index as GET /metrics shows it (server/metrics) */
export interface IndexStats {
  kind: EntityKind;
  items: number;
  words: number;
  builtAt: Date;
  buildSeconds: number;
  /** Writes patched into the index since it was built */
  patches: number;
}

/** Distinct filters remembered per index (a byte per item each: 100 kB for 100,000 songs); past it the least recently used is forgotten. */
const ALLOWED_LIMIT = 64;

/** The unfiltered set apart, so that a burst of distinct filters never pushes out the one most lists use. */
class AllowedSets {
  private unfiltered?: Promise<Uint8Array>;
  private readonly filtered = new LRUCache<string, Promise<Uint8Array>>({ max: ALLOWED_LIMIT });
  get = (key: string) => (key === UNFILTERED ? this.unfiltered : this.filtered.get(key));
  set(key: string, set: Promise<Uint8Array>) {
    if (key === UNFILTERED) this.unfiltered = set;
    else this.filtered.set(key, set);
  }
  delete(key: string) {
    if (key === UNFILTERED) this.unfiltered = undefined;
    else this.filtered.delete(key);
  }
  /** Every filtered set (the unfiltered one comes from the index alone) */
  forgetFiltered() {
    this.filtered.clear();
  }
}

/** The key of the set every list without filters uses (available items only). */
const UNFILTERED = '';

export interface SearchContext {
  knownSources: ReadonlySet<string>;
  now: Date;
}

export interface SearchWindow {
  offset: number;
  limit: number;
}

/** A kind's index holding every announced write, and the positions a filter lets through in it (see `current`) */
export interface CurrentIndex {
  index: WordIndex;
  allowed: (filter: Filter, ctx: SearchContext) => Promise<Uint8Array>;
}

/** Ids of changed items per kind, as a writer that knows them announces them (catalogue.changed). */
export type ChangedIds = Partial<Record<EntityKind, number[]>>;

/**
 * Past this many ids of one kind, a write is rebuilt rather than patched: a patch reads those rows
 * and walks the index once per sort, so a bulk write (a first sync, a seed) costs about a build.
 */
export const PATCH_IDS_LIMIT = 10_000;

/**
 * How often (at most) a kind's rows are counted and their newest update read, to catch a write that
 * announced nothing (another tool writing the database): a few ms of SQL every few seconds instead
 * of a blind full rebuild.
 */
export const INDEX_CHECK_MS = 5_000;

export function createSearch(
  db: Db,
  {
    log = () => {},
    checkEveryMs = INDEX_CHECK_MS,
    clock = Date.now,
    beforeBuild,
  }: {
    log?: (message: string) => void;
    checkEveryMs?: number;
    clock?: () => number;
    /** Awaited before a build reads the catalogue: tests hold a build there to see what searches answer meanwhile */
    beforeBuild?: (kind: EntityKind) => Promise<void>;
  } = {},
) {
  async function build(kind: EntityKind): Promise<Built> {
    await beforeBuild?.(kind);
    const started = performance.now();
    // Read first: a write landing during the build then looks newer than the index, never older.
    const stamp = await catalogueStamp(db, KINDS[kind]);
    const [items, names] = await Promise.all([indexedItems(db, KINDS[kind]), tagNames(db)]);
    const index = await WordIndex.build(items, names, new Date(clock()).toISOString().slice(0, 10));
    const buildMs = performance.now() - started;
    log(`search index of ${kind}: ${index.size} items, ${index.wordCount} words in ${Math.round(buildMs)} ms`);
    return { index, allowed: new AllowedSets(), stamp, builtAt: clock(), buildMs, patches: 0 };
  }

  /** The index with the items of these ids read again (a few rows and a few passes over the index, not a build). */
  async function patch(kind: EntityKind, base: Built, ids: readonly number[]): Promise<Built> {
    const started = performance.now();
    const stamp = await catalogueStamp(db, KINDS[kind]);
    const [items, names] = await Promise.all([indexedItems(db, KINDS[kind], ids), tagNames(db)]);
    const present = new Set(items.map((item) => item.id));
    const index = base.index.patched({ items, removed: ids.filter((id) => !present.has(id)) }, names);
    log(`search index of ${kind}: ${ids.length} items patched in ${Math.round(performance.now() - started)} ms`);
    return { ...base, index, allowed: new AllowedSets(), stamp, patches: base.patches + 1 };
  }

  const kept = new Map(
    ENTITY_KINDS.map((kind) => [
      kind,
      new KeptIndex<Built>({
        build: () => build(kind),
        patch: (base, ids) => patch(kind, base, ids),
        stamp: () => catalogueStamp(db, KINDS[kind]),
        clock,
        checkEveryMs,
      }),
    ]),
  );
  const keptOf = (kind: EntityKind) => kept.get(kind)!;
  let warming: Promise<void> | undefined;

  /**
   * A change of any kind may change which items of another pass a filter the database answered (a
   * playlist's songs or stream link filter songs and streams): those sets are asked again.
   */
  function forgetAskedFilters() {
    for (const kind of ENTITY_KINDS) keptOf(kind).built?.allowed.forgetFiltered();
  }

  /**
   * The positions a list's filters (without text, period and sort) let through, remembered per
   * distinct filter (least recently used forgotten first; the unfiltered set never). Providers,
   * sources, tags and availability are answered by the index itself; any other filter (clippedBy,
   * type, stream, playlist, song) by the database with `filterConditions`.
   */
  function allowedBy(kind: EntityKind, { index, allowed }: Built, filter: Filter, ctx: SearchContext): Promise<Uint8Array> {
    const spec = KINDS[kind];
    const rest: Filter = { ...filter, q: undefined, period: undefined, sort: undefined, lyrics: false };
    const { clippedBy, type, streamId, playlistId, mediaId, tags } = rest;
    const providers = rest.providers.filter((p) => (spec.providers as readonly string[]).includes(p));
    const sources = rest.sources.filter((s) => ctx.knownSources.has(s));
    const inMemory = [clippedBy, type, streamId, playlistId, mediaId].every((value) => value === undefined);
    const unfiltered = inMemory && providers.length === 0 && sources.length === 0 && tags.length === 0;
    const key = unfiltered ? UNFILTERED : JSON.stringify(rest);
    let set = allowed.get(key);
    if (!set) {
      set = inMemory
        ? Promise.resolve(index.passing({ providers, sources, tags }))
        : idsWhere(db, spec, filterConditions(spec, rest, ctx)).then((ids) => {
            const positions = new Uint8Array(index.size);
            for (const id of ids) {
              const position = index.positionOf(id);
              if (position !== undefined) positions[position] = 1;
            }
            return positions;
          });
      allowed.set(key, set);
      set.catch(() => allowed.delete(key));
    }
    return set;
  }

  const fieldsOf = (kind: EntityKind, lyrics: boolean) => NAME | TAG | (lyrics && kind === 'media' ? LYRICS : 0);

  return {
    /** Whether a query has anything to match (words of letters or digits): without, a list is not a search. */
    hasWords: (q: string | undefined) => q !== undefined && queryWords(q).length > 0,

    /**
     * The window of a list with a text query, best first (relevance, then `filter.sort`), and the
     * total. Before the kind's first index exists (the start-up build), from the database (queries.ts rankFromDatabase).
     */
    async rank(kind: EntityKind, filter: Filter, window: SearchWindow, ctx: SearchContext): Promise<Ranked> {
      const current = await keptOf(kind).index();
      const words = queryWords(filter.q ?? '');
      if (!current) return rankFromDatabase(db, kind, { words, filter, lyrics: filter.lyrics, ...window }, ctx);
      const allowed = await allowedBy(kind, current, filter, ctx);
      const sort = filter.sort ?? 'relevance';
      const seed = ctx.now.toISOString().slice(0, 10);
      // The sort's order computed a slice at a time if the build did not (a new day's random order).
      await current.index.prepare(sort, seed);
      return current.index.rank({
        words,
        fields: fieldsOf(kind, filter.lyrics),
        allowed,
        since: periodStart(filter.period, ctx.now)?.getTime(),
        sort,
        seed,
        ...window,
      });
    },

    /** The best `limit` ids of each kind for a query, unfiltered but for what every list leaves out (unavailable items). */
    async best(q: string, limit: number, ctx: SearchContext): Promise<Record<EntityKind, number[]>> {
      const filter: Filter = { providers: [], sources: [], tags: [], lyrics: false, q };
      const window = { offset: 0, limit };
      const [media, streams, playlists, clips] = await Promise.all(
        ENTITY_KINDS.map(async (kind) => (await this.rank(kind, filter, window, ctx)).ids),
      );
      return { media: media!, streams: streams!, playlists: playlists!, clips: clips! };
    },

    /** Ids of every item of a kind matching the query, unfiltered (lists that order themselves filter them). */
    async matchingIds(kind: EntityKind, q: string, lyrics: boolean): Promise<number[]> {
      const current = await keptOf(kind).index();
      const words = queryWords(q);
      if (!current) return matchingFromDatabase(db, kind, words, lyrics);
      return current.index.matchingIds(words, fieldsOf(kind, lyrics));
    },

    /**
     * The kind's index if it holds every write announced so far, without waiting (lists without a
     * text query answer from it, else from the database: catalogue/indexed-lists.ts). An index
     * behind starts its update now, for a later list. Its `allowed` is a filter's set, as `rank` uses.
     */
    current(kind: EntityKind): CurrentIndex | undefined {
      const built = keptOf(kind).upToDate();
      if (!built) return undefined;
      return { index: built.index, allowed: (filter, ctx) => allowedBy(kind, built, filter, ctx) };
    },

    /**
     * The start-up build: every kind's index built now, one kind after another, off any request.
     * Called once the server listens (catalogue/plugin.ts); from then on no search waits for a build
     * (until a kind's first index is there, the database answers). Resolves once every kind has an
     * index (a failure is left for a search to retry); the same promise to every caller, so tests and
     * benches await the build the server began.
     */
    warm(): Promise<void> {
      for (const kind of ENTITY_KINDS) keptOf(kind).answerWithoutWaiting();
      warming ??= (async () => {
        for (const kind of ENTITY_KINDS) await keptOf(kind).warm();
      })();
      return warming;
    },

    /** Resolves once the kind's builds in flight are in place (what a search answers from then reflects every write announced before) */
    settled(kind: EntityKind): Promise<void> {
      return keptOf(kind).settled();
    },

    /** Each kind's newest index on this instance (none before its first build) */
    stats(): IndexStats[] {
      return ENTITY_KINDS.flatMap((kind) => {
        const built = keptOf(kind).built;
        if (!built) return [];
        const { index, builtAt, buildMs, patches } = built;
        return [{ kind, items: index.size, words: index.wordCount, builtAt: new Date(builtAt), buildSeconds: buildMs / 1000, patches }];
      });
    },

    /**
     * The catalogue changed (one kind, or every kind when none is named) and the writer does not know
     * which items: a build starts; searches answer from the index before it until it is in place (kept.ts).
     */
    invalidate(kind?: EntityKind) {
      forgetAskedFilters();
      for (const k of kind ? [kind] : ENTITY_KINDS) keptOf(k).changed();
    },

    /**
     * These items changed (and no others): the next search of each kind named patches them into its
     * index first. Past PATCH_IDS_LIMIT of a kind, that kind is rebuilt instead.
     */
    patch(changed: ChangedIds) {
      forgetAskedFilters();
      for (const kind of ENTITY_KINDS) {
        const ids = changed[kind];
        if (!ids || ids.length === 0) continue;
        keptOf(kind).changed(ids.length > PATCH_IDS_LIMIT ? undefined : ids);
      }
    },
  };
}
