import { describe, expect, it } from 'vitest';
import type { Queue } from '../../../common/queue';
import { createQueueFeed } from './service';

const item = (id: number): Queue[number] => ({
  id,
  requestId: id,
  mediaId: 'dQw4w9WgXcQ',
  mediaUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  title: `Request ${id}`,
  username: 'fan',
  nowPlaying: false,
});

describe('queue feed', () => {
  it('reads again after a failed read until one succeeds, so no socket keeps an old queue', async () => {
    let calls = 0;
    const errors: string[] = [];
    const feed = createQueueFeed(
      async () => {
        calls += 1;
        if (calls <= 2) throw new Error('Connection terminated unexpectedly');
        return [item(calls)];
      },
      { error: (message) => errors.push(message) },
      { retryMs: 1, maxRetryMs: 4 },
    );
    const delivered = new Promise<Queue>((resolve) => feed.watch(resolve, () => true));
    await feed.refresh();
    expect(await delivered).toEqual([item(3)]);
    expect(errors).toHaveLength(2);
  });

  it('reads once more when a change lands during a read, and not at all while nobody watches', async () => {
    let calls = 0;
    let release: () => void = () => {};
    const feed = createQueueFeed(
      async () => {
        calls += 1;
        if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
        return [item(calls)];
      },
      { error: () => {} },
    );
    await feed.refresh();
    expect(calls).toBe(0);
    const seen: Queue[] = [];
    feed.watch(
      (queue) => seen.push(queue),
      () => true,
    );
    const first = feed.refresh();
    await feed.refresh();
    await feed.refresh();
    release();
    await first;
    expect(calls).toBe(2);
    expect(seen).toEqual([[item(1)], [item(2)]]);
  });
});
