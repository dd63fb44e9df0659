import type { Clip, Media, Page, Playlist, Stream, Tag } from '../../common/api';
import { DAILY_SONG_NO_REPEAT_DAYS } from '../../common/constants';
import { sourceValues } from '../../common/enums';
import { streamUrlAt } from '../../common/format';
import type { Filter } from '../../common/query';
import { SUGGEST_LIMIT, type Suggestions } from '../../common/search';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { KINDS, type Kinds } from '../db/kinds';
import { type PageRequest, pageWindow, presentPage, type RowPage, readPage } from '../db/paging';
import { notFound } from '../http/errors';
import { type ChangedIds, createSearch } from '../search/service';
import { CountCache } from './count-cache';
import { indexedListIds } from './indexed-lists';
import { ANONYMOUS, presentClip, presentMedia, presentPlaylist, presentStream, type Viewer } from './present';
import { PresentedCache } from './presented-cache';
import {
  dailySongId,
  findRow,
  type IdsByKind,
  type ListContext,
  listIds,
  pickDailySong,
  type Row,
  type RowsByKind,
  randomRow,
  recommendedRows,
  rowsByIds,
  rowsOfKinds,
  storeDailySong,
} from './queries';
import { TagCache } from './tag-cache';

const PRESENTERS = {
  media: presentMedia,
  streams: presentStream,
  playlists: presentPlaylist,
  clips: presentClip,
} as const;

type Shape = { media: Media; streams: Stream; playlists: Playlist; clips: Clip };
type Item = Shape[keyof Kinds];
type ItemsByKind = { [K in keyof Kinds]: Shape[K][] };

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/**
 * Who is looking: a fixed Viewer, or a lookup of what the viewer liked among the items about to be
 * shown (likes/service.ts: one query per answer).
 */
export type ViewerSource = Viewer | ((kind: keyof Kinds, ids: number[]) => Promise<Viewer>);

const resolveViewer = (kind: keyof Kinds, rows: { id: number }[], viewer: ViewerSource): Promise<Viewer> | Viewer =>
  typeof viewer === 'function'
    ? rows.length > 0
      ? viewer(
          kind,
          rows.map((r) => r.id),
        )
      : ANONYMOUS
    : viewer;

/** Where `changed()` tells the other instances (the event bus, which names ids up to its limit); absent, only this instance forgets. */
export type ChangeAnnouncer = (db: Db, ids?: ChangedIds) => Promise<void>;

export interface CatalogueDeps {
  /** The time periods count back from, the day of the Song of the Day, and the caches' expiry */
  now: () => Date;
  announce?: ChangeAnnouncer;
  /** Lists without a text query from the search index when it is current (indexed-lists.ts); else always the database */
  listsFromIndex?: boolean;
}

