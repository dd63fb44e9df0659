import fastifyWebsocket from '@fastify/websocket';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import { CLOSE, clientMessageSchema, SOCKET_LIMITS } from '../../common/realtime';
import { errorBody } from '../http/error-handler';
import type { App } from '../http/types';

/**
 * The WebSocket gateway (design: "Real time and jobs"): every socket the site offers is a channel
 * here, under /api/ws/…. A channel groups its sockets by a key (the radio's station; the queue has
 * one group) and sends each socket a snapshot when it connects and every broadcast of its group
 * afterwards. The gateway owns what every socket needs the same way:
 * - the upgrade checks Origin itself: the same-origin rule for writes skips GETs, and an upgrade is a GET;
 * - heartbeats: a socket that does not answer a ping before the next one is dropped;
 * - clients mostly listen: anything but a small ping message or a message the channel takes (the
 *   radio's reactions and votes, checked against its schema), or too many messages, closes the socket;
 * - a slow client is closed when its send buffer passes a bound, so it never holds up the others;
 * - a client's protocol error (an unmasked frame, a bad opcode, a frame past the size limit) ends
 *   its socket and is the client's fault, not the server's: one line at info without a stack, and
 *   a count by ws's code (`protocolErrors()`) that a metrics endpoint can expose. Anything else a
 *   socket fails with is logged as an error.
 * `stats()` tells GET /metrics each channel's open sockets and its broadcasts' messages sent and
 * dropped (server/metrics).
 */

export interface GatewayOptions {
  /** The same-site rule of the HTTP writes, applied to the upgrade's Origin */
  isAllowedOrigin(origin: string): boolean;
  /** The clock of the clients' message windows */
  now: () => Date;
  heartbeatMs?: number;
  maxBufferedBytes?: number;
}

/** A refused connection: the socket is closed with this reason right after the upgrade. */
export class ChannelRefusal extends Error {}

/**
 * One socket of a channel, as the channel's own code sees it: its group, the query it connected
 * with, and who connected (the session cookie of the upgrade; null when logged out). The same object
 * for the socket's whole life, so a channel can key what it keeps per socket on it (a WeakMap).
 */
export interface Member<Query = unknown> {
  group: string;
  query: Query;
  userId: number | null;
}

/** A snapshot of several messages, sent in order (null entries skipped). */
export class SnapshotMessages {
  constructor(readonly messages: unknown[]) {}
}

export interface ChannelDefinition<Q extends z.ZodType, M = never> {
  /** Path under which the socket is offered, e.g. /api/ws/radio */
  path: string;
  /** The query string's shape; a mismatch closes the socket with the first issue as reason */
  query: Q;
  /** Which group a socket joins; broadcasts go to one group */
  group(query: z.infer<Q>): string;
  /** Sent to a socket as soon as it joins (null: nothing yet) */
  snapshot(query: z.infer<Q>): Promise<unknown>;
  /**
   * Checked before the upgrade: a message refuses it with a 403 carrying that message (an overlay's
   * key); null lets it through. An HTTP refusal is what a browser source or a script can see.
   */
  refuse?(request: FastifyRequest): string | null;
  /** Called after a socket joined or left `group` on this instance (the radio's listener count) */
  membersChanged?(group: string): void;
  /**
   * What a client may send besides a ping, and what is done with it. The gateway's flood rule counts
   * these too; anything neither a ping nor this shape closes the socket.
   */
  receive?: { schema: z.ZodType<M>; handle(message: M, member: Member<z.infer<Q>>): void };
}

export interface Channel<Query = unknown> {
  /** Sends `message` to every socket of `group` (only those `to` takes, when given) */
  broadcast(group: string, message: unknown, to?: (member: Member<Query>) => boolean): void;
  /** Sockets connected to `group` on this instance */
  size(group: string): number;
  /** The sockets of `group` on this instance */
  members(group: string): Member<Query>[];
  /** The groups with a socket on this instance */
  groups(): string[];
}

export type Gateway = Awaited<ReturnType<typeof registerGateway>>;

