import type { ReceiptStatus } from '../../common/receipt';

/**
 * The fan's receipt (/requests/{id}, issue 20): its texts, pure so they are unit-tested. The ETA is
 * relative to when the answer came (`etaSeconds` of common/receipt.ts): the page turns it into a time
 * once (`etaTarget`) and words what is left of it as the clock moves (`etaText`).
 */

/** When a request is expected to play, in ms since the epoch: `answeredAt` plus the answer's `etaSeconds`. */
export function etaTarget(etaSeconds: number | undefined, answeredAt: number): number | null {
  return etaSeconds === undefined ? null : answeredAt + Math.max(0, etaSeconds) * 1000;
}

const MINUTE_MS = 60_000;

/**
 * "about 12 minutes", "about a minute", "about 1 hour 20 minutes" (five-minute steps past the hour),
 * or null once the target is reached or past: the caller says "any minute now".
 */
export function etaText(target: number, now: number): string | null {
  const left = target - now;
  if (left <= 0) return null;
  const minutes = Math.max(1, Math.round(left / MINUTE_MS));
  if (minutes === 1) return 'about a minute';
  if (minutes < 60) return `about ${minutes} minutes`;
  const rounded = Math.round(minutes / 5) * 5;
  const hours = Math.floor(rounded / 60);
  const rest = rounded % 60;
  const hourText = hours === 1 ? '1 hour' : `${hours} hours`;
  return rest === 0 ? `about ${hourText}` : `about ${hourText} ${rest} minutes`;
}

export const ANY_MINUTE_NOW = 'any minute now';

/** What a waiting request needs to say its place: the receipt's status and position, and its ETA as a time. */
export interface Waiting {
  status: ReceiptStatus;
  position?: number;
  /** From etaTarget; null when the answer had no ETA */
  target: number | null;
}

/**
 * The line under a waiting request's status: "#3 in the queue · about 12 minutes" (or "· any minute
 * now" once its time came); held: when it should play once approved. Null for any other status.
 */
export function waitingText({ status, position, target }: Waiting, now: number): string | null {
  // undefined: no ETA in the answer; null: its time has come.
  const eta = target === null ? undefined : etaText(target, now);
  if (status === 'queued') {
    const place = position === undefined ? 'In the queue' : `#${position} in the queue`;
    return eta === undefined ? place : `${place} · ${eta ?? ANY_MINUTE_NOW}`;
  }
  if (status === 'held') {
    if (eta === undefined) return 'It joins the queue once approved.';
    return eta === null ? 'It should play soon after approval.' : `It should play ${eta} after approval.`;
  }
  return null;
}

/** The receipt's headline per status: where the request is, in the fan's words. */
export const STATUS_HEADLINES: Record<ReceiptStatus, string> = {
  held: "Waiting for the streamer's approval",
  queued: 'In the queue',
  playing: 'Playing on stream now',
  played: 'Played on stream',
  rejected: 'Rejected: your payment is being refunded',
  refunded: 'Refunded: your payment was returned in full',
};

/** A state of the timeline, as a short label. */
export const STATUS_LABELS: Record<ReceiptStatus, string> = {
  held: 'Waiting for approval',
  queued: 'Queued',
  playing: 'Playing on stream',
  played: 'Played',
  rejected: 'Rejected',
  refunded: 'Refunded',
};

/** The status's colour (Mantine theme colours): waiting, on air, done, or money returned. */
export const STATUS_COLORS: Record<ReceiptStatus, string> = {
  held: 'yellow',
  queued: 'blue',
  playing: 'pink',
  played: 'teal',
  rejected: 'red',
  refunded: 'gray',
};

/** "$20.00" (the receipt's amount is "20.00" in its currency); null for a request from before paid requests. */
export function paidText(amount: string | null, currency: string, locale?: string): string | null {
  if (amount === null) return null;
  const value = Number(amount);
  if (!Number.isFinite(value)) return `${amount} ${currency}`;
  try {
    return new Intl.NumberFormat(locale ?? 'en-US', { style: 'currency', currency }).format(value);
  } catch {
    return `${amount} ${currency}`;
  }
}
