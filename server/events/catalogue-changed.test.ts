import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { READ_CACHE_HEADER } from '../http/read-cache';
import { createTestApp } from '../testing/app';
import { buildSong } from '../testing/factories';
import { buildAdmin } from '../testing/users';

/**
 * Two instances on one database (two apps), each with the production read cache on: a write on one
 * must clear the other's cached answers through `catalogue.changed` on the bus.
 */
const env = { DATA_DIR: '/tmp/almanac-test-unused', READ_CACHE_MS: '60000' };
const writer = await createTestApp(env);
const reader = await buildApp({ config: loadConfig(env), database: writer.database, serveWeb: false });
await reader.app.ready();
afterAll(() => reader.app.close());

const readSong = (id: number) => reader.app.inject({ method: 'GET', url: `/api/media/${id}` });

const heardByReader = () =>
  new Promise<boolean>((resolve) => {
    const off = reader.context.events.subscribe('catalogue.changed', ({ local }) => {
      off();
      resolve(local);
    });
  });

describe('catalogue.changed across instances', () => {
  it("clears another instance's cached reads when an admin edits there", async () => {
    const admin = await buildAdmin(writer.db);
    const song = await buildSong(writer.db, { lyrics: 'old words' });
    expect((await readSong(song.id)).json().lyrics).toBe('old words');
    expect((await readSong(song.id)).headers[READ_CACHE_HEADER]).toBe('hit');

    const heard = heardByReader();
    const saved = await writer.app.inject({
      method: 'POST',
      url: `/api/media/${song.id}`,
      payload: { lyrics: 'new words', tags: [], streamId: null, streamTimestamp: null },
      headers: admin.headers,
    });
    expect(saved.statusCode).toBe(200);
    expect(await heard).toBe(false);

    const fresh = await readSong(song.id);
    expect(fresh.headers[READ_CACHE_HEADER]).toBe('miss');
    expect(fresh.json().lyrics).toBe('new words');
  });
});
