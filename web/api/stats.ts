import { queryOptions } from '@tanstack/react-query';
import type { Period } from '../../common/enums';
import type { TagsTimeline, TopLiked, TopRadio, TopRequested, TopRequesters, UploadsTimeline } from '../../common/stats';
import { type LikedKind, STATS_PATHS, type StatsUnit } from '../../common/stats-paths';
import { apiGet } from './client';

/**
 * The /stats page's reads (issue 25): GET /api/stats/timeline and GET /api/stats/top. The answers
 * change at most once a minute on the server, so they are kept as long here. Types only from
 * common/stats.ts: the page's chunk does not load zod.
 */

const FAILURE = { failureText: 'Unable to retrieve stats' };
const STALE_MS = 60_000;

export const uploadsTimelineQuery = (unit: StatsUnit) =>
  queryOptions({
    queryKey: ['stats', 'timeline', 'uploads', unit],
    queryFn: ({ signal }) => apiGet<UploadsTimeline>(STATS_PATHS.timeline, { unit, what: 'uploads' }, signal),
    meta: FAILURE,
    staleTime: STALE_MS,
  });

export const tagsTimelineQuery = (unit: StatsUnit) =>
  queryOptions({
    queryKey: ['stats', 'timeline', 'tags', unit],
    queryFn: ({ signal }) => apiGet<TagsTimeline>(STATS_PATHS.timeline, { unit, what: 'tags' }, signal),
    meta: FAILURE,
    staleTime: STALE_MS,
  });

export const topLikedQuery = (kind: LikedKind, period?: Period) =>
  queryOptions({
    queryKey: ['stats', 'top', 'liked', kind, period],
    queryFn: ({ signal }) => apiGet<TopLiked>(STATS_PATHS.top, { what: 'liked', kind, period }, signal),
    meta: FAILURE,
    staleTime: STALE_MS,
  });

export const topRequestedQuery = (period?: Period) =>
  queryOptions({
    queryKey: ['stats', 'top', 'requested', period],
    queryFn: ({ signal }) => apiGet<TopRequested>(STATS_PATHS.top, { what: 'requested', period }, signal),
    meta: FAILURE,
    staleTime: STALE_MS,
  });

export const topRequestersQuery = (period?: Period) =>
  queryOptions({
    queryKey: ['stats', 'top', 'requesters', period],
    queryFn: ({ signal }) => apiGet<TopRequesters>(STATS_PATHS.top, { what: 'requesters', period }, signal),
    meta: FAILURE,
    staleTime: STALE_MS,
  });

export const topRadioQuery = (period?: Period) =>
  queryOptions({
    queryKey: ['stats', 'top', 'radio', period],
    queryFn: ({ signal }) => apiGet<TopRadio>(STATS_PATHS.top, { what: 'radio', period }, signal),
    meta: FAILURE,
    staleTime: STALE_MS,
  });
