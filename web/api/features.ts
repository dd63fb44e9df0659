import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FeatureState } from '../../common/flip';
import { REQUEST_FEATURES_SOCKET, type RequestFeaturesMessage, requestFeaturesMessageSchema } from '../../common/realtime';
import { REQUEST_LIMITS_PATH, type RequestLimits } from '../../common/request-limits';
import { notifySuccess } from '../toasts/notify';
import { apiGet, apiPost } from './client';
import { queryPusher, useLiveSocket } from './socket';

/**
 * The request switches (spec 4 "Request features"): whether flips and sample recordings are on, and
 * whether the request queue is full (QUEUE_MAX, issue 19), read once and then kept current by the
 * features socket, so an open page follows an admin's toggle and the queue without a reload; and the
 * admins' ENABLE / DISABLE REQUESTS.
 */

/** The request features with an on/off flag: flips and sample recordings. */
export type RequestFeature = 'flip' | 'recording';
const FEATURES: RequestFeature[] = ['flip', 'recording'];

/** A failed read of a switch: its toast and the page's inline error (never the not-enabled notice). */
export const FEATURE_READ_FAILURE = 'Unable to check whether requests are enabled';

/** What a request page must know before the fan starts: its feature's switch, and whether the queue is full. */
export interface FeatureStatus {
  enabled: boolean;
  queueFull: boolean;
}

/** One read of both (one failure, one toast, one retry), then the socket's pushes. */
export const featureStatusQuery = (feature: RequestFeature) =>
  queryOptions({
    queryKey: ['requests', feature, 'status'] as const,
    queryFn: async ({ signal }): Promise<FeatureStatus> => {
      const [state, limits] = await Promise.all([
        apiGet<FeatureState>(`/api/requests/${feature}/enabled`, undefined, signal),
        apiGet<RequestLimits>(REQUEST_LIMITS_PATH, undefined, signal),
      ]);
      return { enabled: state.enabled, queueFull: limits.queueFull };
    },
    meta: { failureText: FEATURE_READ_FAILURE },
  });

/**
 * WebSocket /api/ws/requests/features: each message holds every switch and whether the queue is
 * full, and goes into each feature's query, so every reader re-renders (and a failed read is healed
 * by the next message).
 */
export function useRequestFeaturesSocket() {
  const queryClient = useQueryClient();
  const [push] = useState(() => {
    const pushers = FEATURES.map(
      (feature) => [feature, queryPusher<FeatureStatus>(queryClient, featureStatusQuery(feature).queryKey)] as const,
    );
    return (message: RequestFeaturesMessage) => {
      for (const [feature, pushTo] of pushers) pushTo({ enabled: message[feature], queueFull: message.queueFull });
    };
  });
  return useLiveSocket({ path: REQUEST_FEATURES_SOCKET, schema: requestFeaturesMessageSchema, onData: push });
}

/**
 * Where a page's switch stands: `full` when it is on but the queue is full (the page says so and
 * locks as when off); `unknown` when it could not be read, so the page says so instead of "not enabled".
 */
export interface FeatureSwitch {
  state: 'loading' | 'enabled' | 'disabled' | 'full' | 'unknown';
  /** The switch when known: true or false; null while loading or after a failed read (the admin's toggle follows it) */
  enabled: boolean | null;
  /** The form may be used: the switch is on and the queue is not full */
  open: boolean;
  retry: () => void;
  retrying: boolean;
}

function stateOf({ enabled, queueFull }: FeatureStatus): FeatureSwitch['state'] {
  if (!enabled) return 'disabled';
  return queueFull ? 'full' : 'enabled';
}

/** A request page's switch, live: the read, then every change an admin makes anywhere and every change of the queue. */
export function useFeatureSwitch(feature: RequestFeature): FeatureSwitch {
  const query = useQuery(featureStatusQuery(feature));
  useRequestFeaturesSocket();
  const retry = () => void query.refetch();
  const retrying = query.isFetching;
  // A pushed value clears the error (setQueryData), so `error` means the newest word is a failure.
  if (query.isError) return { state: 'unknown', enabled: null, open: false, retry, retrying };
  if (query.data) {
    const state = stateOf(query.data);
    return { state, enabled: query.data.enabled, open: state === 'enabled', retry, retrying };
  }
  return { state: 'loading', enabled: null, open: false, retry, retrying };
}

/** ENABLE REQUESTS / DISABLE REQUESTS (admins): the answer is the new state, confirmed with a toast. */
export function useToggleFeature(feature: RequestFeature) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<FeatureState>(`/api/requests/${feature}/enabled`),
    onSuccess: (state) => {
      // The answer is the switch alone; whether the queue is full stays as last heard.
      queryClient.setQueryData(featureStatusQuery(feature).queryKey, (old) => old && { ...old, enabled: state.enabled });
      notifySuccess(state.enabled ? 'Requests enabled' : 'Requests disabled');
    },
    meta: { failureText: 'Unable to update request settings' },
  });
}
