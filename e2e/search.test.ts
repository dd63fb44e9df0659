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

async function tagIds(page: Page, names: string[]): Promise<number[]> {
  const tags = (await (await page.request.get('/api/tag')).json()) as { id: number; name: string }[];
  return names.map((name) => {
    const tag = tags.find((t) => t.name === name);
    if (!tag) throw new Error(`No tag ${name}`);
    return tag.id;
  });
}

const cardTitles = (page: Page) => page.getByTestId('item-card').getByRole('heading').allInnerTexts();

describe('search', () => {
  const browser = useBrowser();

  it('shows the songs of a query, titled with the query text', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/search?q=neon');
    await waitForTitle(page, 'neon | Almanac');
    await page.getByRole('heading', { level: 1, name: 'Results for “neon”' }).waitFor();
    await waitForCall(page, calls, /^\/api\/media\?q=neon&sort=relevance&page=1&size=21$/);
    // The demo catalogue has ten songs named after neon.
    await waitForCards(page, 10);
    expect((await cardTitles(page)).every((title) => /neon/i.test(title))).toBe(true);
    expect(await page.getByRole('tab', { name: 'Songs' }).getAttribute('aria-selected')).toBe('true');
    expectNoPageErrors(page);
  });

  it('loads the next page as the visitor scrolls', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/search?q=piano');
    await waitForCards(page, 21);
    await scrollToEnd(page);
    await waitForCards(page, 42);
    expect(calls).toContain('/api/media?q=piano&sort=relevance&page=2&size=21');
  });

  it('still finds a song when the query is misspelt', async () => {
    const page = await browser.open('/search?q=lighthose');
    await page.getByTestId('item-card').filter({ hasText: 'Cosmic Lighthouse' }).first().waitFor();
  });

  it('switches the type with the tabs and rewrites the URL', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/search?q=live');
    await page.getByRole('tab', { name: 'Streams' }).click();
    await waitForPath(page, '/search?q=live&type=stream');
    await waitForCall(page, calls, /^\/api\/streams\?q=live&sort=relevance&page=1&size=21$/);
    await page.getByTestId('item-card').filter({ hasText: 'Flipping your songs live' }).first().waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search text' }).getAttribute('placeholder')).toBe('Search streams…');

    await page.getByRole('tab', { name: 'Playlists' }).click();
    await waitForPath(page, '/search?q=live&type=playlist');
    await waitForCall(page, calls, /^\/api\/playlists\?q=live&sort=relevance&page=1/);

    await page.getByRole('tab', { name: 'Clips' }).click();
    await waitForPath(page, '/search?q=live&type=clip');
    await waitForCall(page, calls, /^\/api\/clips\?q=live&sort=relevance&page=1/);

    // Songs are the default type: it leaves the URL.
    await page.getByRole('tab', { name: 'Songs' }).click();
    await waitForPath(page, '/search?q=live');
    await waitForTitle(page, 'live | Almanac');
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
    await waitForCards(page, 10);
    await page.getByRole('combobox', { name: 'Sort by' }).click();
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
    const calls = recordApiCalls(page);
    await page.goto('/search?q=lanterns');
    await page.getByTestId('item-card').first().waitFor();
    // Every title match fits on one page; far more songs sing about lanterns.
    await page.getByTestId('item-list').and(page.locator('[aria-busy="false"]')).waitFor();
    const titleMatches = await page.getByTestId('item-card').count();
    expect((await cardTitles(page)).every((title) => /lantern/i.test(title))).toBe(true);

    const toggle = page.getByRole('switch', { name: 'Search lyrics' });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await waitForPath(page, '/search?q=lanterns&lyrics=true');
    await waitForCall(page, calls, /^\/api\/media\?q=lanterns&sort=relevance&lyrics=true&page=1&size=21$/);
    await waitForCards(page, 21);
    expect(21).toBeGreaterThan(titleMatches);
    expect(await toggle.isChecked()).toBe(true);

    await toggle.click();
    await waitForPath(page, '/search?q=lanterns');
    await waitForCards(page, titleMatches);
  });

  it('filters songs with the filter bar (providers, channels, tags) through the URL', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/search?q=neon');
    await waitForCards(page, 10);
    await page.getByRole('button', { name: 'Filter' }).click();
    await pick(page, 'Providers', ['SoundCloud']);
    await page.getByRole('button', { name: 'APPLY' }).click();
    await waitForPath(page, '/search?q=neon&providers=sound_cloud');
    await waitForCall(page, calls, /^\/api\/media\?q=neon&sort=relevance&providers=sound_cloud&page=1/);
    await page.getByTestId('item-card').first().waitFor();
    const cards = await page.getByTestId('item-card').allInnerTexts();
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((text) => text.includes('SoundCloud'))).toBe(true);

    // Streams offer Twitch and YouTube: a SoundCloud choice does not carry over.
    await page.getByRole('tab', { name: 'Streams' }).click();
    await waitForPath(page, '/search?q=neon&type=stream');
    await page.getByRole('combobox', { name: 'Providers', exact: true }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['Twitch', 'YouTube']);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Songs' }).click();
    await pick(page, 'Tags', ['Jazz']);
    await page.getByRole('button', { name: 'APPLY' }).click();
    const [jazz] = await tagIds(page, ['Jazz']);
    await waitForPath(page, `/search?q=neon&tags=${jazz}`);
    await page.getByRole('button', { name: 'CLEAR' }).click();
    await waitForPath(page, '/search?q=neon');
  });

  it('filters clips by clipper and tags with APPLY and CLEAR', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/search?type=clip');
    await page.getByTestId('item-card').first().waitFor();
    await page.getByRole('button', { name: 'Filter' }).click();
    const form = page.getByRole('form', { name: 'Clip filter' });
    await form.getByRole('textbox', { name: 'Clipped by' }).fill('wren');
    await form.getByRole('button', { name: 'APPLY' }).click();
    await waitForPath(page, '/search?type=clip&clippedBy=wren');
    await waitForCall(page, calls, /^\/api\/clips\?sort=relevance&clippedBy=wren&page=1/);
    await page.getByTestId('item-list').and(page.locator('[aria-busy="false"]')).waitFor();
    const clips = await page.getByTestId('item-card').allInnerTexts();
    expect(clips.length).toBeGreaterThan(0);
    expect(clips.every((text) => /clipped by \S*wren/i.test(text))).toBe(true);

    await pick(page, 'Tags', ['Piano']);
    await form.getByRole('button', { name: 'APPLY' }).click();
    const [piano] = await tagIds(page, ['Piano']);
    await waitForPath(page, `/search?type=clip&tags=${piano}&clippedBy=wren`);
    await waitForCall(page, calls, new RegExp(`^/api/clips\\?sort=relevance&tags=${piano}&clippedBy=wren&page=1`));

    await form.getByRole('button', { name: 'CLEAR' }).click();
    await waitForPath(page, '/search?type=clip');
    expect(await form.getByRole('textbox', { name: 'Clipped by' }).inputValue()).toBe('');
  });

  it('titles a tag search with the tag names', async () => {
    const page = await browser.newPage();
    const ids = await tagIds(page, ['Jazz', 'Acoustic']);
    await page.goto(`/search?tags=${ids[0]}&tags=${ids[1]}`);
    await waitForTitle(page, 'Jazz, Acoustic | Almanac');
    await page.getByRole('heading', { level: 1, name: 'Tagged Jazz, Acoustic' }).waitFor();
  });

  it('searches again from its own box and from the navbar, which adds the type of the list it is on', async () => {
    const page = await browser.open('/streams', { width: 1440 });
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('live');
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
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('piano');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/search?q=piano&type=clip');
    await page.goto('/top');
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('piano');
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
    const narrow = await browser.open('/search?q=lanterns', { width: 375 });
    await narrow.getByRole('button', { name: 'Filter' }).click();
    await narrow.getByTestId('item-card').first().waitFor();
    await narrow.mouse.move(0, 0);
    await viewportShot(narrow, 'search-375');
    // Nothing wider than the phone.
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const wide = await browser.open('/search?q=the&type=clip');
    await wide.getByRole('button', { name: 'Filter' }).click();
    await wide.getByTestId('item-card').first().waitFor();
    await wide.mouse.move(0, 0);
    await viewportShot(wide, 'search-1280');
    expectNoPageErrors(wide);
  });
});
