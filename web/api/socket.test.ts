import { QueryClient } from '@tanstack/react-query';
import ReconnectingWebSocket from 'partysocket/ws';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { parseMessage, queryPusher, SOCKET_OPTIONS, socketUrl } from './socket';

describe('socketUrl', () => {
  it('uses ws:// on an http page and wss:// on an https one, on the page host', () => {
    expect(socketUrl('/api/ws/requests/flip/queue', { protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/ws/requests/flip/queue',
    );
    expect(socketUrl('/api/ws/radio?station=top', { protocol: 'https:', host: 'almanac.example' })).toBe(
      'wss://almanac.example/api/ws/radio?station=top',
    );
  });
});

describe('parseMessage', () => {
  const schema = z.array(z.object({ id: z.number() }));
  it('accepts JSON of the shape and refuses anything else', () => {
    expect(parseMessage('[{"id":1}]', schema)).toMatchObject({ success: true, data: [{ id: 1 }] });
    expect(parseMessage('[{"id":"1"}]', schema).success).toBe(false);
    expect(parseMessage('not json', schema).success).toBe(false);
    expect(parseMessage(new ArrayBuffer(2), schema).success).toBe(false);
  });
});

/** A socket that can never connect: each attempt closes as soon as it starts. */
const attempts: number[] = [];
const closes: number[] = [];
class RefusedSocket extends EventTarget {
  readyState = 0;
  binaryType = 'blob';
  constructor() {
    super();
    attempts.push(Date.now());
    setTimeout(() => {
      this.readyState = 3;
      closes.push(Date.now());
      this.dispatchEvent(new Event('close'));
    }, 0);
  }
  close() {
    this.readyState = 3;
  }
}

describe('SOCKET_OPTIONS (spec 7 reconnection)', () => {
  afterEach(() => {
    vi.useRealTimers();
    attempts.length = 0;
    closes.length = 0;
  });

  it('retries 25 times after the first attempt, 500 ms first, doubling, capped at 2 minutes', async () => {
    vi.useFakeTimers({ now: 0 });
    const socket = new ReconnectingWebSocket('ws://localhost/api/ws/x', undefined, { ...SOCKET_OPTIONS, WebSocket: RefusedSocket });
    // 500 ms · (1 + 2 + … + 2^7) reaches the cap at the 9th retry; 17 more at 2 minutes: well under an hour.
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    socket.close();
    // The wait from each refused attempt's close to the next attempt.
    const gaps = attempts.slice(1).map((time, i) => time - closes[i]!);
    expect(attempts).toHaveLength(26);
    expect(gaps.slice(0, 9)).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 32_000, 64_000, 120_000]);
    expect(new Set(gaps.slice(8))).toEqual(new Set([120_000]));
  });
});

describe('queryPusher', () => {
  it('keeps a pushed value when an older read in flight answers after it', async () => {
    const queryClient = new QueryClient();
    const key = ['queue'];
    let answerRead: (value: string) => void = () => {};
    const read = queryClient.fetchQuery({
      queryKey: key,
      queryFn: () =>
        new Promise<string>((resolve) => {
          answerRead = resolve;
        }),
    });
    const push = queryPusher<string>(queryClient, key);
    push('pushed v2');
    push('pushed v3');
    answerRead('read v1');
    expect(await read).toBe('read v1');
    await vi.waitFor(() => expect(queryClient.getQueryData(key)).toBe('pushed v3'));
    expect(queryClient.isFetching({ queryKey: key })).toBe(0);
  });

  it('sets a pushed value at once when nothing is being read', () => {
    const queryClient = new QueryClient();
    queryPusher<number>(queryClient, ['n'])(7);
    expect(queryClient.getQueryData(['n'])).toBe(7);
  });
});
