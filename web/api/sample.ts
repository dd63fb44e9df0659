import { useMutation } from '@tanstack/react-query';
import type { PaymentStatusAnswer, PaymentSuccess } from '../../common/flip';
import type { SampleValidation } from '../../common/sample';
import { SAMPLE_FIELDS, SAMPLE_PATHS } from '../../common/sample-paths';
import { notifySuccess } from '../toasts/notify';
import { apiGet, apiPost } from './client';

/** Sample requests (spec 7 "Requests"): validation of the recording, the order calls of the PayPal buttons, and replays. */

/** The recording (and the nickname when logged out) as multipart form data; the server measures and prices it. */
export function validateSample(recording: Blob, username: string | null) {
  const form = new FormData();
  if (username !== null) form.append(SAMPLE_FIELDS.username, username);
  const extension = recording.type.includes('mp4') ? 'mp4' : 'webm';
  form.append(SAMPLE_FIELDS.audio, recording, `sample.${extension}`);
  return apiPost<SampleValidation>(SAMPLE_PATHS.validate, form);
}

export const createSampleOrder = (sid: string, paymentSource: string) =>
  apiPost<{ id: string }>(SAMPLE_PATHS.create, { sid, paymentSource }).then((order) => order.id);

export const captureSampleOrder = (sid: string, orderId: string) => apiPost<PaymentSuccess>(SAMPLE_PATHS.capture, { sid, orderId });

/** REPLAY on the request history (admins): the history item's sample plays again on stream. */
export function useReplaySample() {
  return useMutation({
    mutationFn: (historyId: number) => apiPost<void>(SAMPLE_PATHS.replay, undefined, { id: historyId }),
    onSuccess: () => notifySuccess('Request successfully replayed'),
    meta: { failureText: 'Error trying to replay request' },
  });
}

/** Where the buyer's payment stands, for a page that lost the capture's answer (issue 21). */
export const samplePaymentStatus = (sid: string, signal?: AbortSignal) =>
  apiGet<PaymentStatusAnswer>('/api/requests/sample/status', { sid }, signal);
