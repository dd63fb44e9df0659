import { LRUCache } from 'lru-cache';
import { ENTITY_KINDS, type EntityKind } from '../../common/enums';
import type { Filter } from '../../common/query';
import type { Db } from '../db/client';
import { filterConditions, periodStart } from '../db/filters';
import { KINDS } from '../db/kinds';
import { LYRICS, NAME, TAG } from './postings';
import { catalogueStamp, idsWhere, indexedItems, tagNames } from './queries';
import { queryWords } from './text';
import { type Ranked, WordIndex } from './word-index';

/**
 * The search index of each kind, per instance: built in the background once the server listens
 * (`warm`), or by the first search if that comes first. A write announced with the ids it changed
 * (`patch`, as catalogue.changed carries them on this instance and, through the event bus, on every
 * other one) is patched in at the next search of that kind: those rows read again and a few passes over the index, not a build. A
 * write announced without ids (`invalidate(kind)`; no kind: all four) needs a build. At most one
 * build or patch per kind runs at a time; searches arriving meanwhile wait for it, or for the one
 * queued after it when a write was announced since it started, so a search after a write always
 * sees the write. A cheap check every few seconds catches writes nobody announced.
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
 * One kind's index: the writes announced for it so far (`generation`), the newest index, and the
 * build or patch in flight (at most one; a write announced during it makes exactly one more after
 * it, shared by every search that arrives meanwhile). A write that names its ids is patched into
 * the index (patch.ts); one that does not, or a change the check found, needs a build.
 */
