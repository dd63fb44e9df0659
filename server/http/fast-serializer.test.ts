import { describe, expect, it } from 'vitest';
import { clipSchema, mediaSchema, pageSchema, playlistSchema, streamSchema } from '../../common/api';
import { SUGGEST_PATH, suggestionsSchema } from '../../common/search';
import { createTestApp } from '../testing/app';
import { buildClip, buildPlaylist, buildSong, buildStream, buildTag } from '../testing/factories';
import { fastStringify } from './fast-serializer';

/** The fast serializer of the hot routes writes what the zod schema allows, the same JSON as JSON.stringify. */

const t = await createTestApp();

describe('fastStringify', () => {
  it('writes real answers of every kind and the suggestions exactly as JSON.stringify does', async () => {
    const tag = await buildTag(t.db, 'Chill "quoted" tag');
    const stream = await buildStream(t.db, { name: 'Ibis stream' });
    await buildSong(t.db, {
      name: 'Ibis \u00e9t\u00e9 \\ song',
      tagIds: [tag.id],
      streamId: stream.id,
      streamTimestamp: 90,
      lyrics: 'la\nla',
    });
    await buildSong(t.db, { name: 'Ibis plain', thumbnail: null });
    await buildPlaylist(t.db, { name: 'Ibis hits', streamId: stream.id });
    await buildClip(t.db, { name: 'ibis clip' });
    t.catalogue.changed();
    const schemas = { media: mediaSchema, streams: streamSchema, playlists: playlistSchema, clips: clipSchema };
    for (const [kind, item] of Object.entries(schemas)) {
      const res = await t.app.inject({ url: `/api/${kind}?q=ibis` });
      const answer = pageSchema(item).parse(res.json());
      expect(answer.content.length, kind).toBeGreaterThan(0);
      expect(res.body).toBe(JSON.stringify(answer));
      expect(fastStringify(pageSchema(item))(answer)).toBe(JSON.stringify(answer));
    }
    const res = await t.app.inject({ url: `${SUGGEST_PATH}?q=ibis` });
    const suggestions = suggestionsSchema.parse(res.json());
    expect(suggestions.media).toHaveLength(2);
    expect(res.body).toBe(JSON.stringify(suggestions));
  });
});
