import { describe, expect, it } from 'vitest';
import { ENTITY_KINDS } from '../../common/enums';
import { createTestApp } from '../testing/app';
import { buildSong } from '../testing/factories';

/** Issue 23: the first search finds the indexes built at start-up, not built for it. */

const t = await createTestApp();
const song = await buildSong(t.db, { name: 'Harbour Lights' });
t.catalogue.changed();

describe('search indexes at start-up', () => {
  it('are not built before the server listens, then every kind is built in the background', async () => {
    const { search } = t.catalogue;
    expect(search.stats()).toEqual([]);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    // Started by listening, not by a search nor by the call below (which awaits the build begun).
    await expect.poll(() => search.stats().length).toBeGreaterThan(0);
    await search.warm();
    expect(search.stats().map((s) => s.kind)).toEqual([...ENTITY_KINDS]);
  });

  it('are what the first search answers from: it builds nothing', async () => {
    const before = t.catalogue.search.stats();
    const res = await t.app.inject({ method: 'GET', url: '/api/media?q=harbour' });
    expect(res.json().content.map((item: { id: number }) => item.id)).toEqual([song.id]);
    expect(t.catalogue.search.stats()).toEqual(before);
  });
});
