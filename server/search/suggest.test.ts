import { describe, expect, it } from 'vitest';
import { SUGGEST_LIMIT, SUGGEST_PATH, suggestionsSchema } from '../../common/search';
import { createTestApp } from '../testing/app';
import { buildClip, buildPlaylist, buildSong, buildStream } from '../testing/factories';

const t = await createTestApp();

async function suggest(q: string) {
  const res = await t.app.inject({ method: 'GET', url: `${SUGGEST_PATH}?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, q).toBe(200);
  return suggestionsSchema.parse(res.json());
}

const names = (items: { name: string }[]) => items.map((item) => item.name);

describe('suggestions', () => {
  it('answers the best few of each kind, best first', async () => {
    const song = await buildSong(t.db, { name: 'Quokka Lanterns', thumbnail: '/images/thumbnails/quokka.jpg', views: 10 });
    for (let i = 0; i < SUGGEST_LIMIT + 2; i++) await buildSong(t.db, { name: `Quokka Parade ${i}`, views: i });
    await buildStream(t.db, { name: 'Quokka marathon' });
    await buildPlaylist(t.db, { name: 'Quokka hits' });
    await buildClip(t.db, { name: 'quokka cameo' });
    t.catalogue.changed();
    const answer = await suggest('quokka lanterns');
    expect(answer.media[0]).toMatchObject({ id: song.id, name: 'Quokka Lanterns', thumbnail: '/images/thumbnails/quokka.jpg' });
    expect(answer.media).toHaveLength(SUGGEST_LIMIT);
    expect(names(answer.streams)).toEqual(['Quokka marathon']);
    expect(names(answer.playlists)).toEqual(['Quokka hits']);
    expect(names(answer.clips)).toEqual(['quokka cameo']);
  });

  it('forgives typos while typing: "latn" finds nothing yet, "latnerns" finds Lanterns', async () => {
    const song = await buildSong(t.db, { name: 'Paper Lanterns' });
    t.catalogue.changed({ media: [song.id] });
    expect((await suggest('latn')).media).toEqual([]);
    expect((await suggest('latnerns')).media.map((item) => item.id)).toContain(song.id);
  });

  it('answers empty lists when nothing matches', async () => {
    expect(await suggest('zzzyzx')).toEqual({ media: [], streams: [], playlists: [], clips: [] });
    expect(await suggest('!!!')).toEqual({ media: [], streams: [], playlists: [], clips: [] });
  });
});
