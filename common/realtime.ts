import { z } from 'zod';

/**
 * What the site's sockets (/api/ws/…) say, shared by the gateway (server/realtime) and the web's
 * socket helper. Servers mostly send; a client may send a ping to keep an idle proxy from closing the
 * connection, and nothing else, except where a channel takes messages of its own (the radio socket's
 * reactions and votes: common/radio.ts radioClientMessageSchema).
 */

export const clientMessageSchema = z.object({ type: z.literal('ping') }).strict();
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** WebSocket close codes the gateway uses (RFC 6455 §7.4.1). */
export const CLOSE = {
  goingAway: 1001,
  unsupportedData: 1003,
  policyViolation: 1008,
  internalError: 1011,
  tryAgainLater: 1013,
} as const;

export const SOCKET_LIMITS = {
  /** A ping every this often; no pong before the next one drops the socket */
  heartbeatMs: 30_000,
  /** A client slower than this much unsent data is closed rather than buffered */
  maxBufferedBytes: 1_048_576,
  /** Largest message a client may send */
  maxIncomingBytes: 1_024,
  /** At most this many client messages per window */
  maxIncomingPerWindow: 20,
  incomingWindowMs: 10_000,
} as const;

/**
 * WebSocket /api/ws/requests/features: whether each paid request kind is on (spec 4 "Request
 * features"), sent on connect and after every admin's toggle, so open request pages show or hide
 * their not-enabled notice without a reload. Keys are the API's feature names. `queueFull`: the
 * request queue holds QUEUE_MAX requests (common/request-limits.ts), sent again after each change of
 * the queue, so the pages lock and unlock at once.
 */
export const REQUEST_FEATURES_SOCKET = '/api/ws/requests/features';
export const requestFeaturesMessageSchema = z.object({ flip: z.boolean(), recording: z.boolean(), queueFull: z.boolean() });
export type RequestFeaturesMessage = z.infer<typeof requestFeaturesMessageSchema>;
