import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page as ApiPage, Media } from '../common/api';
import { expectNoPageErrors, useBrowser } from './support/browser';

/** Share cards (spec 3: "The share image is 480 by 270"): what a link to a song shows where it is posted. */

let song: Media;

beforeAll(async () => {
  const response = await fetch(`${inject('baseURL')}/api/media/latest?size=50`);
  const songs = ((await response.json()) as ApiPage<Media>).content;
  const found = songs.find((item) => item.thumbnail !== null);
  if (!found) throw new Error('No demo song has a thumbnail');
  song = found;
});

/** The content of a meta tag of the served HTML, as a crawler that runs no script reads it. */
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/:/g, '\\:')}" content="([^"]*)"`).exec(html)?.[1];

describe('share cards', () => {
  const browser = useBrowser();

  it("a song page's HTML names the song and points at its 480x270 image, which loads", async () => {
    const baseURL = inject('baseURL');
    const response = await fetch(`${baseURL}/media/${song.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const image = `${baseURL}/images/share/media/${song.id}.jpg`;
    expect(metaOf(html, 'og:image')).toBe(image);
    expect(metaOf(html, 'twitter:image')).toBe(image);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'og:url')).toBe(`${baseURL}/media/${song.id}`);
    expect(metaOf(html, 'og:title')).toBeDefined();

    const [own, site] = await Promise.all([fetch(image), fetch(`${baseURL}/images/share/site.jpg`)]);
    expect(own.headers.get('content-type')).toBe('image/jpeg');
    // The song's own thumbnail, not the site's fallback.
    expect(Buffer.from(await own.arrayBuffer()).equals(Buffer.from(await site.arrayBuffer()))).toBe(false);

    // In the browser: the tags survive the app's start, and the image they name loads at its size.
    const page = await browser.open(`/media/${song.id}`);
    const size = await page.evaluate(async () => {
      const url = document.querySelector<HTMLMetaElement>('meta[property="og:image"]')?.content ?? '';
      const img = new Image();
      img.src = url;
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight };
    });
    expect(size).toEqual({ width: 480, height: 270 });
    expectNoPageErrors(page);
  });
});
