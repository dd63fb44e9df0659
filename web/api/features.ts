import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FeatureState } from '../../common/flip';
import { REQUEST_FEATURES_SOCKET, type RequestFeaturesMessage, requestFeaturesMessageSchema } from '../../common/realtime';
import { notifySuccess } from '../toasts/notify';
import { apiGet, apiPost } from './client';
import { queryPusher, useLiveSocket } from './socket';

/**
 * The request switches (spec 4 "Request features"): whether flips and sample recordings are on,
 * read once and then kept current by the features socket, so an open page follows an admin's
 * toggle without a reload; and the admins' ENABLE / DISABLE REQUESTS.
 */

/** The request features with an on/off flag: flips and sample recordings. */
export type RequestFeature = 'flip' | 'recording';
const FEATURES: RequestFeature[] = ['flip', 'recording'];

/** A failed read of a switch: its toast and the page's inline error (never the not-enabled notice). */
export const FEATURE_READ_FAILURE = 'Unable to check whether requests are enabled';

export const featureEnabledQuery = (feature: RequestFeature) =>
  queryOptions({
    queryKey: ['requests', feature, 'enabled'] as const,
    queryFn: ({ signal }) => apiGet<FeatureState>(`/api/requests/${feature}/enabled`, undefined, signal),
    meta: { failureText: FEATURE_READ_FAILURE },
  });

/**
 * WebSocket /api/ws/requests/features: each message holds every switch, and each goes into its
 * feature's query, so every reader re-renders (and a failed read is healed by the next message).
 */
export function useRequestFeaturesSocket() {
  const queryClient = useQueryClient();
  const [push] = useState(() => {
    const pushers = FEATURES.map(
      (feature) => [feature, queryPusher<FeatureState>(queryClient, featureEnabledQuery(feature).queryKey)] as const,
    );
    return (message: RequestFeaturesMessage) => {
      for (const [feature, pushTo] of pushers) pushTo({ enabled: message[feature] });
    };
  });
  return useLiveSocket({ path: REQUEST_FEATURES_SOCKET, schema: requestFeaturesMessageSchema, onData: push });
}

/** Where a page's switch stands: `unknown` when it could not be read, so the page says so instead of "not enabled". */
export interface FeatureSwitch {
  state: 'loading' | 'enabled' | 'disabled' | 'unknown';
  /** The switch when known: true or false; null while loading or after a failed read */
  enabled: boolean | null;
  retry: () => void;
  retrying: boolean;
}

/** A request page's switch, live: the read, then every change an admin makes anywhere. */
export function useFeatureSwitch(feature: RequestFeature): FeatureSwitch {
  const query = useQuery(featureEnabledQuery(feature));
  useRequestFeaturesSocket();
  const retry = () => void query.refetch();
  const retrying = query.isFetching;
  // A pushed value clears the error (setQueryData), so `error` means the newest word is a failure.
  if (query.isError) return { state: 'unknown', enabled: null, retry, retrying };
  if (query.data) return { state: query.data.enabled ? 'enabled' : 'disabled', enabled: query.data.enabled, retry, retrying };
  return { state: 'loading', enabled: null, retry, retrying };
}

/** ENABLE REQUESTS / DISABLE REQUESTS (admins): the answer is the new state, confirmed with a toast. */
export function useToggleFeature(feature: RequestFeature) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<FeatureState>(`/api/requests/${feature}/enabled`),
    onSuccess: (state) => {
      queryClient.setQueryData(featureEnabledQuery(feature).queryKey, state);
      notifySuccess(state.enabled ? 'Requests enabled' : 'Requests disabled');
    },
    meta: { failureText: 'Unable to update request settings' },
  });
}
