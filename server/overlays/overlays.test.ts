import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_OVERLAY_KEY, OVERLAY_PATHS, type OverlayQueue, overlayQueueSchema } from '../../common/overlays';
import { QUEUE_PATHS } from '../../common/queue';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { connectSocket, type SocketClient, socketUrl } from '../realtime/testing';
import { seedQueuedFlips } from '../song-requests/queue/testing';
import { createTestApp } from '../testing/app';
import { buildAdmin } from '../testing/users';
import { NO_KEY, WRONG_KEY } from './key';

/** The queue overlay for OBS: the demo key opens it over HTTP and its socket; any other key is a 403. */

const t = await createTestApp();
await t.app.listen({ host: '127.0.0.1', port: 0 });
const address = t.app.server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const admin = await buildAdmin(t.db);
const sockets: SocketClient[] = [];
afterAll(() => {
  for (const client of sockets) client.socket.terminate();
});

const read = (key?: string) => t.app.inject({ url: `${OVERLAY_PATHS.queue}${key === undefined ? '' : `?key=${encodeURIComponent(key)}`}` });
const openSocket = (key: string) => {
  const client = connectSocket(socketUrl(origin, `${OVERLAY_PATHS.queueSocket}?key=${encodeURIComponent(key)}`), {
    origin: t.config.publicUrl,
  });
  sockets.push(client);
  return client;
};
const titlesOf = (overlay: OverlayQueue) => [overlay.playing?.title ?? null, ...overlay.next.map((item) => item.title)];

describe('the queue overlay', () => {
  it('shows what plays and the next three, with the demo key, and follows NEXT on its socket', async () => {
    expect(overlayQueueSchema.parse((await read(DEMO_OVERLAY_KEY)).json())).toEqual({ playing: null, next: [] });
    await seedQueuedFlips(t.db, 5);
    const client = openSocket(DEMO_OVERLAY_KEY);
    expect(titlesOf((await client.message(1)) as OverlayQueue)).toEqual([null, 'Seeded flip 1', 'Seeded flip 2', 'Seeded flip 3']);

    const heard = client.next();
    expect((await t.app.inject({ method: 'POST', url: QUEUE_PATHS.next, headers: admin.headers })).statusCode).toBe(200);
    const pushed = (await heard).message as OverlayQueue;
    expect(titlesOf(pushed)).toEqual(['Seeded flip 1', 'Seeded flip 2', 'Seeded flip 3', 'Seeded flip 4']);
    expect(pushed.playing).toMatchObject({ username: 'fan-1', mediaId: 'vid00000000', nowPlaying: true });
    expect((await read(DEMO_OVERLAY_KEY)).json()).toEqual(pushed);
  });

  it('refuses a wrong or missing key with a short 403, over HTTP and on the socket', async () => {
    for (const key of ['wrong', undefined, `${DEMO_OVERLAY_KEY}x`]) {
      const res = await read(key);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: WRONG_KEY, requestId: expect.any(String) });
    }
    const refused = await openSocket('wrong').refused;
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ message: WRONG_KEY });
  });

  it('gives admins the overlay URLs to paste into OBS', async () => {
    const res = await t.app.inject({ url: OVERLAY_PATHS.list, headers: admin.headers });
    expect(res.json()).toEqual([
      { name: 'Flip request queue', url: `${t.config.publicUrl}/overlays/queue?key=${DEMO_OVERLAY_KEY}` },
      { name: 'Sample player', url: `${t.config.publicUrl}/overlays/samples?key=${DEMO_OVERLAY_KEY}` },
    ]);
  });
});

describe('overlays in production', () => {
  const production = {
    ALMANAC_MODE: 'production',
    DATABASE_URL: 'postgres://unused',
    PUBLIC_URL: 'https://almanac.example',
    TWITCH_CLIENT_ID: 'x',
    TWITCH_CLIENT_SECRET: 'x',
    DATA_DIR: '/tmp/almanac-test-unused',
  };

  it('are off without OVERLAY_KEY: even the demo key is refused', async () => {
    const other = await buildApp({ config: loadConfig(production), database: t.database, serveWeb: false });
    try {
      const res = await other.app.inject({ url: `${OVERLAY_PATHS.queue}?key=${DEMO_OVERLAY_KEY}`, headers: { host: 'almanac.example' } });
      expect([res.statusCode, res.json().message]).toEqual([403, NO_KEY]);
    } finally {
      await other.app.close();
    }
  });

  it('open with the configured key only', async () => {
    const key = 'a-long-overlay-secret-1234';
    const other = await buildApp({ config: loadConfig({ ...production, OVERLAY_KEY: key }), database: t.database, serveWeb: false });
    try {
      const ask = (k: string) => other.app.inject({ url: `${OVERLAY_PATHS.queue}?key=${k}`, headers: { host: 'almanac.example' } });
      expect((await ask(key)).statusCode).toBe(200);
      expect((await ask(DEMO_OVERLAY_KEY)).statusCode).toBe(403);
    } finally {
      await other.app.close();
    }
  });
});
