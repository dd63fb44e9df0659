import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RADIO_PATHS } from '../../common/constants';
import { HOME_READS, LATEST_SONGS_READ, radioReads } from '../../common/first-reads';
import type { RadioTrack } from '../../common/radio';
import { likes } from '../db/schema';
import type { App } from '../http/types';
import { buildSong, buildStream } from '../testing/factories';
import { buildUser } from '../testing/users';
import { createPageAnswers } from './page-answers';
import { matchPage } from './pages';
import { siteTestApp } from './testing';

const SHELL = '<!doctype html><html lang="en"><head><title>Almanac</title></head><body><div id="root"></div></body></html>';
const { app, context, db } = await siteTestApp(SHELL);

const ELEMENT = /<script id="almanac-page-answers" type="application\/json">([^<]*)<\/script>/;
const decode = (value: string) => value.replace(/&(amp|quot);/g, (_, e: string) => (e === 'amp' ? '&' : '"'));

/** A page as the browser reads it: the answers its HTML carries (by API URL) and the images it preloads. */
async function pageOf(url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  const head = res.body.slice(0, res.body.indexOf('</head>'));
  const found = ELEMENT.exec(head);
  const preloads = [...head.matchAll(/<link rel="preload" as="image" href="([^"]*)" fetchpriority="high"(?: media="([^"]*)")? \/>/g)].map(
    (m) => (m[2] ? `${decode(m[1]!)} ${decode(m[2])}` : decode(m[1]!)),
  );
  return { body: res.body, answers: found ? (JSON.parse(found[1]!) as Record<string, unknown>) : undefined, preloads };
}

/** The items of a list answer the page carries. */
function contentOf<T>(answers: Record<string, unknown> | undefined, url: string): T[] {
  const answer = answers?.[url] as { content: T[] } | undefined;
  if (!answer) throw new Error(`The page carries no answer of ${url}`);
  return answer.content;
}

