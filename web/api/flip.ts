import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeatureState, PaymentSuccess, ValidatedFlip } from '../../common/flip';
import { apiGet, apiPost } from './client';

/** Flip requests (spec 7 "Requests"): the enabled flag, validation, and the order calls the PayPal buttons make. */

/** The request features with an on/off flag: flips and sample recordings. */
export type RequestFeature = 'flip' | 'recording';

export const featureEnabledQuery = (feature: RequestFeature) =>
  queryOptions({
    queryKey: ['requests', feature, 'enabled'] as const,
    queryFn: ({ signal }) => apiGet<FeatureState>(`/api/requests/${feature}/enabled`, undefined, signal),
  });

/** ENABLE REQUESTS / DISABLE REQUESTS (admins): the answer is the new state. */
export function useToggleFeature(feature: RequestFeature) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<FeatureState>(`/api/requests/${feature}/enabled`),
    onSuccess: (state) => queryClient.setQueryData(featureEnabledQuery(feature).queryKey, state),
    meta: { failureText: 'Unable to update request settings' },
  });
}

export const flipEnabledQuery = featureEnabledQuery('flip');

export const validateFlip = (mediaUrl: string, username: string | null) =>
  apiPost<ValidatedFlip>('/api/requests/flip/validate', { mediaUrl, username });

/** The PayPal order of a validated request; the server sets the amount. */
export const createFlipOrder = (sid: string, paymentSource: string) =>
  apiPost<{ id: string }>('/api/requests/flip/create', { sid, paymentSource }).then((order) => order.id);

/** Captures the approved order: the success banner's ids (spec 3 "Payment success data"). */
export const captureFlipOrder = (sid: string, orderId: string) => apiPost<PaymentSuccess>('/api/requests/flip/capture', { sid, orderId });
