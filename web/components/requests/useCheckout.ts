import { useState } from 'react';
import type { PaymentStatusAnswer, PaymentSuccess } from '../../../common/flip';
import { notifyFailure, notifySuccess } from '../../toasts/notify';
import { type PaymentFailure, paymentStageOf } from './Payment';

/**
 * The checkout of a paid request page (flip, sample; spec 4: pending → validating → validated →
 * payment-success or payment-error): verification of the request, then its PayPal order and capture
 * through the kind's two calls. The page draws its own step 1; step 2 is `<PaymentStep {...payment} />`.
 */

/** A paid kind's order calls (web/api/flip.ts, web/api/sample.ts): the server sets the amount. */
export interface OrderCalls {
  createOrder(sid: string, paymentSource: string): Promise<string>;
  captureOrder(sid: string, orderId: string): Promise<PaymentSuccess>;
  /** Where the payment stands when the capture's answer was lost (a 5xx, a dropped connection) */
  paymentStatus(sid: string, signal?: AbortSignal): Promise<PaymentStatusAnswer>;
}

export type CheckoutState<T> =
  | { step: 'pending' }
  | { step: 'validating' }
  | { step: 'validated'; request: T }
  | { step: 'payment-confirming'; request: T }
  | { step: 'payment-success'; request: T; ids: PaymentSuccess }
  | { step: 'payment-error'; request: T; failure: PaymentFailure };

export function useCheckout<T extends { sid: string }>(calls: OrderCalls) {
  const [state, setState] = useState<CheckoutState<T>>({ step: 'pending' });
  const request = 'request' in state ? state.request : null;
  // The payment props are only used once the request is verified (PaymentStep's `ready` stage).
  const verified = () => {
    if (!request) throw new Error('No verified request to pay for');
    return request;
  };

  /** Step 1's VERIFY: the kind's validate call, with the spec's toasts; a failure leaves the form editable again. */
  async function verify(validate: () => Promise<T>) {
    setState({ step: 'validating' });
    try {
      const validated = await validate();
      notifySuccess('Verification Successful');
      setState({ step: 'validated', request: validated });
    } catch (error) {
      notifyFailure('Verification failed', error);
      setState({ step: 'pending' });
    }
  }

  return {
    step: state.step,
    /** The verified request, from validation until the page starts over. */
    request,
    verify,
    /** New request / New recording: back to an empty step 1. */
    reset: () => setState({ step: 'pending' }),
    /** PaymentStep's props: the PayPal buttons' order calls for this request and where the payment stands. */
    payment: {
      stage: paymentStageOf(state),
      createOrder: () => calls.createOrder(verified().sid, 'paypal'),
      captureOrder: (orderId: string) => calls.captureOrder(verified().sid, orderId),
      onSuccess: (ids: PaymentSuccess) => setState({ step: 'payment-success', request: verified(), ids }),
      onFailure: (failure: PaymentFailure) => setState({ step: 'payment-error', request: verified(), failure }),
      /** The capture's answer was lost while the money may be taken: the page asks where it stands instead. */
      onConfirming: () => setState({ step: 'payment-confirming', request: verified() }),
      paymentStatus: (signal?: AbortSignal) => calls.paymentStatus(verified().sid, signal),
      /** Names the request in the status poll's cache, so another request's answer is never taken for it */
      sid: request?.sid ?? '',
      onRetry: () => setState({ step: 'validated', request: verified() }),
    },
  };
}

export type Checkout<T extends { sid: string }> = ReturnType<typeof useCheckout<T>>;
