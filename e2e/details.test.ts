import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page as ApiPage, Clip, Media, Playlist, PublicConfig, Stream } from '../common/api';
import { PROVIDER_LABELS, sourceLabel } from '../common/enums';
import { formatDuration, formatPlaylistType, twitchTimestamp } from '../common/format';
import { expectNoPageErrors, failRequests, screenshot, useBrowser } from './support/browser';
import { recordApiCalls, waitForCall, waitForCards, waitForPath, waitForTitle, waitForToast } from './support/expect';
import { DEMO_ADMIN, DEMO_VIEWER, loginAs } from './support/fixtures';

/** The four detail screens (spec 2 "Song detail" ... "Clip detail") and their read-only details views. */

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${inject('baseURL')}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** The first item of a list that matches, from a page large enough to find one. */
async function find<T>(path: string, matches: (item: T) => boolean): Promise<T> {
  const page = await api<ApiPage<T>>(path);
  const found = page.content.find(matches);
  if (!found) throw new Error(`No item of ${path} matched`);
  return found;
}

/** The value shown for a fact label ("Duration", "Channel", ...) in the detail panel. */
async function fact(page: Page, label: string): Promise<string> {
  const item = page
    .getByTestId('fact-list')
    .locator('div')
    .filter({ has: page.locator('dt').getByText(label, { exact: true }) });
  return ((await item.locator('dd').textContent()) ?? '').trim();
}

/** The section headed by `name` (an h2), e.g. "Part of Playlists". */
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** A plain 500 without the server's error body: the toast is titled "Error" with the failure text. */
async function failPlainly(page: Page, pattern: string | RegExp): Promise<void> {
  await page.route(pattern, (route) => route.fulfill({ status: 500, body: '' }));
}

let config: PublicConfig;
let streamSong: Media;
let audioSong: Media;
let playlistStream: Stream;
/** The stream of streamSong: it has songs */
let songStream: Stream;
let streamPlaylist: Playlist;
let communityPlaylist: Playlist;
let albumPlaylist: Playlist;
let clip: Clip;

beforeAll(async () => {
  config = await api<PublicConfig>('/api/config');
  streamSong = await find<Media>(
    '/api/media/latest?providers=youtube&size=100',
    (song) => song.streamId !== null && song.streamTimestamp !== null && song.tags.length > 0,
  );
  audioSong = await find<Media>('/api/media/latest?providers=sound_cloud&size=100', (song) => song.streamTimestamp === null);
  streamPlaylist = await find<Playlist>('/api/playlists?type=stream&size=50', (playlist) => playlist.streamId !== null);
  playlistStream = await api<Stream>(`/api/streams/${streamPlaylist.streamId}`);
  songStream = await api<Stream>(`/api/streams/${streamSong.streamId}`);
  communityPlaylist = await find<Playlist>('/api/playlists?type=community&size=10', () => true);
  albumPlaylist = await find<Playlist>('/api/playlists?type=album&size=10', () => true);
  clip = await find<Clip>('/api/clips/top?period=all_time&size=100', (item) => item.streamId !== null && item.streamTimestamp !== null);
});

