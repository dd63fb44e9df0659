import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/app';
import { buildSong } from '../testing/factories';

const t = await createTestApp();

describe('catalogue smoke', () => {
  it('lists a song it was given', async () => {
    const song = await buildSong(t.db, { name: 'Paper Satellites' });
    const res = await t.app.inject({ method: 'GET', url: '/api/media/latest?size=5' });
    expect(res.statusCode).toBe(200);
    expect(res.json().content.map((m: { id: number }) => m.id)).toContain(song.id);
  });
});
