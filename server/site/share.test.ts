import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SHARE_IMAGE, THUMBNAIL } from '../../common/constants';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { media } from '../db/schema';
import { buildClip, buildPlaylist, buildSong, buildStream } from '../testing/factories';
import { SITE_TEST_URL, siteTestApp } from './testing';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="A fan almanac of songs &amp; streams." />
    <title>Almanac</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const PUBLIC_URL = SITE_TEST_URL;
const { app, db, database, dataDir, webDist } = await siteTestApp(SHELL);

/** A 320x180 thumbnail of one colour where the sync keeps them ($DATA_DIR/thumbnails/<kind>/). */
async function thumbnail(kind: string, file: string, colour: { r: number; g: number; b: number }) {
  mkdirSync(path.join(dataDir, 'thumbnails', kind), { recursive: true });
  await sharp({ create: { width: THUMBNAIL.width, height: THUMBNAIL.height, channels: 3, background: colour } })
    .jpeg()
    .toFile(path.join(dataDir, 'thumbnails', kind, file));
  return file;
}

const decode = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

/** The page's head tags as a crawler reads them: `og:title` -> value, and `<title>` under "title". */
async function cardOf(url: string): Promise<Record<string, string>> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  const head = res.body.slice(0, res.body.indexOf('</head>'));
  const tags: Record<string, string> = {};
  for (const [, key, value] of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    expect(tags[key!], `${key} appears once`).toBeUndefined();
    tags[key!] = decode(value!);
  }
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)];
  expect(titles).toHaveLength(1);
  tags.title = decode(titles[0]![1]!);
  return tags;
}

async function image(url: string) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/jpeg');
  const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => [
    ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
  ];
  return {
    res,
    info,
    metadata: await sharp(res.rawPayload).metadata(),
    centre: pixel(info.width >> 1, info.height >> 1),
    corner: pixel(2, 2),
  };
}

describe('share cards of pages', () => {
  it("gives a song's page and its details page the song's card, its name escaped", async () => {
    const name = `Tom's "Best" <script>alert(1)</script> & Co`;
    const song = await buildSong(db, { name, duration: 225, thumbnail: await thumbnail('media', 'escaped.jpg', { r: 200, g: 30, b: 30 }) });
    for (const url of [`/media/${song.id}`, `/media/${song.id}/details?ref=chat`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body).not.toContain('<script>alert(1)');
      expect(res.body).not.toContain('"Best"');
      const card = await cardOf(url);
      expect(card).toEqual({
        title: `${name} | Nova Almanac`,
        description: "Nova's song on Nova Almanac (3:45).",
        'og:site_name': 'Nova Almanac',
        'og:type': 'music.song',
        'og:title': name,
        'og:description': "Nova's song on Nova Almanac (3:45).",
        'og:url': `${PUBLIC_URL}${url.split('?')[0]}`,
        'og:image': `${PUBLIC_URL}/images/share/media/${song.id}.jpg`,
        'og:image:type': 'image/jpeg',
        'og:image:width': '480',
        'og:image:height': '270',
        'og:image:alt': name,
        'twitter:card': 'summary_large_image',
        'twitter:title': name,
        'twitter:description': "Nova's song on Nova Almanac (3:45).",
        'twitter:image': `${PUBLIC_URL}/images/share/media/${song.id}.jpg`,
        'twitter:image:alt': name,
      });
    }
  });

  it('gives streams, playlists and clips their own cards', async () => {
    const stream = await buildStream(db, { name: 'Karaoke night', duration: 3723 });
    const playlist = await buildPlaylist(db, { name: 'Ballads', type: 'album', mediaCount: 12 });
    const clip = await buildClip(db, { name: 'That high note', duration: 30, creatorName: 'fan_42' });
    expect(await cardOf(`/streams/${stream.id}`)).toMatchObject({
      'og:title': 'Karaoke night',
      'og:type': 'video.other',
      'og:description': "Nova's stream on Nova Almanac (1:02:03).",
      'og:image': `${PUBLIC_URL}/images/share/streams/${stream.id}.jpg`,
    });
    expect(await cardOf(`/playlists/${playlist.id}/details`)).toMatchObject({
      'og:title': 'Ballads',
      'og:type': 'music.playlist',
      'og:description': 'A playlist of 12 songs on Nova Almanac.',
    });
    expect(await cardOf(`/clips/${clip.id}`)).toMatchObject({
      'og:title': 'That high note',
      'og:description': "A clip of Nova's stream by fan_42 on Nova Almanac (0:30).",
      'og:image': `${PUBLIC_URL}/images/share/clips/${clip.id}.jpg`,
    });
  });

  it('gives other pages the site card, titled by their section', async () => {
    const site = {
      description: 'A fan almanac of songs & streams.',
      'og:site_name': 'Nova Almanac',
      'og:type': 'website',
      'og:description': 'A fan almanac of songs & streams.',
      'og:image': `${PUBLIC_URL}/images/share/site.jpg`,
      'twitter:card': 'summary_large_image',
      'twitter:image': `${PUBLIC_URL}/images/share/site.jpg`,
    };
    expect(await cardOf('/top?period=week')).toMatchObject({
      ...site,
      title: 'Top Songs | Nova Almanac',
      'og:title': 'Top Songs | Nova Almanac',
      'twitter:title': 'Top Songs | Nova Almanac',
      'og:url': `${PUBLIC_URL}/top`,
    });
    expect(await cardOf('/')).toMatchObject({ ...site, 'og:title': 'Home | Nova Almanac', 'og:url': `${PUBLIC_URL}/` });
    expect(await cardOf('/admin/refreshes/')).toMatchObject({ 'og:title': 'Playlist Refresh Approval Queue | Nova Almanac' });
    expect(await cardOf('/search?q=x')).toMatchObject({ ...site, 'og:title': 'Nova Almanac', 'og:url': `${PUBLIC_URL}/search` });
    // The web sends unknown paths home; so does the card, and nothing of the path is echoed.
    const unknown = await cardOf('/no/"such"/<page>');
    expect(unknown).toMatchObject({ ...site, 'og:title': 'Home | Nova Almanac', 'og:url': `${PUBLIC_URL}/` });
  });

  it('gives unknown and impossible ids the site card, never an error', async () => {
    for (const [url, section] of [
      ['/media/99999999', 'Song'],
      ['/clips/2147483648/details', 'Clip Details'],
      ['/streams/0', 'Stream'],
      ['/playlists/9999999999', 'Playlist'],
    ] as const) {
      expect(await cardOf(url), url).toMatchObject({
        'og:title': `${section} | Nova Almanac`,
        'og:type': 'website',
        'og:image': `${PUBLIC_URL}/images/share/site.jpg`,
      });
    }
  });

  it('is not served for API, image and sandbox paths', async () => {
    for (const url of ['/api/nothing', '/images/nothing.jpg', '/sandbox/nothing']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe('Not Found');
    }
  });
});

