import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoPageErrors, failRequests, useBrowser } from './support/browser';
import { recordApiCalls, waitForCall, waitForCards, waitForPath, waitForTitle, waitForToast } from './support/expect';
import { pick, scrollToEnd } from './support/lists';

const SCREENSHOTS = path.resolve(fileURLToPath(new URL('./screenshots', import.meta.url)));

/** A viewport screenshot (the list below is endless): e2e/screenshots/{name}.png. */
async function viewportShot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/**
 * The demo catalogue changes as the demo world grows: expectations are read from the API at test
 * time instead of naming songs, counts or clippers.
 */
interface Item {
  id: number;
  name: string;
  provider: string;
  lyrics?: string | null;
  creatorName?: string;
  tags: { id: number; name: string }[];
}

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}`);
  return (await response.json()) as T;
}

const list = (page: Page, path: string) => api<{ content: Item[]; totalElements: number }>(page, path);
const tags = (page: Page) => api<{ id: number; name: string }[]>(page, '/api/tag');

/** Whole words of the songs' names, longest first (e.g. "Satellites", "Lanterns"). */
async function nameWords(page: Page, minLength: number): Promise<string[]> {
  const { content } = await list(page, '/api/media/latest?size=60');
  const words = content.flatMap((item) => item.name.split(/[^A-Za-z]+/)).filter((word) => word.length >= minLength);
  return [...new Set(words.map((word) => word.toLowerCase()))].sort((a, b) => b.length - a.length);
}

const cardTitles = (page: Page) => page.getByTestId('item-card').getByRole('heading').allInnerTexts();

describe('search', () => {
  const browser = useBrowser();

  it('shows the songs of a query, titled with the query text', async () => {
    const page = await browser.newPage();
    const [word = 'song'] = (await nameWords(page, 5)).slice(-1);
    const expected = await list(page, `/api/media?q=${word}&sort=relevance&size=21`);
    expect(expected.content.length).toBeGreaterThan(0);
    const calls = recordApiCalls(page);
    await page.goto(`/search?q=${word}`);
    await waitForTitle(page, `${word} | Almanac`);
    await page.getByRole('heading', { level: 1, name: `Results for “${word}”` }).waitFor();
    await waitForCall(page, calls, new RegExp(`^/api/media\\?q=${word}&sort=relevance&page=1&size=21$`));
    await waitForCards(page, expected.content.length);
    expect(await cardTitles(page)).toEqual(expected.content.map((item) => item.name));
    expect(await page.getByRole('tab', { name: 'Songs' }).getAttribute('aria-selected')).toBe('true');
    expectNoPageErrors(page);
  });

  it('loads the next page as the visitor scrolls', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    // No query: every song, far more than a page.
    await page.goto('/search');
    await waitForCards(page, 21);
    await scrollToEnd(page);
    await waitForCards(page, 42);
    expect(calls).toContain('/api/media?sort=relevance&page=2&size=21');
  });

  it('still finds a song when the query is misspelt', async () => {
    const page = await browser.newPage();
    // A long word of a real song name with one letter left out: "satellites" -> "satllites".
    const [word] = await nameWords(page, 7);
    if (!word) throw new Error('No long word in the song names');
    const misspelt = `${word.slice(0, 3)}${word.slice(4)}`;
    await page.goto(`/search?q=${misspelt}`);
    await page
      .getByTestId('item-card')
      .filter({ hasText: new RegExp(word, 'i') })
      .first()
      .waitFor();
  });

  it('switches the type with the tabs and rewrites the URL', async () => {
    const page = await browser.newPage();
    const stream = (await list(page, '/api/streams/latest?size=1')).content[0];
    const word =
      stream?.name
        .split(/[^A-Za-z]+/)
        .find((w) => w.length >= 4)
        ?.toLowerCase() ?? 'live';
    const calls = recordApiCalls(page);
    await page.goto(`/search?q=${word}`);
    await page.getByRole('tab', { name: 'Streams' }).click();
    await waitForPath(page, `/search?q=${word}&type=stream`);
    await waitForCall(page, calls, new RegExp(`^/api/streams\\?q=${word}&sort=relevance&page=1&size=21$`));
    const [first] = (await list(page, `/api/streams?q=${word}&size=1`)).content;
    await page
      .getByTestId('item-card')
      .filter({ hasText: first?.name ?? '' })
      .first()
      .waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search text' }).getAttribute('placeholder')).toBe('Search streams…');

    await page.getByRole('tab', { name: 'Playlists' }).click();
    await waitForPath(page, `/search?q=${word}&type=playlist`);
    await waitForCall(page, calls, new RegExp(`^/api/playlists\\?q=${word}&sort=relevance&page=1`));

    await page.getByRole('tab', { name: 'Clips' }).click();
    await waitForPath(page, `/search?q=${word}&type=clip`);
    await waitForCall(page, calls, new RegExp(`^/api/clips\\?q=${word}&sort=relevance&page=1`));

    // Songs are the default type: it leaves the URL.
    await page.getByRole('tab', { name: 'Songs' }).click();
    await waitForPath(page, `/search?q=${word}`);
    await waitForTitle(page, `${word} | Almanac`);
  });

  it('opens a tab from the type parameter and drops what the type does not take', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/search?q=the&type=clip&lyrics=true&providers=sound_cloud');
    expect(await page.getByRole('tab', { name: 'Clips' }).getAttribute('aria-selected')).toBe('true');
    await waitForCall(page, calls, /^\/api\/clips\?q=the&sort=relevance&page=1&size=21$/);
    // No lyric search outside songs.
    expect(await page.getByRole('switch', { name: 'Search lyrics' }).count()).toBe(0);
  });

  it('rewrites sortBy when the sort changes', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/search?q=neon');
    await waitForCall(page, calls, /^\/api\/media\?q=neon&sort=relevance&page=1/);
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option').first().waitFor();
    const options = await page.getByRole('option').allInnerTexts();
    expect(options).toEqual(['Best match', 'Newest', 'Most viewed', 'Longest', 'Random']);
    await page.getByRole('option', { name: 'Most viewed' }).click();
    await waitForPath(page, '/search?q=neon&sortBy=top');
    await waitForCall(page, calls, /^\/api\/media\?q=neon&sort=top&page=1&size=21$/);

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Longest' }).click();
    await waitForPath(page, '/search?q=neon&sortBy=duration');
    await waitForCall(page, calls, /^\/api\/media\?q=neon&sort=duration&page=1/);

    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Past year' }).click();
    await waitForPath(page, '/search?q=neon&sortBy=duration&period=year');
    await waitForCall(page, calls, /^\/api\/media\?q=neon&sort=duration&period=year&page=1/);

    // Back to the default sort: sortBy leaves the URL.
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Best match' }).click();
    await waitForPath(page, '/search?q=neon&period=year');
  });

  it('searches the lyrics too with the lyric toggle', async () => {
    const page = await browser.newPage();
    // A word sung in some song that more songs sing than have it in their name.
    const { content } = await list(page, '/api/media/latest?size=60');
    const sung = [...new Set(content.flatMap((item) => (item.lyrics ?? '').toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 6))];
    let word: string | undefined;
    let counts: [number, number] = [0, 0];
    for (const candidate of sung.slice(0, 12)) {
      const names = await list(page, `/api/media?q=${candidate}&size=21`);
      const lyrics = await list(page, `/api/media?q=${candidate}&lyrics=true&size=21`);
      if (lyrics.content.length > names.content.length) {
        word = candidate;
        counts = [names.content.length, lyrics.content.length];
        break;
      }
    }
    if (!word) throw new Error('No lyric word found more often in lyrics than in names');

    const calls = recordApiCalls(page);
    await page.goto(`/search?q=${word}`);
    await page.getByTestId('item-list').and(page.locator('[aria-busy="false"]')).waitFor();
    await waitForCards(page, counts[0]);
    const toggle = page.getByRole('switch', { name: 'Search lyrics' });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await waitForPath(page, `/search?q=${word}&lyrics=true`);
    await waitForCall(page, calls, new RegExp(`^/api/media\\?q=${word}&sort=relevance&lyrics=true&page=1&size=21$`));
    await waitForCards(page, counts[1]);
    expect(await toggle.isChecked()).toBe(true);

    await toggle.click();
    await waitForPath(page, `/search?q=${word}`);
    await waitForCards(page, counts[0]);
  });

  it('filters songs with the filter bar (providers, channels, tags) through the URL', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/search?sortBy=latest');
    await waitForCards(page, 21);
    await page.getByRole('button', { name: 'Filter' }).click();
    await pick(page, 'Providers', ['SoundCloud']);
    await page.getByRole('button', { name: 'APPLY' }).click();
    await waitForPath(page, '/search?sortBy=latest&providers=sound_cloud');
    await waitForCall(page, calls, /^\/api\/media\?sort=latest&providers=sound_cloud&page=1/);
    await page.getByTestId('item-list').and(page.locator('[aria-busy="false"]')).waitFor();
    const cards = await page.getByTestId('item-card').allInnerTexts();
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((text) => text.includes('SoundCloud'))).toBe(true);

    // Streams offer Twitch and YouTube: a SoundCloud choice does not carry over.
    await page.getByRole('tab', { name: 'Streams' }).click();
    await waitForPath(page, '/search?type=stream&sortBy=latest');
    await page.getByRole('combobox', { name: 'Providers', exact: true }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['Twitch', 'YouTube']);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Songs' }).click();
    const [tag] = await tags(page);
    if (!tag) throw new Error('No tags');
    await pick(page, 'Tags', [tag.name]);
    await page.getByRole('button', { name: 'APPLY' }).click();
    await waitForPath(page, `/search?sortBy=latest&tags=${tag.id}`);
    await page.getByRole('button', { name: 'CLEAR' }).click();
    await waitForPath(page, '/search?sortBy=latest');
  });

  it('filters clips by clipper and tags with APPLY and CLEAR', async () => {
    const page = await browser.newPage();
    // Part of a real clipper's name, and a tag of one of their clips.
    const clip = (await list(page, '/api/clips/top?period=all_time&size=50')).content.find((c) => c.tags.length > 0);
    if (!clip?.creatorName) throw new Error('No tagged clip');
    const clipper = clip.creatorName.slice(0, 5);
    const clipperPattern = clipper.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const tag = clip.tags[0]!;
    const calls = recordApiCalls(page);
    await page.goto('/search?type=clip');
    await page.getByTestId('item-card').first().waitFor();
    await page.getByRole('button', { name: 'Filter' }).click();
    const form = page.getByRole('form', { name: 'Clip filter' });
    await form.getByRole('textbox', { name: 'Clipped by' }).fill(clipper);
    await form.getByRole('button', { name: 'APPLY' }).click();
    await waitForPath(page, `/search?type=clip&clippedBy=${clipper}`);
    await waitForCall(page, calls, new RegExp(`^/api/clips\\?sort=relevance&clippedBy=${clipperPattern}&page=1`));
    await page.getByTestId('item-list').and(page.locator('[aria-busy="false"]')).waitFor();
    const clips = await page.getByTestId('item-card').allInnerTexts();
    expect(clips.length).toBeGreaterThan(0);
    expect(clips.every((text) => text.toLowerCase().includes(clipper.toLowerCase()))).toBe(true);

    await pick(page, 'Tags', [tag.name]);
    await form.getByRole('button', { name: 'APPLY' }).click();
    await waitForPath(page, `/search?type=clip&tags=${tag.id}&clippedBy=${clipper}`);
    await waitForCall(page, calls, new RegExp(`^/api/clips\\?sort=relevance&tags=${tag.id}&clippedBy=${clipperPattern}&page=1`));
    await page.getByTestId('item-card').filter({ hasText: clip.name }).first().waitFor();

    await form.getByRole('button', { name: 'CLEAR' }).click();
    await waitForPath(page, '/search?type=clip');
    expect(await form.getByRole('textbox', { name: 'Clipped by' }).inputValue()).toBe('');
  });

  it('titles a tag search with the tag names', async () => {
    const page = await browser.newPage();
    const [first, second] = await tags(page);
    if (!first || !second) throw new Error('Fewer than two tags');
    await page.goto(`/search?tags=${second.id}&tags=${first.id}`);
    await waitForTitle(page, `${second.name}, ${first.name} | Almanac`);
    await page.getByRole('heading', { level: 1, name: `Tagged ${second.name}, ${first.name}` }).waitFor();
  });

  it('searches again from its own box and from the navbar, which adds the type of the list it is on', async () => {
    const page = await browser.open('/streams', { width: 1440 });
    await page.getByRole('combobox', { name: 'Search', exact: true }).fill('live');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/search?q=live&type=stream');
    await waitForTitle(page, 'live | Almanac');

    const box = page.getByRole('searchbox', { name: 'Search text' });
    expect(await box.inputValue()).toBe('live');
    await box.fill('  rooftops ');
    await page.getByRole('button', { name: 'Submit search' }).click();
    await waitForPath(page, '/search?q=rooftops&type=stream');
    await waitForTitle(page, 'rooftops | Almanac');

    await page.goto('/clips');
    await page.getByRole('combobox', { name: 'Search', exact: true }).fill('piano');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/search?q=piano&type=clip');
    await page.goto('/top');
    await page.getByRole('combobox', { name: 'Search', exact: true }).fill('piano');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/search?q=piano');
  });

  it('toasts a failed read and shows the inline error', async () => {
    const page = await browser.newPage();
    await failRequests(page, /\/api\/media\?/);
    await page.goto('/search?q=neon');
    await waitForToast(page, 'Unable to retrieve songs', 'Something went wrong on our side. Please try again.');
    await page.getByText('An error occurred when loading songs').waitFor();

    await failRequests(page, /\/api\/clips\?/);
    await page.getByRole('tab', { name: 'Clips' }).click();
    await waitForToast(page, 'Unable to retrieve clips', 'Something went wrong on our side. Please try again.');
    await page.getByText('An error occurred when loading clips').waitFor();
  });

  it('says so when nothing matches', async () => {
    const page = await browser.open('/search?q=zzqxwv&type=playlist');
    await page.getByText('No playlists found').waitFor();
  });

  it('looks right at 375 and 1280 px', async () => {
    const narrow = await browser.open('/search?q=piano', { width: 375 });
    await narrow.getByRole('button', { name: 'Filter' }).click();
    await narrow.getByTestId('item-card').first().waitFor();
    await narrow.mouse.move(0, 0);
    await viewportShot(narrow, 'search-375');
    // Nothing wider than the phone.
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const wide = await browser.open('/search?type=clip');
    await wide.getByRole('button', { name: 'Filter' }).click();
    await wide.getByTestId('item-card').first().waitFor();
    await wide.mouse.move(0, 0);
    await viewportShot(wide, 'search-1280');
    expectNoPageErrors(wide);
  });
});
