import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { RADIO_PATHS } from '../../common/constants';
import {
  type RadioClientMessage,
  type RadioCrowd,
  type RadioListeners,
  type RadioPlayed,
  type RadioTrack,
  radioListenersSchema,
  radioMessageSchema,
  type Station,
} from '../../common/radio';
import { notifySuccess } from '../toasts/notify';
import { apiGet, apiPost } from './client';
import { fromPage } from './page-answers';
import { type SocketStatus, useLiveConnection, useQuerySocket } from './socket';

/**
 * The radio's calls (spec 7 "Radio", issue 13): its socket, SKIP TRACK, the history and the listener
 * count (the current track the page's HTML carries: components/radio/page-track.ts).
 */

/**
 * How often the listener count is asked again, besides the pushes of its socket: a fallback (the
 * socket reconnecting, an instance that died, whose listeners leave the sum without anyone saying so).
 */
const LISTENERS_POLL_MS = 30_000;

/**
 * WebSocket /api/ws/radio?station=&crowd=1: the station's current track on connect and each new one
 * (spec 7's reconnect rule, api/socket.ts), and the current track's crowd (reactions and votes to
 * skip, issue 25). `send` takes the listener's reactions and votes.
 */
export function useRadioSocket(station: Station, onTrack: (track: RadioTrack) => void, onCrowd: (crowd: RadioCrowd) => void) {
  return useLiveConnection({
    path: `${RADIO_PATHS.socket}?station=${station}&crowd=1`,
    schema: radioMessageSchema,
    onData: (message) => ('type' in message && message.type === 'crowd' ? onCrowd(message) : onTrack(message as RadioTrack)),
  }) as { status: SocketStatus; send: (message: RadioClientMessage) => boolean };
}

/** GET /api/radio/history?station=: the tracks played before the current one, newest first. */
export const radioHistory = (station: Station, signal?: AbortSignal) => apiGet<RadioPlayed[]>(RADIO_PATHS.history, { station }, signal);

/** GET /api/radio/listeners, polled: how many listen to each station now, across instances. */
export const radioListenersQuery = queryOptions({
  queryKey: ['radio', 'listeners'],
  queryFn: ({ signal }) => apiGet<RadioListeners>(RADIO_PATHS.listeners, undefined, signal),
  refetchInterval: LISTENERS_POLL_MS,
  // /radio's HTML carries the sums (server/site/page-answers.ts); asked again at once all the same.
  ...fromPage<RadioListeners>(RADIO_PATHS.listeners),
});

/**
 * How many listen to each station now: WebSocket /api/ws/radio/listeners pushes the sums on connect
 * and within moments of anyone joining or leaving on any instance (issue 24), into the query that
 * also polls GET /api/radio/listeners.
 */
export function useRadioListeners() {
  useQuerySocket(RADIO_PATHS.listenersSocket, radioListenersSchema, radioListenersQuery.queryKey);
  return useQuery(radioListenersQuery);
}

/**
 * SKIP TRACK (admins): the station's next track starts now, confirmed with a toast (the new track
 * also arrives over the socket). It names the play the admin sees (`startedAt`), so a double click,
 * a second admin or a click just after the track changed never skips the track that followed.
 */
export function useSkipTrack(station: Station) {
  return useMutation({
    mutationFn: (startedAt: string | undefined) =>
      apiPost<unknown>(RADIO_PATHS.skip, undefined, startedAt === undefined ? { station } : { station, startedAt }),
    onSuccess: () => notifySuccess('Track skipped'),
    meta: { failureText: 'Unable to skip track' },
  });
}
