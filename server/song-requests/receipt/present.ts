import { CURRENCY } from '../../../common/constants';
import { fromCents } from '../../../common/payments';
import { RECEIPT_STATUSES, type Receipt, type ReceiptStatus } from '../../../common/receipt';
import type { TransitionRow } from '../transitions';
import type { ReceiptRow } from './queries';

/** A lifecycle state as a fan sees it: a refund the server retries is still "rejected" to them. */
export function fanStatus(state: string): ReceiptStatus {
  if (state === 'refund_failed') return 'rejected';
  return (RECEIPT_STATUSES as readonly string[]).includes(state) ? (state as ReceiptStatus) : 'played';
}

/** The audit trail as the fan's timeline: who did it stays private; repeats (rejected, refund failed, rejected) fold into one. */
export function presentTimeline(row: ReceiptRow, transitions: readonly TransitionRow[]): Receipt['timeline'] {
  if (transitions.length === 0) return [{ status: fanStatus(row.state), at: row.createdAt.toISOString() }];
  const timeline: Receipt['timeline'] = [];
  for (const transition of transitions) {
    const status = fanStatus(transition.toState);
    if (timeline.at(-1)?.status !== status) timeline.push({ status, at: transition.at.toISOString() });
  }
  return timeline;
}

export interface ReceiptExtras {
  timeline: Receipt['timeline'];
  place?: { position?: number; etaSeconds: number };
  moment?: Receipt['moment'];
}

export function presentReceipt(row: ReceiptRow, extras: ReceiptExtras): Receipt {
  const flip = row.sampleRequestId === null;
  const cents = flip ? row.flipAmountCents : row.sampleAmountCents;
  const status = fanStatus(row.state);
  const optional = {
    videoId: flip && row.videoId ? row.videoId : undefined,
    thumbnailUrl: flip ? (row.thumbnailUrl ?? undefined) : undefined,
    position: extras.place?.position,
    etaSeconds: extras.place?.etaSeconds,
    rejectReason: row.rejectReasonPublic && row.rejectReason ? row.rejectReason : undefined,
    moment: extras.moment,
    mediaId: row.mediaId ?? undefined,
    mediaName: row.mediaName ?? undefined,
  };
  return {
    id: row.id,
    kind: flip ? 'flip' : 'sample',
    title: row.title,
    username: row.username,
    amount: cents === null ? null : fromCents(cents),
    currency: (flip ? row.flipCurrency : row.sampleCurrency) ?? CURRENCY,
    status,
    timeline: extras.timeline,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
  };
}
