import { describe, expect, it } from 'vitest';
import { decisionToast } from './request-decision';

const answer = (state: Parameters<typeof decisionToast>[1]['state'], changed = true, refundError: string | null = null) => ({
  state,
  changed,
  refundError,
});

describe('decisionToast', () => {
  it('confirms an approval', () => {
    expect(decisionToast('approve', answer('queued'))).toEqual({ tone: 'success', message: 'Request approved' });
  });

  it('says how the refund of a rejection went', () => {
    expect(decisionToast('reject', answer('refunded'))).toEqual({ tone: 'success', message: 'Request rejected and refunded' });
    expect(decisionToast('reject', answer('rejected'))).toEqual({
      tone: 'success',
      message: 'Request rejected; the refund is pending at PayPal',
    });
    expect(decisionToast('reject', answer('refund_failed', true, 'PayPal 500: INTERNAL_SERVER_ERROR'))).toEqual({
      tone: 'warning',
      message: 'Request rejected, but PayPal refused the refund: it is retried automatically',
      detail: 'PayPal 500: INTERNAL_SERVER_ERROR',
    });
    expect(decisionToast('reject', answer('refund_failed')).detail).toBeUndefined();
  });

  it('tells the admin who lost a race where the request stands, as information', () => {
    expect(decisionToast('reject', answer('refunded', false))).toEqual({
      tone: 'info',
      message: 'Another admin already decided: this request is refunded',
    });
    expect(decisionToast('reject', answer('queued', false)).message).toBe('Another admin already decided: this request is approved');
    expect(decisionToast('approve', answer('rejected', false)).message).toBe(
      'Another admin already decided: this request is rejected, its refund pending at PayPal',
    );
    // Nobody decided a request that played meanwhile: it moved on by itself.
    expect(decisionToast('reject', answer('played', false))).toEqual({ tone: 'info', message: 'Nothing changed: this request is played' });
  });
});
