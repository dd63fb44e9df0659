import net from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import { CLOSE, SOCKET_LIMITS } from '../../common/realtime';
import type { App } from '../http/types';
import { type Channel, ChannelRefusal, type Gateway, registerGateway } from './gateway';

const OWN = 'http://almanac.test';

let app: App;
let port: number;
let base: string;
let gateway: Gateway;
let rooms: Channel;
let snapshotGate: Promise<void> = Promise.resolve();
/** What the app logged, line by line (pino's JSON) */
const logged: { level: number; msg: string; [field: string]: unknown }[] = [];

beforeAll(async () => {
  const stream = { write: (line: string) => logged.push(JSON.parse(line)) };
  // Request lines left out: what the gateway itself logs is checked.
  app = Fastify({ logger: { level: 'debug', stream }, disableRequestLogging: true }) as unknown as App;
  gateway = await registerGateway(app, {
    isAllowedOrigin: (origin) => origin === OWN,
    now: () => new Date(),
    heartbeatMs: 40,
    maxBufferedBytes: 4_096,
  });
  rooms = gateway.channel({
    path: '/api/ws/rooms',
    query: z.object({ room: z.enum(['a', 'b', 'closed']) }),
    group: (q) => q.room,
    snapshot: async (q) => {
      await snapshotGate;
      if (q.room === 'closed') throw new ChannelRefusal('This room is closed');
      return { snapshot: q.room };
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
  base = `ws://127.0.0.1:${port}`;
});

afterAll(() => app.close());

interface Client {
  socket: WebSocket;
  messages: unknown[];
  /** Resolves with the nth message (1-based) */
  message(n: number): Promise<unknown>;
  closed: Promise<{ code: number; reason: string }>;
}

function connect(path: string, options: WebSocket.ClientOptions = {}): Client {
  const socket = new WebSocket(`${base}${path}`, { origin: OWN, ...options });
  const messages: unknown[] = [];
  const waiters: { n: number; resolve: (m: unknown) => void }[] = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(data.toString()));
    for (const w of waiters.filter((w) => w.n <= messages.length)) w.resolve(messages[w.n - 1]);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    socket.on('error', () => {});
  });
  return {
    socket,
    messages,
    closed,
    message: (n) =>
      new Promise((resolve) => {
        if (messages.length >= n) resolve(messages[n - 1]);
        else waiters.push({ n, resolve });
      }),
  };
}

/**
 * A socket upgraded by hand, to send what no WebSocket library sends; answers it once the 101 came,
 * with every byte the server sent after the 101's head and a promise of the connection's end.
 */
function rawSocket(path: string): Promise<{ socket: net.Socket; received: () => Buffer; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${OWN}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      ),
    );
    let bytes = Buffer.alloc(0);
    const ended = new Promise<void>((done) => socket.on('close', () => done()));
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      bytes = Buffer.concat([bytes, chunk]);
      const head = bytes.indexOf('\r\n\r\n');
      if (head === -1 || socket.listenerCount('data') === 0) return;
      if (!bytes.subarray(0, head).toString().startsWith('HTTP/1.1 101 ')) reject(new Error(bytes.toString()));
      resolve({ socket, received: () => bytes.subarray(head + 4), ended });
    });
  });
}

const opened = (client: Client) => new Promise<void>((resolve) => client.socket.once('open', () => resolve()));