describe('song page', () => {
  const browser = useBrowser();

  it('shows the facts, the provider and stream links and the sections', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto(`/media/${streamSong.id}`);
    await waitForTitle(page, 'Song | Almanac');
    await page.getByRole('heading', { level: 1, name: streamSong.name }).waitFor();

    expect(await fact(page, 'Duration')).toBe(formatDuration(streamSong.duration));
    expect(await fact(page, 'Uploaded')).toMatch(/ago$|^just now$/);
    expect(await fact(page, 'Provider')).toBe('YouTube');
    expect(await fact(page, 'Channel')).toBe(sourceLabel(config.streamerName, streamSong.source));
    const tag = streamSong.tags[0]!;
    expect(await page.getByRole('link', { name: tag.name, exact: true }).getAttribute('href')).toBe(`/search?tags=${tag.id}`);

    const watch = page.getByRole('link', { name: 'Watch on YouTube' });
    expect(await watch.getAttribute('href')).toBe(streamSong.linkUrl);
    expect(await watch.getAttribute('target')).toBe('_blank');
    const stream = page.getByRole('link', { name: `Watch Stream at ${formatDuration(streamSong.streamTimestamp!)}` });
    expect(await stream.getAttribute('href')).toBe(`/api/media/${streamSong.id}/launchStream`);
    expect(await stream.getAttribute('target')).toBe('_blank');
    await page.getByRole('button', { name: `Play ${streamSong.name} on YouTube` }).waitFor();

    // Anonymous: View Details, but no Edit and no Like.
    await page.getByRole('link', { name: 'View Details' }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Like|Unlike)$/ }).count()).toBe(0);

    const partOfStream = await api<Stream>(`/api/streams/${streamSong.streamId}`);
    await section(page, 'Part of Stream').getByRole('link', { name: partOfStream.name }).waitFor();
    await section(page, 'Part of Playlists').waitFor();
    await section(page, 'You Might Like').getByTestId('item-card').first().waitFor();
    await waitForCall(page, calls, new RegExp(`^/api/playlists\\?mediaId=${streamSong.id}&page=1&size=4$`));
    await waitForCall(page, calls, new RegExp(`^/api/media/${streamSong.id}/recommended\\?page=1&size=8$`));
    expectNoPageErrors(page);
  });

  it('shows Edit and Like to logged-in users', async () => {
    const page = await browser.newPage();
    await loginAs(page, DEMO_VIEWER);
    await page.goto(`/media/${streamSong.id}`);
    const edit = page.getByRole('link', { name: 'Edit', exact: true });
    expect(await edit.getAttribute('href')).toBe(`/media/${streamSong.id}/edit`);
    await page.getByRole('button', { name: streamSong.liked ? 'Unlike' : 'Like', exact: true }).waitFor();
  });

  it('listens to a SoundCloud song and has no Watch Stream without a timestamp', async () => {
    const page = await browser.open(`/media/${audioSong.id}`);
    await page.getByRole('heading', { level: 1, name: audioSong.name }).waitFor();
    expect(await page.getByRole('link', { name: 'Listen on SoundCloud' }).getAttribute('href')).toBe(audioSong.linkUrl);
    await page.getByRole('button', { name: `Play ${audioSong.name} on SoundCloud` }).waitFor();
    expect(await page.getByRole('link', { name: /^Watch Stream/ }).count()).toBe(0);
  });

  it('shows the same song on /daily and /media', async () => {
    const daily = await api<Media>('/api/media/daily');
    for (const path of ['/daily', '/media']) {
      const page = await browser.open(path);
      await waitForTitle(page, 'Song of the Day | Almanac');
      await page.getByRole('heading', { level: 1, name: daily.name }).waitFor();
      await page.getByText('Song of the Day', { exact: true }).first().waitFor();
      expect(await page.getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe(`/media/${daily.id}/details`);
      await page.close();
    }
  });

  it('reloads when the id changes: a recommended song opens in place', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto(`/media/${streamSong.id}`);
    const card = section(page, 'You Might Like').getByTestId('item-card').first().getByRole('link');
    const name = (await card.textContent()) ?? '';
    await card.click();
    await waitForPath(page, /^\/media\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect(id).not.toBe(streamSong.id);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await waitForCall(page, calls, new RegExp(`^/api/media/${id}$`));
    await waitForCall(page, calls, new RegExp(`^/api/media/${id}/recommended\\?page=1&size=8$`));
    await waitForCall(page, calls, new RegExp(`^/api/playlists\\?mediaId=${id}&page=1&size=4$`));
  });

  it('says so inline and in a toast when the song cannot be read', async () => {
    const page = await browser.newPage();
    await failPlainly(page, `**/api/media/${streamSong.id}`);
    await page.goto(`/media/${streamSong.id}`);
    await waitForToast(page, 'Error', 'Unable to retrieve media');
    await page.getByRole('alert').getByText('An error occurred when loading song details').waitFor();
  });

  it('shows the server message of a failed read, and the daily song failure text', async () => {
    const missing = await browser.open('/media/999999');
    await waitForToast(missing, 'Unable to retrieve media', 'Unknown song 999999');
    await missing.getByText('An error occurred when loading song details').waitFor();

    const page = await browser.newPage();
    await failRequests(page, '**/api/media/daily');
    await page.goto('/daily');
    await waitForToast(page, 'Unable to retrieve daily song', 'Something went wrong on our side. Please try again.');
    await page.getByText('An error occurred when loading song details').waitFor();
  });

  it('opens the read-only details with View Details and goes BACK', async () => {
    const page = await browser.open(`/media/${streamSong.id}`);
    await page.getByRole('link', { name: 'View Details' }).click();
    await waitForPath(page, `/media/${streamSong.id}/details`);
    await waitForTitle(page, 'Song Details | Almanac');
    await page.getByRole('heading', { level: 1, name: 'Song Details' }).waitFor();
    const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
    expect(await field('Id').inputValue()).toBe(String(streamSong.id));
    expect(await field('Name').inputValue()).toBe(streamSong.name);
    expect(await field('Provider').inputValue()).toBe('YouTube');
    expect(await field('Source').inputValue()).toBe(sourceLabel(config.streamerName, streamSong.source));
    expect(await field('Duration (secs)').inputValue()).toBe(String(streamSong.duration));
    expect(await field('Link URL').inputValue()).toBe(streamSong.linkUrl);
    expect(await field('Uploaded date').inputValue()).toMatch(/^\d{1,2} \w+ \d{4}, \d{2}:\d{2}$/);
    for (const label of ['Id', 'Name', 'Duration (secs)', 'Link URL']) expect(await field(label).getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('link', { name: 'EDIT' }).count()).toBe(0);

    await page.getByRole('link', { name: 'BACK' }).click();
    await waitForPath(page, `/media/${streamSong.id}`);
    await page.getByRole('heading', { level: 1, name: streamSong.name }).waitFor();
  });

  it('offers EDIT on the details view when logged in', async () => {
    const page = await browser.newPage();
    await loginAs(page, DEMO_VIEWER);
    await page.goto(`/media/${streamSong.id}/details`);
    expect(await page.getByRole('link', { name: 'EDIT' }).getAttribute('href')).toBe(`/media/${streamSong.id}/edit`);
  });

  it('shows Watch Stream for a song with a stream timestamp', async () => {
    const songs = await api<ApiPage<Media>>('/api/media/latest?providers=youtube&size=5');
    const song = songs.content[0]!;
    const page = await browser.newPage();
    await page.route(`**/api/media/${song.id}`, (route) => route.fulfill({ json: { ...song, streamId: null, streamTimestamp: 754 } }));
    await page.goto(`/media/${song.id}`);
    const watch = page.getByRole('link', { name: 'Watch Stream at 12:34' });
    expect(await watch.getAttribute('href')).toBe(`/api/media/${song.id}/launchStream`);
  });

  it('keeps the About panel as tall as its content', async () => {
    const songs = await api<ApiPage<Media>>('/api/media/latest?providers=youtube&size=1');
    const page = await browser.open(`/media/${songs.content[0]!.id}`);
    const about = page.getByRole('region', { name: 'About' });
    await page.getByTestId('detail-actions').waitFor();
    const gap = await about.evaluate((panel) => {
      const facts = panel.querySelector('[data-testid=fact-list]')!.getBoundingClientRect();
      const actions = panel.querySelector('[data-testid=detail-actions]')!.getBoundingClientRect();
      return actions.top - facts.bottom;
    });
    // The divider and its margins only.
    expect(gap).toBeLessThan(60);
    await screenshot(page, 'media-about-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'media-about-375');
  });
});