/** A channel's sockets on this instance now, and its broadcasts' messages since start */
export interface ChannelStats {
  path: string;
  sockets: number;
  /** Broadcast messages handed to a socket */
  sent: number;
  /** Broadcast messages a socket was too slow to take (it was closed instead) */
  dropped: number;
}

export async function registerGateway(app: App, options: GatewayOptions) {
  const heartbeatMs = options.heartbeatMs ?? SOCKET_LIMITS.heartbeatMs;
  const maxBufferedBytes = options.maxBufferedBytes ?? SOCKET_LIMITS.maxBufferedBytes;
  const alive = new WeakMap<WebSocket, boolean>();
  const every = new Set<WebSocket>();

  const protocolErrors = new Map<string, number>();
  const channelStats: (() => ChannelStats)[] = [];
  await app.register(fastifyWebsocket, {
    options: { maxPayload: SOCKET_LIMITS.maxIncomingBytes },
    errorHandler(error, socket, request) {
      const code = protocolErrorCode(error);
      if (code === null) request.log.error({ err: error }, 'socket failed');
      else {
        protocolErrors.set(code, (protocolErrors.get(code) ?? 0) + 1);
        request.log.info({ code, reason: error.message }, 'client socket protocol error');
      }
      socket.terminate();
    },
  });

  const heartbeat = setInterval(() => {
    for (const socket of every) {
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    for (const socket of every) socket.close(CLOSE.goingAway, 'Server is shutting down');
  });

  /**
   * Sends unless the socket cannot keep up; a slow reader is closed instead of buffered without
   * bound. `body` is the message's JSON already encoded: a broadcast encodes once for all its
   * sockets, where a string would be encoded again by ws for each; it goes out as a text frame.
   * Answers what became of it (a closing socket takes nothing).
   */
  function send(socket: WebSocket, body: Buffer): 'sent' | 'dropped' | 'closed' {
    if (socket.readyState !== socket.OPEN) return 'closed';
    if (socket.bufferedAmount + body.length > maxBufferedBytes) {
      socket.close(CLOSE.tryAgainLater, 'Too slow to keep up; reconnect');
      return 'dropped';
    }
    socket.send(body, { binary: false });
    return 'sent';
  }

  /** `take` answers whether the channel took a message that is not a ping (null: it takes none yet). */
  function watchClient(socket: WebSocket, take: () => ((message: unknown) => boolean) | null) {
    let windowStart = options.now().getTime();
    let received = 0;
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    socket.on('message', (data, isBinary) => {
      const at = options.now().getTime();
      if (at - windowStart > SOCKET_LIMITS.incomingWindowMs) {
        windowStart = at;
        received = 0;
      }
      if (++received > SOCKET_LIMITS.maxIncomingPerWindow) {
        socket.close(CLOSE.policyViolation, 'Too many messages');
        return;
      }
      const parsed = isBinary ? null : safeJson(data.toString());
      if (clientMessageSchema.safeParse(parsed).success) return;
      if (!take()?.(parsed)) socket.close(CLOSE.unsupportedData, 'Unexpected message: this socket only sends');
    });
  }

  function refuseForeignOrigin(request: FastifyRequest) {
    const origin = request.headers.origin;
    // Browsers always send Origin on an upgrade; a page of another site must not listen in.
    return origin !== undefined && !options.isAllowedOrigin(origin);
  }

  return {
    /** Client protocol errors since start, by ws's code (WS_ERR_EXPECTED_MASK …), and their total */
    protocolErrors() {
      const byCode = Object.fromEntries(protocolErrors);
      return { total: Object.values(byCode).reduce((sum, n) => sum + n, 0), byCode };
    },
    /** Each channel's open sockets and broadcast messages sent and dropped on this instance */
    stats: (): ChannelStats[] => channelStats.map((stats) => stats()),
    channel<Q extends z.ZodType, M = never>(definition: ChannelDefinition<Q, M>): Channel<z.infer<Q>> {
      type Query = z.infer<Q>;
      const groups = new Map<string, Map<WebSocket, Member<Query>>>();
      /** Sockets whose snapshot is being read, with the broadcasts that arrived meanwhile */
      const waiting = new Map<WebSocket, Buffer[]>();
      /** A message the channel takes, handed to it as `member`'s */
      const taker = (member: Member<Query>) => (message: unknown) => {
        const parsed = definition.receive?.schema.safeParse(message);
        if (!parsed?.success) return false;
        definition.receive!.handle(parsed.data, member);
        return true;
      };
      /** What became of the broadcasts' messages, by socket */
      const outcomes = { sent: 0, dropped: 0, closed: 0 };
      const sizes = () => [...groups.values()].reduce((sum, members) => sum + members.size, 0);
      channelStats.push(() => ({ path: definition.path, sockets: sizes(), sent: outcomes.sent, dropped: outcomes.dropped }));
      const upgrade = {
        websocket: true as const,
        schema: { hide: true },
        // Anyone may connect: the upgrade checks the Origin and the channel's own refusal (overlay key) below.
        config: { access: 'public' as const },
        preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
          const refusal = refuseForeignOrigin(request) ? 'Cross-origin sockets are not allowed' : (definition.refuse?.(request) ?? null);
          if (refusal !== null) await reply.code(403).send(errorBody(403, refusal, request.id));
        },
      };
      app.get(definition.path, upgrade, async (socket, request) => {
        every.add(socket);
        socket.on('close', () => every.delete(socket));
        let take: ((message: unknown) => boolean) | null = null;
        watchClient(socket, () => take);
        const query = definition.query.safeParse(request.query);
        if (!query.success) {
          socket.close(CLOSE.policyViolation, reasonOf(query.error));
          return;
        }
        const key = definition.group(query.data);
        const members = groups.get(key) ?? new Map<WebSocket, Member<Query>>();
        groups.set(key, members);
        const member: Member<Query> = { group: key, query: query.data, userId: request.user?.id ?? null };
        members.set(socket, member);
        if (definition.receive) take = taker(member);
        definition.membersChanged?.(key);
        // Joined before the snapshot is read, so no change is missed; broadcasts that land while it
        // is read are newer than the snapshot and are sent after it, in order.
        waiting.set(socket, []);
        socket.on('close', () => {
          members.delete(socket);
          waiting.delete(socket);
          if (members.size === 0 && groups.get(key) === members) groups.delete(key);
          definition.membersChanged?.(key);
        });
        try {
          const first = await definition.snapshot(query.data);
          const newer = waiting.get(socket) ?? [];
          waiting.delete(socket);
          const snapshot = first instanceof SnapshotMessages ? first.messages : [first];
          for (const message of snapshot) if (message !== null) send(socket, encode(message));
          for (const body of newer) outcomes[send(socket, body)]++;
        } catch (error) {
          waiting.delete(socket);
          if (error instanceof ChannelRefusal) {
            socket.close(CLOSE.policyViolation, error.message.slice(0, 120));
            return;
          }
          request.log.error({ err: error }, 'socket snapshot failed');
          socket.close(CLOSE.internalError, 'Unable to load; reconnect');
        }
      });
      return {
        broadcast(group, message, to) {
          const members = groups.get(group);
          if (!members || members.size === 0) return;
          const body = encode(message);
          for (const [socket, member] of members) {
            if (to && !to(member)) continue;
            const pending = waiting.get(socket);
            if (pending) pending.push(body);
            else outcomes[send(socket, body)]++;
          }
        },
        size: (group) => groups.get(group)?.size ?? 0,
        members: (group) => [...(groups.get(group)?.values() ?? [])],
        groups: () => [...groups.keys()],
      };
    },
  };
}

/**
 * ws's code when `error` is its receiver refusing what the client sent (WS_ERR_EXPECTED_MASK,
 * WS_ERR_INVALID_OPCODE, WS_ERR_UNSUPPORTED_MESSAGE_LENGTH, WS_ERR_INVALID_UTF8 …); null for
 * anything else (a handler that threw).
 */
function protocolErrorCode(error: Error): string | null {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('WS_ERR_') ? code : null;
}

const encode = (message: unknown): Buffer => Buffer.from(JSON.stringify(message));

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A close reason must fit in 123 bytes. */
function reasonOf(error: z.ZodError): string {
  const issue = error.issues[0];
  const text = issue ? `${issue.path.join('.') || 'query'}: ${issue.message}` : 'Bad query';
  return text.slice(0, 120);
}
