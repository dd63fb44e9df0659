import { ENTITY_KINDS, type EntityKind } from '../../common/enums';
import type { Filter } from '../../common/query';
import { filterConditions, periodStart } from '../catalogue/filters';
import { KINDS } from '../catalogue/kinds';
import type { Db } from '../db/client';
import { idsWhere, indexedItems, tagNames } from './queries';
import { queryWords } from './text';
import { LYRICS, NAME, type Ranked, TAG, WordIndex } from './word-index';

/**
 * The search index of each kind, per instance: built from the database on first use, and again on
 * the first search after a catalogue write (`invalidate`, called from catalogue.changed on this
 * instance and, through the event bus, on every other one). Searches arriving while it is built
 * wait for that one build, so a search after a write always sees the write.
 *
 * Filters keep one meaning: which items pass a list's filters is asked of the database with the
 * catalogue's own `filterConditions`, once per filter until the next write (a set of positions),
 * not re-implemented here. Only the period, whose bound moves with the clock, is compared in memory,
 * against the same date column and the same `periodStart`.
 */

export type SearchService = ReturnType<typeof createSearch>;

interface Built {
  index: WordIndex;
  /** Filter (without text, period and sort) → the positions it lets through */
  allowed: Map<string, Promise<Uint8Array>>;
}

/** Distinct filters remembered per index; past it they are forgotten and asked again. */
const ALLOWED_LIMIT = 256;

export interface SearchContext {
  knownSources: ReadonlySet<string>;
  now: Date;
}

export interface SearchWindow {
  offset: number;
  limit: number;
}

export function createSearch(db: Db, log: (message: string) => void = () => {}) {
  let generation = 0;
  const built = new Map<EntityKind, { generation: number; ready: Promise<Built> }>();

  async function build(kind: EntityKind): Promise<Built> {
    const started = performance.now();
    const [items, names] = await Promise.all([indexedItems(db, KINDS[kind]), tagNames(db)]);
    const index = new WordIndex(items, names);
    log(`search index of ${kind}: ${index.size} items, ${index.wordCount} words in ${Math.round(performance.now() - started)} ms`);
    return { index, allowed: new Map() };
  }

  /** The kind's index as of the last write: one build shared by every search that waits for it. */
  function indexOf(kind: EntityKind): Promise<Built> {
    const current = built.get(kind);
    if (current && current.generation === generation) return current.ready;
    const ready = build(kind);
    const entry = { generation, ready };
    built.set(kind, entry);
    ready.catch(() => {
      // A failed build is not kept: the next search tries again.
      if (built.get(kind) === entry) built.delete(kind);
    });
    return ready;
  }

  function allowedBy(kind: EntityKind, { index, allowed }: Built, filter: Filter, ctx: SearchContext): Promise<Uint8Array> {
    const spec = KINDS[kind];
    const rest: Filter = { ...filter, q: undefined, period: undefined, sort: undefined, lyrics: false };
    const key = JSON.stringify(rest);
    let set = allowed.get(key);
    if (!set) {
      set = idsWhere(db, spec, filterConditions(spec, rest, ctx)).then((ids) => {
        const positions = new Uint8Array(index.size);
        for (const id of ids) {
          const position = index.positionOf(id);
          if (position !== undefined) positions[position] = 1;
        }
        return positions;
      });
      if (allowed.size >= ALLOWED_LIMIT) allowed.clear();
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
      return current.index.rank({
        words: queryWords(filter.q ?? ''),
        fields: fieldsOf(kind, filter.lyrics),
        allowed,
        since: periodStart(filter.period, ctx.now)?.getTime(),
        sort: filter.sort ?? 'relevance',
        seed: ctx.now.toISOString().slice(0, 10),
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

    /** The catalogue changed: the next search of each kind rebuilds its index first. */
    invalidate() {
      generation++;
    },
  };
}
