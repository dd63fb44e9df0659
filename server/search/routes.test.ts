import { describe, expect, it } from 'vitest';
import { SUGGEST_PATH, suggestionsSchema } from '../../common/search';
import { createTestApp } from '../testing/app';
import { buildClip, buildPlaylist, buildSong, buildStream } from '../testing/factories';
import { type SentQuery, sqlSentBy } from '../testing/queries';
import { buildUser } from '../testing/users';

/** The suggestions route's cost: the list shows no like state, so a logged-in keystroke costs what a logged-out one does. */

const t = await createTestApp();

const suggest = async (q: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ url: `${SUGGEST_PATH}?q=${encodeURIComponent(q)}`, headers });
  expect(res.statusCode).toBe(200);
  return suggestionsSchema.parse(res.json());
};

const catalogueReads = (sent: SentQuery[]) => sent.filter(({ text }) => /"(media|streams|playlists|clips)"/.test(text));

describe('GET /api/search/suggest', () => {
  it('presents items without like state and reads them in one query, logged in or not', async () => {
    const user = await buildUser(t.db);
    const items = {
      media: await buildSong(t.db, { name: 'Wombat Serenade' }),
      streams: await buildStream(t.db, { name: 'Wombat marathon' }),
      playlists: await buildPlaylist(t.db, { name: 'Wombat hits' }),
      clips: await buildClip(t.db, { name: 'wombat cameo' }),
    };
    for (const [kind, item] of Object.entries(items)) {
      expect((await t.app.inject({ method: 'POST', url: `/api/${kind}/${item.id}/like`, headers: user.headers })).statusCode).toBe(200);
    }
    t.catalogue.changed();
    await suggest('wombat'); // builds the index
    for (const headers of [user.headers, {}]) {
      t.catalogue.presented.clear();
      let answer: Awaited<ReturnType<typeof suggest>> | undefined;
      const sent = await sqlSentBy(t.db, async () => {
        answer = await suggest('wombat', headers);
      });
      for (const [kind, item] of Object.entries(items)) {
        expect(answer![kind as keyof typeof items].map((i) => [i.id, i.liked])).toEqual([[item.id, false]]);
      }
      expect(sent.filter(({ text }) => text.includes('"likes"'))).toEqual([]);
      expect(catalogueReads(sent)).toHaveLength(1);
      // The same keystroke again: every item is in the presented cache.
      expect(catalogueReads(await sqlSentBy(t.db, () => suggest('wombat', headers)))).toEqual([]);
    }
  });
});
