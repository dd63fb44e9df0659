import { afterAll, describe, expect, it, vi } from 'vitest';
import { RADIO_PATHS } from '../../common/constants';
import type { RadioListeners } from '../../common/radio';
import { SOCKET_WAIT_MS, type SocketClient } from '../realtime/testing';
import { testClock } from '../testing/clock';
import { type Instance, radioDatabase, seedSongs, startInstance } from './testing';

/**
 * Issue 24 item 5: a new listener is counted on every open /radio page within moments, across
 * instances. Two instances on one database, /radio pages (sockets of /api/ws/radio/listeners) on
 * both. The counts' one-second check and heartbeat are never run (setInterval is faked, the clock
 * does not move), and nothing polls: only the push on a join or leave can bring a page its new
 * count. How fast is for bench/ws.ts; the waits here are generous.
 */

vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
// Registered first, so it runs after the instances stopped.
afterAll(() => {
  vi.useRealTimers();
});

const clock = testClock();
const database = await radioDatabase();
const a = await startInstance(database, clock.now);
const b = await startInstance(database, clock.now);
await seedSongs(a.context.database.db, 3);
await Promise.all([a.context.radio.start(), b.context.radio.start()]);

/** A /radio page's count socket on `instance` */
const page = (instance: Instance): SocketClient => instance.socket(RADIO_PATHS.listenersSocket);

/** Waits until every page's latest message says `top` listen to the top station. */
async function allShow(pages: SocketClient[], top: number) {
  const expected: RadioListeners = { top, everything: 0 };
  await vi.waitFor(() => expect(pages.map((p) => p.messages.at(-1))).toEqual(pages.map(() => expected)), {
    timeout: SOCKET_WAIT_MS,
    interval: 20,
  });
}

describe('the listener count, pushed across instances', () => {
  it('reaches every page on both instances when a listener joins on one and leaves on the other', async () => {
    const first = a.listen('top');
    const second = b.listen('top');
    await Promise.all([first.message(1), second.message(1)]);
    const pages = [page(a), page(a), page(b), page(b)];
    await allShow(pages, 2);

    const third = b.listen('top');
    await third.message(1);
    await allShow(pages, 3);

    first.socket.close();
    await first.closed;
    await allShow(pages, 2);
  });

  it('a clean stop takes its listeners off the pages of the other instance at once', async () => {
    const pages = [page(b)];
    await allShow(pages, 2);
    await b.listen('top').message(1);
    await allShow(pages, 3);
    // A holds none of them now; when B stops its three go, and a page on A follows the sum down.
    const onA = page(a);
    await allShow([onA], 3);
    await b.close();
    await allShow([onA], 0);
  });
});
