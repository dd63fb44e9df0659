import { describe, expect, it, vi } from 'vitest';
import { statsSchema } from '../../common/api';
import { createTestApp } from '../testing/app';
import { buildClip, buildSong, buildStream, buildTag } from '../testing/factories';

const t = await createTestApp();

async function stats() {
  const res = await t.app.inject({ method: 'GET', url: '/api/stats' });
  expect(res.statusCode).toBe(200);
  return statsSchema.strict().parse(res.json());
}

// Stats are cached for a minute per app, so the whole catalogue is built before the first call.
const rock = await buildTag(t.db, 'Rock');
const jazz = await buildTag(t.db, 'Jazz');
const blues = await buildTag(t.db, 'Blues');
const onlyHidden = await buildTag(t.db, 'Hidden Gems');
const onlyStreams = await buildTag(t.db, 'Stream Only');
await buildTag(t.db, 'Unused');

await buildStream(t.db, { duration: 3600, tagIds: [onlyStreams.id] });
await buildStream(t.db, { duration: 7200, provider: 'youtube', source: 'nova_yt' });
await buildStream(t.db, { duration: 99_999, unavailable: true });

await buildClip(t.db);
await buildClip(t.db);
await buildClip(t.db);
await buildClip(t.db, { unavailable: true });

await buildSong(t.db, { duration: 180, tagIds: [rock.id, jazz.id] });
await buildSong(t.db, { duration: 240, tagIds: [rock.id, blues.id] });
await buildSong(t.db, { duration: 100, provider: 'sound_cloud', source: 'nova_sc', tagIds: [jazz.id] });
await buildSong(t.db, { duration: 1000, unavailable: true, tagIds: [onlyHidden.id, blues.id] });

describe('GET /api/stats', () => {
  it('counts available streams and clips and sums stream seconds', async () => {
    const body = await stats();
    expect(body.streamCount).toBe(2);
    expect(body.streamDuration).toBe(3600 + 7200);
    expect(body.clipCount).toBe(3);
  });

  it('counts songs and their seconds per provider', async () => {
    expect((await stats()).providerStats).toEqual({
      youtube: { mediaCount: 2, mediaDuration: 420 },
      sound_cloud: { mediaCount: 1, mediaDuration: 100 },
    });
  });

  it('lists tags by how many available songs carry them, then by name', async () => {
    expect((await stats()).tagStats).toEqual([
      { id: jazz.id, name: 'Jazz', count: 2 },
      { id: rock.id, name: 'Rock', count: 2 },
      { id: blues.id, name: 'Blues', count: 1 },
    ]);
  });

  it('catches up with the catalogue within a minute', async () => {
    await stats();
    await buildStream(t.db, { duration: 60 });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      const body = await stats();
      expect(body.streamCount).toBe(3);
      expect(body.streamDuration).toBe(3600 + 7200 + 60);
    } finally {
      vi.useRealTimers();
    }
  });

  it('catches up at once when the catalogue changes on this instance (an edit, a sync)', async () => {
    const before = await stats();
    const songs = (s: typeof before) => s.providerStats.youtube.mediaCount;
    await buildSong(t.db, { duration: 60, tagIds: [jazz.id] });
    expect(songs(await stats())).toBe(songs(before));
    t.catalogue.changed();
    expect(songs(await stats())).toBe(songs(before) + 1);
  });
});
