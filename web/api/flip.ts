import type { PaymentStatusAnswer, PaymentSuccess, ValidatedFlip } from '../../common/flip';
import { apiGet, apiPost } from './client';

/** Flip requests (spec 7 "Requests"): validation, and the order calls the PayPal buttons make (the enabled flag: api/features.ts). */

export const validateFlip = (mediaUrl: string, username: string | null) =>
  apiPost<ValidatedFlip>('/api/requests/flip/validate', { mediaUrl, username });

/** The PayPal order of a validated request; the server sets the amount. */
export const createFlipOrder = (sid: string, paymentSource: string) =>
  apiPost<{ id: string }>('/api/requests/flip/create', { sid, paymentSource }).then((order) => order.id);

/** Captures the approved order: the success banner's ids (spec 3 "Payment success data"). */
export const captureFlipOrder = (sid: string, orderId: string) => apiPost<PaymentSuccess>('/api/requests/flip/capture', { sid, orderId });

/** Where the buyer's payment stands, for a page that lost the capture's answer (issue 21). */
export const flipPaymentStatus = (sid: string, signal?: AbortSignal) =>
  apiGet<PaymentStatusAnswer>('/api/requests/flip/status', { sid }, signal);
