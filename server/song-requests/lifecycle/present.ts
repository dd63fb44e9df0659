import { fromCents } from '../../../common/payments';
import type { HeldRequest, RefundAttention, RequestDecision } from '../../../common/request-lifecycle';
import type { RequestState } from '../../../common/request-states';
import type { HeldRow, RefundingRow, RequestRef } from './queries';

const kindOf = (row: { flipRequestId: number | null }) => (row.flipRequestId !== null ? 'flip' : 'sample');

export function presentHeld(row: HeldRow): HeldRequest {
  const flip = row.flipRequestId !== null;
  return {
    id: row.id,
    kind: kindOf(row),
    title: row.title,
    videoId: flip ? row.videoId : null,
    sampleId: row.sampleRequestId,
    username: row.username,
    amount: fromCents((flip ? row.flipAmountCents : row.sampleAmountCents) ?? 0),
    currency: (flip ? row.flipCurrency : row.sampleCurrency) ?? '',
    paidAt: row.createdAt.toISOString(),
  };
}

export function presentRefunding(row: RefundingRow): RefundAttention {
  return {
    id: row.id,
    kind: kindOf(row),
    title: row.title,
    username: row.username,
    state: row.state as RequestState,
    refundError: row.refundError,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const presentDecision = (row: RequestRef, changed: boolean): RequestDecision => ({
  id: row.id,
  state: row.state as RequestState,
  changed,
  refundError: row.state === 'refund_failed' ? row.refundError : null,
});