/** What a logged-out visitor is answered at `url` by the API. */
async function apiAnswer(url: string): Promise<unknown> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe("a page's first screen in its HTML", () => {
  it("carries the home page's first reads as the API answers them, and preloads the last stream's poster", async () => {
    await buildStream(db, { name: 'Older stream', thumbnail: 'older.jpg', uploadedAt: new Date(Date.now() - 9 * 86_400_000) });
    await buildStream(db, { name: 'Last stream', thumbnail: 'last stream.jpg', uploadedAt: new Date(Date.now() - 86_400_000) });
    for (let n = 0; n < 10; n += 1) await buildSong(db, { name: `Home song ${n}`, thumbnail: `home-${n}.jpg` });

    const page = await pageOf('/');
    expect(Object.keys(page.answers ?? {}).sort()).toEqual(Object.values(HOME_READS).sort());
    for (const url of Object.values(HOME_READS)) expect(page.answers?.[url], url).toEqual(await apiAnswer(url));
    expect(contentOf(page.answers, HOME_READS.latestSongs)).toHaveLength(8);
    // The address web/components/Thumbnail.tsx asks for, or the browser would fetch it twice.
    expect(page.preloads).toEqual(['/images/thumbnails/streams/last%20stream.jpg']);
  });

  it("carries /radio's current track (the station of its query, top by default) and the listener count, and preloads the track's thumbnail", async () => {
    // Neither station has started: the page says so (null), and preloads nothing.
    const before = await pageOf('/radio');
    expect(before.answers).toEqual({ [radioReads('top').current]: null, [radioReads('top').listeners]: { top: 0, everything: 0 } });
    expect(before.preloads).toEqual([]);

    await context.radio.feed.due('top');
    await context.radio.feed.due('everything');
    for (const [url, station] of [
      ['/radio?station=everything', 'everything'],
      ['/radio', 'top'],
      ['/radio/?station=jazz', 'top'],
    ] as const) {
      const page = await pageOf(url);
      const reads = radioReads(station);
      expect(Object.keys(page.answers ?? {}), url).toEqual([reads.current, reads.listeners]);
      const track = page.answers?.[reads.current] as RadioTrack;
      // What the socket sends a joiner: the same play, stamped at another moment.
      const { serverTime: _t, startAtSecs: _s, ...now } = (await apiAnswer(reads.current)) as RadioTrack;
      expect(track, url).toMatchObject({ ...now, station });
      expect(track.thumbnail).toBeTruthy();
      expect(page.preloads, url).toEqual([`/images/thumbnails/media/${encodeURIComponent(track.thumbnail!)}`]);
      expect(page.answers?.[reads.listeners]).toEqual(await apiAnswer(RADIO_PATHS.listeners));
    }
  });

  it("carries /latest's first page (the route's youtube filter, the widest size) and preloads its first row's thumbnails", async () => {
    await buildSong(db, { name: 'On SoundCloud', provider: 'sound_cloud', thumbnail: 'sc.jpg', uploadedAt: new Date() });
    const page = await pageOf('/latest');
    expect(Object.keys(page.answers ?? {})).toEqual([LATEST_SONGS_READ]);
    const answer = page.answers?.[LATEST_SONGS_READ] as { content: { name: string; thumbnail: string }[] };
    expect(answer).toEqual(await apiAnswer(LATEST_SONGS_READ));
    expect(answer.content.map((song) => song.name)).not.toContain('On SoundCloud');
    const first = answer.content.slice(0, 4).map((song) => `/images/thumbnails/media/${encodeURIComponent(song.thumbnail)}`);
    expect(page.preloads).toEqual([
      first[0],
      `${first[1]} (min-width: 36em)`,
      `${first[2]} (min-width: 62em)`,
      `${first[3]} (min-width: 75em)`,
    ]);
  });

  it("carries an item's answer on its pages, and its poster's preload on its own page only", async () => {
    const song = await buildSong(db, { name: 'Poster song', thumbnail: 'poster & co.jpg' });
    const bare = await buildSong(db, { name: 'No poster', thumbnail: null });
    const url = `/api/media/${song.id}`;
    expect(await pageOf(`/media/${song.id}`)).toMatchObject({
      answers: { [url]: await apiAnswer(url) },
      preloads: ['/images/thumbnails/media/poster%20%26%20co.jpg'],
    });
    expect(await pageOf(`/media/${song.id}/details`)).toMatchObject({ answers: { [url]: await apiAnswer(url) }, preloads: [] });
    expect((await pageOf(`/media/${bare.id}`)).preloads).toEqual([]);
    // An unknown item: nothing (the page asks, and shows its "not found").
    expect(await pageOf(`/media/${song.id + 1000}`)).toMatchObject({ answers: undefined, preloads: [] });
  });

  it('carries nothing where the screen asks by its query, on pages without first reads, and in the offline shell', async () => {
    for (const url of ['/latest?tags=1', '/?loginSuccess=true', '/top', '/index.html']) {
      expect(await pageOf(url), url).toMatchObject({ answers: undefined, preloads: [] });
    }
  });

  it('keeps every value inside its element: a name with </script> in it reads back unchanged', async () => {
    const name = 'Seeded </script><script>alert(1)</script> <!-- \u2028';
    await buildSong(db, { name, uploadedAt: new Date(Date.now() + 60_000) });
    const page = await pageOf('/latest');
    expect(page.body).not.toContain('<script>alert(1)');
    // Every element that ends is one that began (the public config's and the answers'): the name ended none.
    expect(page.body.match(/<\/script>/g)?.length).toBe(page.body.match(/<script /g)?.length);
    expect(contentOf<{ name: string }>(page.answers, LATEST_SONGS_READ)[0]?.name).toBe(name);
  });

  it("is the same page for a logged-in fan: the logged-out answers, never the viewer's own flags", async () => {
    const fan = await buildUser(db);
    const latest = (await apiAnswer(LATEST_SONGS_READ)) as { content: { id: number }[] };
    const liked = latest.content[0]!.id;
    await db.insert(likes).values({ userId: fan.id, kind: 'media', itemId: liked });
    const own = await app.inject({ method: 'GET', url: LATEST_SONGS_READ, headers: fan.headers });
    expect((own.json() as { content: { id: number; liked: boolean }[] }).content[0]).toMatchObject({ id: liked, liked: true });

    const asFan = await pageOf('/latest', fan.headers);
    expect(asFan.body).toBe((await pageOf('/latest')).body);
    expect(contentOf<{ liked: boolean }>(asFan.answers, LATEST_SONGS_READ).every((s) => !s.liked)).toBe(true);
  });
});