describe('stream page', () => {
  const browser = useBrowser();

  it('shows the notice, the facts, the provider link and its four lists', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto(`/streams/${playlistStream.id}`);
    await waitForTitle(page, 'Stream | Almanac');
    await page.getByRole('heading', { level: 1, name: playlistStream.name }).waitFor();
    await page.getByText(/^Since May 2025 Twitch restricts highlights, so most past stream recordings are no longer available/).waitFor();

    expect(await fact(page, 'Duration')).toBe(formatDuration(playlistStream.duration));
    const provider = PROVIDER_LABELS[playlistStream.provider];
    expect(await fact(page, 'Provider')).toBe(provider);
    expect(await fact(page, 'Channel')).toBe(sourceLabel(config.streamerName, playlistStream.source));
    expect(await page.getByRole('link', { name: `Watch on ${provider}` }).getAttribute('href')).toBe(playlistStream.linkUrl);
    await page.getByRole('button', { name: `Play ${playlistStream.name} on ${provider}` }).waitFor();
    expect(await page.getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe(`/streams/${playlistStream.id}/details`);

    await section(page, 'Stream Playlists').getByRole('link', { name: streamPlaylist.name }).waitFor();
    await section(page, 'Top Songs').waitFor();
    await section(page, 'Top Clips').waitFor();
    await section(page, 'All Songs').waitFor();
    const id = playlistStream.id;
    await waitForCall(page, calls, new RegExp(`^/api/playlists\\?streamId=${id}&page=1&size=4$`));
    await waitForCall(page, calls, new RegExp(`^/api/media/top\\?streamId=${id}&period=all_time&page=1&size=8$`));
    await waitForCall(page, calls, new RegExp(`^/api/clips/top\\?streamId=${id}&period=all_time&page=1&size=4$`));
    await waitForCall(page, calls, new RegExp(`^/api/media\\?streamId=${id}&sort=latest&page=1&size=21$`));
    expectNoPageErrors(page);
  });

  it('opens a song of the stream from its card', async () => {
    const page = await browser.open(`/streams/${songStream.id}`);
    const card = section(page, 'All Songs').getByTestId('item-card').first().getByRole('link');
    const name = (await card.textContent()) ?? '';
    await card.click();
    await waitForPath(page, /^\/media\/\d+$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await section(page, 'Part of Stream').getByRole('link', { name: songStream.name }).waitFor();
  });

  it('says so inline and in a toast when the stream cannot be read', async () => {
    const page = await browser.newPage();
    await failPlainly(page, `**/api/streams/${playlistStream.id}`);
    await page.goto(`/streams/${playlistStream.id}`);
    await waitForToast(page, 'Error', 'Unable to retrieve stream details');
    await page.getByRole('alert').getByText('An error occurred when loading stream details').waitFor();
  });

  it('has read-only details with BACK', async () => {
    const page = await browser.open(`/streams/${playlistStream.id}/details`);
    await waitForTitle(page, 'Stream Details | Almanac');
    expect(await page.getByRole('textbox', { name: 'Duration (secs)' }).inputValue()).toBe(String(playlistStream.duration));
    await page.getByRole('link', { name: 'BACK' }).click();
    await waitForPath(page, `/streams/${playlistStream.id}`);
  });

  it("shows a stream's top 4 clips, without Load More", async () => {
    const streams = await api<ApiPage<Stream>>('/api/streams/latest?size=50');
    let streamId: number | undefined;
    for (const stream of streams.content) {
      const clips = await api<ApiPage<Clip>>(`/api/clips/top?streamId=${stream.id}&period=all_time&size=5`);
      if (clips.content.length > 4) {
        streamId = stream.id;
        break;
      }
    }
    expect(streamId).toBeDefined();
    const page = await browser.open(`/streams/${streamId}`);
    const topClips = page.getByRole('region', { name: 'Top Clips', exact: true });
    await waitForCards(page, 4, topClips);
    expect(await topClips.getByRole('button', { name: 'Load More' }).count()).toBe(0);
    await screenshot(page, 'stream-top-clips-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'stream-top-clips-375');
  });
});

describe('playlist page', () => {
  const browser = useBrowser();

  it('shows a stream playlist: facts, its stream, top songs and all songs in playlist order', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto(`/playlists/${streamPlaylist.id}`);
    await waitForTitle(page, 'Playlist | Almanac');
    await page.getByRole('heading', { level: 1, name: streamPlaylist.name }).waitFor();
    expect(await fact(page, 'Songs')).toBe(String(streamPlaylist.mediaCount));
    expect(await fact(page, 'Type')).toBe('Stream');
    expect(await fact(page, 'Last updated')).toMatch(/ago$|^just now$/);
    expect(await fact(page, 'Provider')).toBe(PROVIDER_LABELS[streamPlaylist.provider]);
    const label = streamPlaylist.provider === 'sound_cloud' ? 'Listen on SoundCloud' : 'Watch on YouTube';
    expect(await page.getByRole('link', { name: label }).getAttribute('href')).toBe(streamPlaylist.linkUrl);

    await section(page, 'From the Stream').getByRole('link', { name: playlistStream.name }).waitFor();
    await section(page, 'Top Songs').getByTestId('item-card').first().waitFor();
    await section(page, 'All Songs').getByTestId('item-card').first().waitFor();
    const id = streamPlaylist.id;
    await waitForCall(page, calls, new RegExp(`^/api/streams\\?playlistId=${id}&page=1&size=8$`));
    await waitForCall(page, calls, new RegExp(`^/api/media/top\\?playlistId=${id}&period=all_time&page=1&size=8$`));
    await waitForCall(page, calls, new RegExp(`^/api/media\\?playlistId=${id}&sort=relevance&page=1&size=21$`));
    // Visitors may not ask for a refresh.
    expect(await page.getByRole('button', { name: 'Request Refresh' }).count()).toBe(0);
  });

  it('has no stream list for other types, and the refresh button by role', async () => {
    const viewer = await browser.newPage();
    await loginAs(viewer, DEMO_VIEWER);
    await viewer.goto(`/playlists/${albumPlaylist.id}`);
    await viewer.getByRole('heading', { level: 1, name: albumPlaylist.name }).waitFor();
    expect(await fact(viewer, 'Type')).toBe(formatPlaylistType(albumPlaylist.type));
    await section(viewer, 'All Songs').waitFor();
    expect(await section(viewer, 'From the Stream').count()).toBe(0);
    await viewer.getByRole('button', { name: /^(Like|Unlike)$/ }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Request Refresh' }).count()).toBe(0);

    await viewer.goto(`/playlists/${communityPlaylist.id}`);
    await viewer.getByRole('heading', { level: 1, name: communityPlaylist.name }).waitFor();
    await viewer.getByRole('button', { name: 'Request Refresh' }).waitFor();

    const admin = await browser.newPage();
    await loginAs(admin, DEMO_ADMIN);
    await admin.goto(`/playlists/${albumPlaylist.id}`);
    await admin.getByRole('button', { name: 'Request Refresh' }).waitFor();
  });

  it('says so inline and in a toast when the playlist cannot be read', async () => {
    const page = await browser.newPage();
    await failPlainly(page, `**/api/playlists/${streamPlaylist.id}`);
    await page.goto(`/playlists/${streamPlaylist.id}`);
    await waitForToast(page, 'Error', 'Unable to retrieve playlist details');
    await page.getByRole('alert').getByText('An error occurred when loading playlist details').waitFor();
  });

  it('has read-only details with the type and song count', async () => {
    const page = await browser.open(`/playlists/${streamPlaylist.id}/details`);
    await waitForTitle(page, 'Playlist Details | Almanac');
    expect(await page.getByRole('textbox', { name: 'Type' }).inputValue()).toBe('Stream');
    expect(await page.getByRole('textbox', { name: 'Link URL' }).inputValue()).toBe(streamPlaylist.linkUrl);
  });
});

describe('clip page', () => {
  const browser = useBrowser();

  it('shows the facts, the clip and stream links and the stream it is part of', async () => {
    const page = await browser.newPage();
    await page.goto(`/clips/${clip.id}`);
    await waitForTitle(page, 'Clip | Almanac');
    await page.getByRole('heading', { level: 1, name: clip.name }).waitFor();
    expect(await fact(page, 'Duration')).toBe(formatDuration(clip.duration));
    expect(await fact(page, 'Provider')).toBe('Twitch');
    expect(await fact(page, 'Clipped by')).toBe(clip.creatorName);
    expect(await page.getByRole('link', { name: 'Watch Clip' }).getAttribute('href')).toBe(clip.linkUrl);
    await page.getByRole('button', { name: `Play ${clip.name} on Twitch` }).waitFor();

    const stream = await api<Stream>(`/api/streams/${clip.streamId}`);
    const watchStream = page.getByRole('link', { name: `Watch Stream at ${formatDuration(clip.streamTimestamp!)}` });
    expect(await watchStream.getAttribute('href')).toBe(`/api/clips/${clip.id}/launchStream`);
    // The launch-stream call opens the stream's own page at the clip's moment.
    const launch = await page.request.get(`/api/clips/${clip.id}/launchStream`, { maxRedirects: 0 });
    const expected = new URL(stream.linkUrl);
    expected.searchParams.set('t', stream.provider === 'twitch' ? twitchTimestamp(clip.streamTimestamp!) : `${clip.streamTimestamp}s`);
    expect(launch.status()).toBe(302);
    expect(launch.headers().location).toBe(expected.toString());
    expect(await watchStream.getAttribute('target')).toBe('_blank');
    await section(page, 'Part of Stream').getByRole('link', { name: stream.name }).click();
    await waitForPath(page, `/streams/${stream.id}`);
    await page.getByRole('heading', { level: 1, name: stream.name }).waitFor();
  });

  it('says so inline and in a toast when the clip cannot be read', async () => {
    const page = await browser.newPage();
    await failPlainly(page, `**/api/clips/${clip.id}`);
    await page.goto(`/clips/${clip.id}`);
    await waitForToast(page, 'Error', 'Unable to retrieve clip details');
    await page.getByRole('alert').getByText('An error occurred when loading clip details').waitFor();
  });

  it('has read-only details with who clipped it', async () => {
    const page = await browser.open(`/clips/${clip.id}`);
    await page.getByRole('link', { name: 'View Details' }).click();
    await waitForPath(page, `/clips/${clip.id}/details`);
    expect(await page.getByRole('textbox', { name: 'Clipped by' }).inputValue()).toBe(clip.creatorName);
  });
});

describe('detail screenshots', () => {
  const browser = useBrowser();
  const pages = () =>
    [
      ['song', `/media/${streamSong.id}`, streamSong.name],
      ['song-details', `/media/${streamSong.id}/details`, 'Song Details'],
      ['stream', `/streams/${songStream.id}`, songStream.name],
      ['playlist', `/playlists/${streamPlaylist.id}`, streamPlaylist.name],
      ['clip', `/clips/${clip.id}`, clip.name],
    ] as const;

  for (const [index, name] of ['song', 'song-details', 'stream', 'playlist', 'clip'].entries()) {
    it(`${name} at 375 and 1280 px (logged in)`, async () => {
      const [, url, heading] = pages()[index]!;
      for (const width of [375, 1280]) {
        const page = await browser.newPage({ width, height: 800 });
        await loginAs(page, DEMO_VIEWER);
        await page.goto(url);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.getByTestId('item-card').first().or(page.getByTestId('details-fields')).first().waitFor();
        await screenshot(page, `detail-${name}-${width}`);
        expectNoPageErrors(page);
        await page.close();
      }
    });
  }
});