export function createCatalogueService(db: Db, config: Config, { now, announce, listsFromIndex = true }: CatalogueDeps) {
  const counts = new CountCache(now);
  const tags = new TagCache(db, now);
  const knownSources = new Set(sourceValues(config.site.streamerKey));
  const search = createSearch(db);
  const listContext = (): ListContext => ({ db, counts, knownSources, now: now() });
  const changeListeners: (() => void)[] = [];
  const presented = new PresentedCache<Item>();
  /** Lists without a text query answered so far, by where from (tests and the bench) */
  const listed = { index: 0, database: 0 };

  async function presentRows<K extends keyof Kinds>(kind: K, rows: Row<K>[], viewerSource: ViewerSource): Promise<Shape[K][]> {
    const [tagsOf, viewer] = await Promise.all([tags.resolver(rows.map((r) => r.tagIds)), resolveViewer(kind, rows, viewerSource)]);
    const present = PRESENTERS[kind] as (row: Row<K>, t: typeof tagsOf, v: Viewer) => Shape[K];
    return rows.map((row) => present(row, tagsOf, viewer));
  }

  async function presentRowPage<K extends keyof Kinds>(kind: K, page: RowPage<Row<K>>, viewer: ViewerSource): Promise<Page<Shape[K]>> {
    const items = await presentRows(kind, page.rows, viewer);
    let i = 0;
    return presentPage(page, () => items[i++]!);
  }

  /** A viewer's liked flags on items presented for everyone (shared cached objects are copied, never changed). */
  async function withLikes<K extends keyof Kinds>(kind: K, items: Shape[K][], viewerSource: ViewerSource): Promise<Shape[K][]> {
    const viewer = await resolveViewer(kind, items, viewerSource);
    if (viewer.liked.size === 0) return items;
    return items.map((item) => (viewer.liked.has(item.id) ? { ...item, liked: true } : item));
  }

  /** Items of these ids in this order, from the presented cache; the misses of all kinds read in one query. */
  async function presentedByIds(ids: { [K in keyof Kinds]?: readonly number[] }): Promise<ItemsByKind> {
    const kinds = Object.keys(ids) as (keyof Kinds)[];
    const generation = presented.snapshot();
    const lookups = kinds.map((kind) => presented.lookup(kind, ids[kind] ?? []));
    const misses = kinds.filter((_, i) => lookups[i]!.missing.length > 0);
    if (misses.length > 0) {
      // One kind is read by its prepared statement; several in one union (the suggestions).
      const rows =
        misses.length === 1
          ? { [misses[0]!]: await rowsByIds(misses[0]!, db, lookups[kinds.indexOf(misses[0]!)]!.missing) }
          : await rowsOfKinds(db, Object.fromEntries(kinds.map((kind, i) => [kind, lookups[i]!.missing])) as unknown as IdsByKind);
      await Promise.all(
        misses.map(async (kind) => {
          const items = (await presentRows(kind, (rows as RowsByKind)[kind] ?? [], ANONYMOUS)) as Item[];
          presented.store(kind, items, generation);
          const found = lookups[kinds.indexOf(kind)]!.found;
          for (const item of items) found.set(item.id, item);
        }),
      );
    }
    const out = { media: [], streams: [], playlists: [], clips: [] } as ItemsByKind;
    kinds.forEach((kind, i) => {
      const found = lookups[i]!.found;
      (out as Record<keyof Kinds, Item[]>)[kind] = (ids[kind] ?? []).map((id) => found.get(id)).filter((item) => item !== undefined);
    });
    return out;
  }

  /** A page of ids (a search's or a list's) presented: the items come from presentedByIds, the liked flags on top. */
  async function presentIdPage<K extends keyof Kinds>(kind: K, page: RowPage<number>, viewer: ViewerSource): Promise<Page<Shape[K]>> {
    const items = await withLikes(kind, ((await presentedByIds({ [kind]: page.rows })) as ItemsByKind)[kind] as Shape[K][], viewer);
    // An id the index or the list query still had but the table no longer has (deleted since) is skipped.
    return { ...presentPage(page, () => undefined), content: items };
  }

  /** A page of a text search: the index ranks and counts. */
  async function searchPage<K extends keyof Kinds>(
    kind: K,
    filter: Filter,
    paging: PageRequest,
    viewer: ViewerSource,
  ): Promise<Page<Shape[K]>> {
    const ranked = await search.rank(kind, filter, pageWindow(paging), { knownSources, now: now() });
    const page = await readPage(
      paging,
      async () => ranked.ids,
      async () => ranked.total,
    );
    return presentIdPage(kind, page, viewer);
  }

  return {
    tags,
    counts,
    /** The search indexes (server/search): lists with a text query are ranked by them */
    search,

    /** Presented items cached by kind and id (search pages, suggestions): for tests and the bench */
    presented,
    listed,

    /** Rows read elsewhere (a user's liked list) presented like every list. */
    presentPage: presentRowPage,
    /** Rows read elsewhere (on this day) presented like every read: tag names, the viewer's liked flags. */
    presentRows,

    async list<K extends keyof Kinds>(kind: K, filter: Filter, paging: PageRequest, viewer: ViewerSource = ANONYMOUS) {
      if (search.hasWords(filter.q)) return searchPage(kind, filter, paging, viewer);
      const context = listContext();
      const indexed = listsFromIndex ? await indexedListIds(search, kind, filter, paging, context) : undefined;
      listed[indexed ? 'index' : 'database']++;
      return presentIdPage(kind, indexed ?? (await listIds(kind, filter, paging, context)), viewer);
    },

    async byId<K extends keyof Kinds>(kind: K, id: number, viewer: ViewerSource = ANONYMOUS): Promise<Shape[K]> {
      const row = await findRow(kind, db, id);
      if (!row) throw notFound(`Unknown ${KINDS[kind].noun} ${id}`);
      const [item] = await presentRows(kind, [row], viewer);
      return item!;
    },

    async random<K extends 'media' | 'streams' | 'playlists'>(
      kind: K,
      provider: string | undefined,
      viewer: ViewerSource = ANONYMOUS,
    ): Promise<Shape[K]> {
      // A provider this kind never has is dropped, as list filters drop it.
      const known = provider !== undefined && (KINDS[kind].providers as readonly string[]).includes(provider);
      const row = await randomRow(kind, db, known ? provider : undefined);
      if (!row) throw notFound(`No ${KINDS[kind].noun} to pick from`);
      const [item] = await presentRows(kind, [row as Row<K>], viewer);
      return item!;
    },

    /**
     * The navbar's suggestions: the best few of each kind, ranked by the search index like search
     * lists. The list shows no like state, so they are presented as to everyone: at most one query
     * per keystroke (the items not in the presented cache), logged in or not.
     */
    async suggest(q: string): Promise<Suggestions> {
      if (!search.hasWords(q)) return { media: [], streams: [], playlists: [], clips: [] };
      const ids = await search.best(q, SUGGEST_LIMIT, { knownSources, now: now() });
      return presentedByIds(ids);
    },

    async allTags(): Promise<Tag[]> {
      return (await tags.all()).sort((a, b) => a.name.localeCompare(b.name));
    },

    /** Songs sharing tags or the stream with a song, most shared first; never the song itself. */
    async recommended(id: number, paging: PageRequest, viewer: ViewerSource = ANONYMOUS): Promise<Page<Media>> {
      const song = await findRow('media', db, id);
      if (!song) throw notFound(`Unknown song ${id}`);
      const page = await recommendedRows(song, paging, { db, counts });
      return presentRowPage('media', page, viewer);
    },

    /**
     * Song of the Day: one row per UTC day, chosen once (the first request of the day) and shared by
     * every visitor and instance; a song picked in the last 30 days is not picked again.
     */
    async daily(viewer: ViewerSource = ANONYMOUS, at = now()): Promise<Media> {
      const day = at.toISOString().slice(0, 10);
      const existing = await dailySongId(db, day);
      if (existing !== undefined) return this.byId('media', existing, viewer);
      const noRepeatSince = new Date(at.getTime() - DAILY_SONG_NO_REPEAT_DAYS * 86_400_000).toISOString().slice(0, 10);
      const chosen = (await pickDailySong(db, day, noRepeatSince)) ?? (await pickDailySong(db, day));
      if (chosen === undefined) throw notFound('There is no song of the day yet');
      await storeDailySong(db, day, chosen);
      // Another instance may have won the race: whatever is stored is the answer.
      return this.byId('media', (await dailySongId(db, day)) ?? chosen, viewer);
    },

    /** The provider link that opens a song's or a clip's stream at its timestamp. */
    async launchStreamUrl(kind: 'media' | 'clips', id: number): Promise<string> {
      const noun = kind === 'media' ? 'song' : 'clip';
      const item = await findRow(kind, db, id);
      if (!item) throw notFound(`Unknown ${noun} ${id}`);
      if (item.streamId === null || item.streamTimestamp === null) throw notFound(`This ${noun} has no stream timestamp`);
      const stream = await findRow('streams', db, item.streamId);
      if (!stream) throw notFound(`The stream of this ${noun} is gone`);
      return streamUrlAt(stream, item.streamTimestamp);
    },

    /**
     * Edits, approvals and syncs change what lists show: drop this instance's cached totals, tags
     * and answers at once, and tell the other instances through the event bus. A writer that knows
     * every item it changed names them (`ids`, per kind): the search indexes then patch those in
     * instead of being rebuilt, here whatever their number (search/service.ts bounds it), elsewhere
     * as far as the bus carries them (events/types.ts). Without ids anything may have changed.
     */
    changed(ids?: ChangedIds) {
      this.forgetCached(ids);
      announce?.(db, ids).catch(() => {
        // The bus logs nothing here: other instances then catch up within their caches' lifetimes.
      });
    },

    /**
     * Drops cached totals and tags, marks the search indexes stale and tells the listeners; a change
     * heard from another instance lands here.
     */
    forgetCached(ids?: ChangedIds) {
      counts.clear();
      tags.invalidate();
      presented.clear();
      if (ids) search.patch(ids);
      else search.invalidate();
      for (const listener of changeListeners) listener();
    },

    /** Called on every `changed()`: caches of presented answers (the read cache) subscribe here. */
    onChanged(listener: () => void) {
      changeListeners.push(listener);
    },
  };
}
