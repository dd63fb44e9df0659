import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { PERIOD_DAYS } from '../../common/enums';
import type { Filter } from '../../common/query';
import type { KindSpec } from './kinds';
import { containsText } from './like';
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
 * WHERE clauses of the list filters (common/query.ts) on a kind's table, all but the text query.
 * Unknown providers and sources were dropped at the edge or are dropped here.
 */
export function filterConditions(spec: KindSpec, filter: Filter, ctx: FilterContext): SQL[] {
  const t = spec.table;
  const where: SQL[] = [eq(t.unavailable, false)];
  const providers = filter.providers.filter((p) => spec.providers.includes(p));
  if (providers.length > 0) where.push(inArray(t.provider, providers));
  const sources = filter.sources.filter((s) => ctx.knownSources.has(s));
  if (sources.length > 0) where.push(inArray(t.source, sources));
  if (filter.tags.length > 0) where.push(sql`${t.tagIds} && ${sql.param(filter.tags)}::integer[]`);
  const since = periodStart(filter.period, ctx.now);
  if (since) where.push(sql`${spec.date} >= ${since.toISOString()}`);
  if (spec.kind === 'clips' && filter.clippedBy) {
    where.push(containsText(clips.creatorName, filter.clippedBy));
  }
  if (spec.kind === 'playlists' && filter.type) where.push(eq(playlists.type, filter.type));
  if (filter.streamId !== undefined && 'streamId' in t) where.push(eq(t.streamId, filter.streamId));
  if (filter.playlistId !== undefined) {
    if (spec.kind === 'media') {
      where.push(
        sql`${media.id} IN (SELECT ${playlistItems.mediaId} FROM ${playlistItems} WHERE ${playlistItems.playlistId} = ${filter.playlistId})`,
      );
    } else if (spec.kind === 'streams') {
      where.push(sql`${streams.id} = (SELECT ${playlists.streamId} FROM ${playlists} WHERE ${playlists.id} = ${filter.playlistId})`);
    }
  }
  if (filter.mediaId !== undefined && spec.kind === 'playlists') {
    where.push(
      sql`${playlists.id} IN (SELECT ${playlistItems.playlistId} FROM ${playlistItems} WHERE ${playlistItems.mediaId} = ${filter.mediaId})`,
    );
  }
  return where;
}
