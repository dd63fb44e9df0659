import { eq, ilike, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PERIOD_DAYS } from '../../common/enums';
import type { Filter } from '../../common/query';
import type { KindSpec } from './kinds';
import { containsPattern } from './like';
import { clips, media, playlistItems, playlists, streams } from './schema';

/**
 * The one builder of list filters: catalogue lists, a user's liked lists and the search index (which
 * asks the database once which items pass a filter, server/search/service.ts) all filter with it.
 * The text query is not a filter here: the search index matches it (server/search).
 */

export interface FilterContext {
  /** The source values this site knows; any other requested source is dropped. */
  knownSources: ReadonlySet<string>;
  /** The instant periods count back from. */
  now: Date;
}

/** Where a period starts counting back from `now`; undefined for all time or no period. */
export function periodStart(period: Filter['period'], now: Date): Date | undefined {
  const days = period ? PERIOD_DAYS[period] : null;
  return days === null ? undefined : new Date(now.getTime() - days * 86_400_000);
}

/**
 * How a filter's value enters its SQL: by default as a parameter of this query; a prepared list
 * (catalogue/queries.ts) binds it to a named placeholder instead, so one statement serves every
 * request of the same shape. Every value goes through it, under its own name: the names bound are
 * what tells two shapes apart.
 */
export type Bind = (name: string, value: unknown) => SQL | Placeholder;
export const bindParam: Bind = (_name, value) => sql`${sql.param(value)}`;

/**
 * WHERE clauses of the list filters (common/query.ts) on a kind's table, all but the text query.
 * Unknown providers and sources were dropped at the edge or are dropped here.
 */
export function filterConditions(spec: KindSpec, filter: Filter, ctx: FilterContext, bind: Bind = bindParam): SQL[] {
  const t = spec.table;
  const where: SQL[] = [eq(t.unavailable, false)];
  const providers = filter.providers.filter((p) => spec.providers.includes(p));
  if (providers.length > 0) where.push(sql`${t.provider} = ANY(${bind('providers', providers)}::text[])`);
  const sources = filter.sources.filter((s) => ctx.knownSources.has(s));
  if (sources.length > 0) where.push(sql`${t.source} = ANY(${bind('sources', sources)}::text[])`);
  if (filter.tags.length > 0) where.push(sql`${t.tagIds} && ${bind('tags', filter.tags)}::integer[]`);
  const since = periodStart(filter.period, ctx.now);
  if (since) where.push(sql`${spec.date} >= ${bind('since', since.toISOString())}`);
  if (spec.kind === 'clips' && filter.clippedBy) {
    where.push(ilike(clips.creatorName, bind('clippedBy', containsPattern(filter.clippedBy))));
  }
  if (spec.kind === 'playlists' && filter.type) where.push(eq(playlists.type, bind('type', filter.type)));
  if (filter.streamId !== undefined && 'streamId' in t) where.push(eq(t.streamId, bind('streamId', filter.streamId)));
  if (filter.playlistId !== undefined) {
    const playlistId = bind('playlistId', filter.playlistId);
    if (spec.kind === 'media') {
      where.push(
        sql`${media.id} IN (SELECT ${playlistItems.mediaId} FROM ${playlistItems} WHERE ${playlistItems.playlistId} = ${playlistId})`,
      );
    } else if (spec.kind === 'streams') {
      where.push(sql`${streams.id} = (SELECT ${playlists.streamId} FROM ${playlists} WHERE ${playlists.id} = ${playlistId})`);
    }
  }
  if (filter.mediaId !== undefined && spec.kind === 'playlists') {
    where.push(
      sql`${playlists.id} IN (SELECT ${playlistItems.playlistId} FROM ${playlistItems} WHERE ${playlistItems.mediaId} = ${bind('mediaId', filter.mediaId)})`,
    );
  }
  return where;
}