describe('a first read that fails', () => {
  it('is left out of the page, whose other answers and preloads stay', async () => {
    // A stand-in API: the live check fails, the top list is unavailable, the rest answers.
    const api = Fastify({ logger: false });
    api.get('/api/live', async () => {
      throw new Error('the live check broke');
    });
    api.get('/api/streams/latest', async () => ({ content: [{ thumbnail: 'last.jpg' }] }));
    api.get('/api/media/top', async (_request, reply) => reply.code(503).send({ statusCode: 503 }));
    api.get('/api/media/latest', async () => ({ content: [] }));
    await api.ready();
    try {
      const tags = await createPageAnswers(api as unknown as App, {
        publicUrl: 'https://almanac.example',
        ttlMs: 0,
        onChanged: () => {},
      }).tagsFor(matchPage('/'), '/');
      expect(tags[0]).toBe('<link rel="preload" as="image" href="/images/thumbnails/streams/last.jpg" fetchpriority="high" />');
      const answers = JSON.parse(ELEMENT.exec(tags[1]!)![1]!) as Record<string, unknown>;
      expect(Object.keys(answers).sort()).toEqual([HOME_READS.lastStream, HOME_READS.latestSongs].sort());
      expect(tags).toHaveLength(2);
    } finally {
      await api.close();
    }
  });
});

describe("a page's kept tags", () => {
  it('are built once per path while kept, and again after a catalogue write', async () => {
    const api = Fastify({ logger: false });
    let reads = 0;
    api.get('/api/media/latest', async () => ({ content: [{ thumbnail: `${++reads}.jpg` }] }));
    await api.ready();
    let changed = () => {};
    try {
      const answers = createPageAnswers(api as unknown as App, {
        publicUrl: 'https://almanac.example',
        ttlMs: 60_000,
        onChanged: (listener) => {
          changed = listener;
        },
      });
      const first = await answers.tagsFor(matchPage('/latest'), '/latest');
      expect(await answers.tagsFor(matchPage('/latest/'), '/latest/')).toEqual(first);
      expect(reads).toBe(1);
      changed();
      expect((await answers.tagsFor(matchPage('/latest'), '/latest'))[0]).toContain('/images/thumbnails/media/2.jpg');
      expect(reads).toBe(2);
    } finally {
      await api.close();
    }
  });

  it('are never kept for /radio: its track is stamped now, and the next may start any second', async () => {
    const api = Fastify({ logger: false });
    let reads = 0;
    api.get(RADIO_PATHS.current, async () => ({ thumbnail: `${++reads}.jpg` }));
    api.get(RADIO_PATHS.listeners, async () => ({ top: 1, everything: 0 }));
    await api.ready();
    try {
      const answers = createPageAnswers(api as unknown as App, {
        publicUrl: 'https://almanac.example',
        ttlMs: 60_000,
        onChanged: () => {},
      });
      expect((await answers.tagsFor(matchPage('/radio'), '/radio'))[0]).toContain('/images/thumbnails/media/1.jpg');
      expect((await answers.tagsFor(matchPage('/radio'), '/radio'))[0]).toContain('/images/thumbnails/media/2.jpg');
    } finally {
      await api.close();
    }
  });
});

describe("a page's HTML on the wire", () => {
  it('is compressed as the browser accepts (brotli first, else gzip), and reads back as the plain page', async () => {
    await buildStream(db, { name: 'A stream with a long enough name to fill the page' });
    const plain = await app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(plain.body.length).toBeGreaterThan(1400);

    const br = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await app.inject({ method: 'GET', url: '/latest', headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe((await app.inject({ method: 'GET', url: '/latest' })).body);

    const none = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain.body);
  });
});
