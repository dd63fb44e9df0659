/**
 * What the paid-request lifecycle tells the streamer's Discord channel: a request paid and queued
 * at once (`paid`), or paid and waiting for an admin's approval (`held`). One post per request and
 * event (the outbox's unique key), whoever reports it and however often.
 */
export type NoticeEvent = 'paid' | 'held';

export interface RequestNotice {
  /** The history row (song_requests.id) */
  songRequestId: number;
  event: NoticeEvent;
  kind: 'flip' | 'sample';
  /** A flip's video title, or a sample's "Voice sample (4.2 s)": the fan's text, escaped when posted */
  title: string;
  /** The requester's name as the fan typed it */
  username: string;
  /** What the buyer paid, as PayPal writes amounts: "5.00" */
  amount: string;
  /** "USD" */
  currency: string;
  /** A flip's YouTube video id: the post links to the video */
  videoId?: string | null;
}