describe('share images', () => {
  it("are the item's thumbnail at 480x270", async () => {
    const song = await buildSong(db, { thumbnail: await thumbnail('media', 'green.jpg', { r: 20, g: 200, b: 40 }) });
    const { res, info, metadata, centre, corner } = await image(`/images/share/media/${song.id}.jpg`);
    expect([info.width, info.height]).toEqual([SHARE_IMAGE.width, SHARE_IMAGE.height]);
    expect(metadata.format).toBe('jpeg');
    for (const pixel of [centre, corner]) {
      expect(pixel[1]).toBeGreaterThan(170);
      expect(pixel[0]).toBeLessThan(60);
    }
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    // A second request is served from the kept file, and revalidates to 304.
    const again = await app.inject({ method: 'GET', url: `/images/share/media/${song.id}.jpg` });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    const revalidated = await app.inject({
      method: 'GET',
      url: `/images/share/media/${song.id}.jpg`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('follow a new thumbnail', async () => {
    const clip = await buildClip(db, { thumbnail: await thumbnail('clips', 'changing.jpg', { r: 20, g: 200, b: 40 }) });
    const url = `/images/share/clips/${clip.id}.jpg`;
    expect((await image(url)).centre[1]).toBeGreaterThan(170);
    // The sync writes a new file under the same name; its modification time is what tells.
    await thumbnail('clips', 'changing.jpg', { r: 30, g: 30, b: 220 });
    const { utimes } = await import('node:fs/promises');
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(dataDir, 'thumbnails', 'clips', 'changing.jpg'), later, later);
    const { centre } = await image(url);
    expect(centre[2]).toBeGreaterThan(170);
    expect(centre[1]).toBeLessThan(80);
  });

  it("are the site's image for items without a thumbnail, unknown ids and the site card", async () => {
    const playlist = await buildPlaylist(db, { thumbnail: null });
    const missing = await buildStream(db, { thumbnail: 'not-on-disk.jpg' });
    const site = await image('/images/share/site.jpg');
    expect([site.info.width, site.info.height]).toEqual([480, 270]);
    // The dark ground at the corner, the mark in the middle.
    expect(Math.max(...site.corner)).toBeLessThan(50);
    expect(Math.max(...site.centre)).toBeGreaterThan(200);
    for (const url of [
      `/images/share/playlists/${playlist.id}.jpg`,
      `/images/share/streams/${missing.id}.jpg`,
      '/images/share/media/99999999.jpg',
      '/images/share/clips/9999999999.jpg',
    ]) {
      const { res, info } = await image(url);
      expect([info.width, info.height], url).toEqual([480, 270]);
      expect(res.rawPayload.equals(site.res.rawPayload), url).toBe(true);
    }
  });

  it('answer 404 for paths that name no kind or id (a path that cannot name an item names nothing)', async () => {
    for (const url of ['/images/share/songs/1.jpg', '/images/share/media/1.png', '/images/share/media/-1.jpg']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('share cards with the read cache on', () => {
  it('read an item once while the cache keeps it, and again after a catalogue write', async () => {
    const cached = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, PUBLIC_URL, READ_CACHE_MS: '60000' }),
      database,
      webDist,
    });
    await cached.app.ready();
    try {
      const song = await buildSong(db, { name: 'Before' });
      const titleOf = async () => {
        const body = (await cached.app.inject({ method: 'GET', url: `/media/${song.id}` })).body;
        return /property="og:title" content="([^"]*)"/.exec(body)?.[1];
      };
      expect(await titleOf()).toBe('Before');
      // A write the cache is not told about is not seen: the card came from memory, not from a query.
      await db.update(media).set({ name: 'After' }).where(eq(media.id, song.id));
      expect(await titleOf()).toBe('Before');
      cached.context.catalogue.changed();
      expect(await titleOf()).toBe('After');
    } finally {
      await cached.app.close();
    }
  });
});