interface Slot {
  generation: number;
  /** The generation of the last change that named no ids: the index must be built past it */
  fullAt: number;
  /** Ids announced since the newest index, with the generation each came with */
  patches: { generation: number; ids: readonly number[] }[];
  done?: { generation: number; built: Built };
  updating?: { generation: number; ready: Promise<Built> };
  /** When the cheap check (count, newest update) last ran, by the injected clock */
  checkedAt: number;
  checking?: Promise<void>;
}

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
  }: { log?: (message: string) => void; checkEveryMs?: number; clock?: () => number } = {},
) {
  const slots = new Map<EntityKind, Slot>(ENTITY_KINDS.map((kind) => [kind, { generation: 0, fullAt: 0, patches: [], checkedAt: 0 }]));
  const slotOf = (kind: EntityKind) => slots.get(kind)!;
  let warming: Promise<void> | undefined;

  async function build(kind: EntityKind): Promise<Built> {
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

  /**
   * Starts the kind's one update, to the generation announced now: a patch of the newest index with
   * the ids announced since, or a build when a change named none (or there is no index yet).
   */
  function start(kind: EntityKind, slot: Slot): void {
    const generation = slot.generation;
    const base = slot.done;
    const ids = base ? [...new Set(slot.patches.filter((p) => p.generation > base.generation).flatMap((p) => p.ids))] : [];
    const update = base && slot.fullAt <= base.generation ? patch(kind, base.built, ids) : build(kind);
    const ready: Promise<Built> = update.then(
      (built) => {
        if (slot.updating?.ready === ready) slot.updating = undefined;
        if (!slot.done || slot.done.generation < generation) slot.done = { generation, built };
        slot.patches = slot.patches.filter((p) => p.generation > generation);
        slot.checkedAt = clock();
        return built;
      },
      (error) => {
        // A failed update is not kept: the next search tries again.
        if (slot.updating?.ready === ready) slot.updating = undefined;
        throw error;
      },
    );
    slot.updating = { generation, ready };
  }

  /**
   * The kind's index as of the last write announced for it: the newest if current, else the update
   * in flight if it started after that write, else one more update after it (never two at once).
   */
  async function indexOf(kind: EntityKind): Promise<Built> {
    const slot = slotOf(kind);
    if (slot.done && slot.done.generation === slot.generation) await check(kind, slot, slot.done.built);
    const wanted = slot.generation;
    for (;;) {
      const { done, updating } = slot;
      if (done && done.generation >= wanted) return done.built;
      if (!updating) start(kind, slot);
      else if (updating.generation >= wanted) return updating.ready;
      else await updating.ready.catch(() => undefined);
    }
  }

  /**
   * At most every `checkEveryMs`: has the kind's table moved since its index was read (a write that
   * did not call catalogue.changed)? If so, the generation moves and this search waits for a rebuild.
   */
  function check(kind: EntityKind, slot: Slot, built: Built): Promise<void> {
    if (slot.checking) return slot.checking;
    if (clock() - slot.checkedAt < checkEveryMs) return Promise.resolve();
    slot.checkedAt = clock();
    slot.checking = catalogueStamp(db, KINDS[kind])
      .then(
        (stamp) => {
          if (stamp !== built.stamp && slot.done?.built === built) slot.fullAt = ++slot.generation;
        },
        () => {
          // The next check asks again; meanwhile the index answers as it is.
        },
      )
      .finally(() => {
        slot.checking = undefined;
      });
    return slot.checking;
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

    /** The window of a list with a text query, best first (relevance, then `filter.sort`), and the total. */
    async rank(kind: EntityKind, filter: Filter, window: SearchWindow, ctx: SearchContext): Promise<Ranked> {
      const current = await indexOf(kind);
      const allowed = await allowedBy(kind, current, filter, ctx);
      const sort = filter.sort ?? 'relevance';
      const seed = ctx.now.toISOString().slice(0, 10);
      // The sort's order computed a slice at a time if the build did not (a new day's random order).
      await current.index.prepare(sort, seed);
      return current.index.rank({
        words: queryWords(filter.q ?? ''),
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
      const { index } = await indexOf(kind);
      return index.matchingIds(queryWords(q), fieldsOf(kind, lyrics));
    },

    /**
     * The kind's index if it holds every write announced so far, without waiting (lists without a
     * text query answer from it, else from the database: catalogue/indexed-lists.ts). An index
     * behind starts its update now, for a later list; a first build is left to `warm` or a search.
     * Its `allowed` is a filter's set, as `rank` uses.
     */
    current(kind: EntityKind): CurrentIndex | undefined {
      const slot = slotOf(kind);
      const done = slot.done;
      if (!done) return undefined;
      if (done.generation !== slot.generation) {
        indexOf(kind).catch(() => undefined);
        return undefined;
      }
      void check(kind, slot, done.built);
      return { index: done.built.index, allowed: (filter, ctx) => allowedBy(kind, done.built, filter, ctx) };
    },

    /**
     * Builds every kind's index now, one kind after another, off any request: called once the server
     * listens, so that searches find an index ready instead of waiting for the first build. A
     * failure is left for the first search to retry.
     */
    warm(): Promise<void> {
      warming ??= (async () => {
        for (const kind of ENTITY_KINDS) await indexOf(kind).catch(() => undefined);
      })();
      return warming;
    },

    /** The start-up build of every kind (`warm`), once begun */
    get warming(): Promise<void> | undefined {
      return warming;
    },

    /** Each kind's newest index on this instance (none before its first search) */
    stats(): IndexStats[] {
      return ENTITY_KINDS.flatMap((kind) => {
        const built = slotOf(kind).done?.built;
        if (!built) return [];
        const { index, builtAt, buildMs, patches } = built;
        return [{ kind, items: index.size, words: index.wordCount, builtAt: new Date(builtAt), buildSeconds: buildMs / 1000, patches }];
      });
    },

    /** The catalogue changed (one kind, or every kind when none is named): its next search rebuilds its index first. */
    invalidate(kind?: EntityKind) {
      for (const k of kind ? [kind] : ENTITY_KINDS) {
        const slot = slotOf(k);
        slot.fullAt = ++slot.generation;
      }
    },

    /** These items changed (and no others): the next search of each kind named patches them into its index first. */
    patch(changed: ChangedIds) {
      for (const kind of ENTITY_KINDS) {
        const ids = changed[kind];
        if (!ids || ids.length === 0) continue;
        const slot = slotOf(kind);
        slot.patches.push({ generation: ++slot.generation, ids });
      }
    },
  };
}
