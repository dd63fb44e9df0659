import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { OVERLAY_PATHS, type OverlayLink, type OverlayQueue, overlayQueueSchema } from '../../common/overlays';
import { QUEUE_PATHS, type Queue, queueSchema } from '../../common/queue';
import { notifySuccess } from '../toasts/notify';
import { apiGet, apiPost } from './client';
import { useQuerySocket } from './socket';

/** The flip request queue (spec 7 "Requests") and its stream overlay: reads, NEXT / Set playing, the live sockets. */

const QUEUE_KEY = ['requests', 'flip', 'queue'] as const;

export const queueQuery = queryOptions({
  queryKey: QUEUE_KEY,
  queryFn: ({ signal }) => apiGet<Queue>(QUEUE_PATHS.queue, undefined, signal),
  meta: { failureText: 'Unable to load request queue' },
});

/** The queue socket: each message is the whole queue, so it simply replaces the cached one. */
export const useQueueSocket = () => useQuerySocket(QUEUE_PATHS.socket, queueSchema, QUEUE_KEY);

/**
 * NEXT REQUEST (no id) and Set playing (an id), admins only, each confirmed with a toast. Spec 4:
 * the queue reloads afterwards, whatever the answer said (a socket message may have raced it).
 */
export function usePlayNext() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: number) => apiPost<Queue>(QUEUE_PATHS.next, undefined, { id }),
    onSuccess: (queue, id) => {
      queryClient.setQueryData(QUEUE_KEY, queue);
      notifySuccess(id === undefined ? 'Playing next request' : 'Request set playing');
    },
    meta: { failureText: 'Unable to play next request' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}

const overlayKey = (key: string) => ['overlays', 'queue', key] as const;

/** The overlay's data with its key; a wrong key is a 403, shown by the page as a short error (no toast: OBS shows the page). */
export const overlayQueueQuery = (key: string) =>
  queryOptions({
    queryKey: overlayKey(key),
    queryFn: ({ signal }) => apiGet<OverlayQueue>(OVERLAY_PATHS.queue, { key }, signal),
  });

/** The overlay socket (same key): connected only once the key has been accepted. */
export const useOverlaySocket = (key: string, enabled: boolean) =>
  useQuerySocket(`${OVERLAY_PATHS.queueSocket}?key=${encodeURIComponent(key)}`, overlayQueueSchema, overlayKey(key), enabled);

/** GET /api/overlays (admins): the overlay pages to paste into OBS. */
export const overlayLinksQuery = queryOptions({
  queryKey: ['overlays', 'links'],
  queryFn: ({ signal }) => apiGet<OverlayLink[]>(OVERLAY_PATHS.list, undefined, signal),
});

/** A queued video's thumbnail on the video provider's image host (public config videoImageBase). */
export const queueThumbnailUrl = (videoImageBase: string, item: { mediaId: string }) =>
  `${videoImageBase}/vi/${encodeURIComponent(item.mediaId)}/mqdefault.jpg`;