describe('WebSocket gateway', () => {
  it('sends the snapshot on connect, then the broadcasts of the socket’s group only', async () => {
    const a = connect('/api/ws/rooms?room=a');
    const b = connect('/api/ws/rooms?room=b');
    expect(await a.message(1)).toEqual({ snapshot: 'a' });
    expect(await b.message(1)).toEqual({ snapshot: 'b' });
    expect(rooms.size('a')).toBe(1);
    rooms.broadcast('a', { n: 1 });
    expect(await a.message(2)).toEqual({ n: 1 });
    expect(b.messages).toEqual([{ snapshot: 'b' }]);
    a.socket.close();
    b.socket.close();
    await Promise.all([a.closed, b.closed]);
    expect(rooms.size('a')).toBe(0);
  });

  it('encodes a broadcast once for all its sockets, and sends it as text', async () => {
    const clients = [connect('/api/ws/rooms?room=b'), connect('/api/ws/rooms?room=b'), connect('/api/ws/rooms?room=b')];
    await Promise.all(clients.map((client) => client.message(1)));
    const text = clients.map(
      (client) => new Promise<boolean>((resolve) => client.socket.once('message', (_data, isBinary) => resolve(!isBinary))),
    );
    const send = vi.spyOn(WebSocket.prototype, 'send');
    try {
      rooms.broadcast('b', { n: 3 });
      const bodies = send.mock.calls.map(([body]) => body);
      expect(bodies).toHaveLength(3);
      expect(Buffer.isBuffer(bodies[0])).toBe(true);
      expect(new Set(bodies).size).toBe(1);
    } finally {
      send.mockRestore();
    }
    expect(await Promise.all(text)).toEqual([true, true, true]);
    expect(await Promise.all(clients.map((client) => client.message(2)))).toEqual([{ n: 3 }, { n: 3 }, { n: 3 }]);
    for (const client of clients) client.socket.close();
    await Promise.all(clients.map((client) => client.closed));
  });

  it('sends a broadcast that arrives while the snapshot is read after the snapshot, never before', async () => {
    let release: () => void = () => {};
    snapshotGate = new Promise((resolve) => {
      release = resolve;
    });
    const a = connect('/api/ws/rooms?room=a');
    await opened(a);
    await expect.poll(() => rooms.size('a')).toBe(1);
    rooms.broadcast('a', { n: 2 });
    release();
    snapshotGate = Promise.resolve();
    expect(await a.message(2)).toEqual({ n: 2 });
    expect(a.messages).toEqual([{ snapshot: 'a' }, { n: 2 }]);
    a.socket.close();
  });

  it('refuses an upgrade from a page of another site', async () => {
    const foreign = new WebSocket(`${base}/api/ws/rooms?room=a`, { origin: 'http://evil.example' });
    const status = await new Promise<number>((resolve) => foreign.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    foreign.on('error', () => {});
    expect(status).toBe(403);
  });

  it('closes with a reason on a bad query or a refused snapshot', async () => {
    expect(await connect('/api/ws/rooms?room=zzz').closed).toMatchObject({
      code: CLOSE.policyViolation,
      reason: expect.stringMatching(/^room/),
    });
    expect(await connect('/api/ws/rooms?room=closed').closed).toEqual({ code: CLOSE.policyViolation, reason: 'This room is closed' });
  });

  it('accepts pings but closes a socket that sends anything else, or floods', async () => {
    const talker = connect('/api/ws/rooms?room=a');
    await talker.message(1);
    talker.socket.send(JSON.stringify({ type: 'ping' }));
    talker.socket.send('hello?');
    expect(await talker.closed).toMatchObject({ code: CLOSE.unsupportedData });

    const flooder = connect('/api/ws/rooms?room=a');
    await flooder.message(1);
    for (let i = 0; i < 25; i++) flooder.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await flooder.closed).toEqual({ code: CLOSE.policyViolation, reason: 'Too many messages' });
  });

  it("logs a client's protocol error (an unmasked frame) at info without a stack, counts it, and closes that socket alone", async () => {
    const bystander = connect('/api/ws/rooms?room=a');
    await bystander.message(1);
    const before = gateway.protocolErrors();
    const from = logged.length;
    const raw = await rawSocket('/api/ws/rooms?room=a');
    // A client's frames must be masked (RFC 6455 5.1): FIN and text, no mask bit, "hi".
    raw.socket.write(Buffer.from([0x81, 0x02, 0x68, 0x69]));
    await raw.ended;
    // The client is told why before the connection ends: a close frame with 1002, protocol error.
    expect(raw.received().includes(Buffer.from([0x88, 0x02, 0x03, 0xea]))).toBe(true);
    expect(gateway.protocolErrors()).toEqual({
      total: before.total + 1,
      byCode: { ...before.byCode, WS_ERR_EXPECTED_MASK: (before.byCode.WS_ERR_EXPECTED_MASK ?? 0) + 1 },
    });
    const lines = logged.slice(from).filter((line) => line.level >= 30);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'client socket protocol error',
        code: 'WS_ERR_EXPECTED_MASK',
        reason: 'Invalid WebSocket frame: MASK must be set',
      }),
    ]);
    expect(lines[0]).not.toHaveProperty('err');
    expect(JSON.stringify(lines[0])).not.toContain('RangeError');
    expect(bystander.socket.readyState).toBe(WebSocket.OPEN);
    bystander.socket.close();
  });

  it('counts each protocol error by its code: a frame past the size limit', async () => {
    const before = gateway.protocolErrors();
    const big = connect('/api/ws/rooms?room=b');
    await big.message(1);
    big.socket.send('x'.repeat(SOCKET_LIMITS.maxIncomingBytes + 1));
    expect((await big.closed).code).toBe(1009);
    expect(gateway.protocolErrors().byCode.WS_ERR_UNSUPPORTED_MESSAGE_LENGTH).toBe(
      (before.byCode.WS_ERR_UNSUPPORTED_MESSAGE_LENGTH ?? 0) + 1,
    );
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('drops a socket that stops answering heartbeats, and keeps one that answers', async () => {
    const dead = connect('/api/ws/rooms?room=b', { autoPong: false });
    const live = connect('/api/ws/rooms?room=b');
    await Promise.all([dead.message(1), live.message(1)]);
    // A terminated socket closes without a close frame: 1006 on the client's side.
    expect((await dead.closed).code).toBe(1006);
    expect(live.socket.readyState).toBe(WebSocket.OPEN);
    live.socket.close();
  });

  it('closes a client that cannot keep up instead of buffering without bound', async () => {
    const slow = connect('/api/ws/rooms?room=b');
    await slow.message(1);
    rooms.broadcast('b', { big: 'x'.repeat(8_000) });
    expect(await slow.closed).toMatchObject({ code: CLOSE.tryAgainLater });
  });
});
