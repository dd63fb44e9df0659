import { describe, expect, it } from 'vitest';
import { isActivePath, isGroup, NAV_MENU, pageTitle, searchTypeForPath } from './navigation';

describe('navigation menu', () => {
  it('follows the spec order and groups', () => {
    const labels = NAV_MENU.map((entry) =>
      isGroup(entry) ? `${entry.label}(${entry.children.map((c) => c.label).join(',')})` : entry.label,
    );
    expect(labels).toEqual([
      'Songs(Latest,Top)',
      'Streams',
      'Playlists(Albums,Community,All)',
      'Requests(New Sample,New Flip,Queue,History)',
      'Song of the Day',
      'Radio',
      'Socials',
      'More(Clips,Events,Randomizer,Stats)',
    ]);
  });
});

describe('searchTypeForPath', () => {
  it('adds the list type on the stream, playlist and clip lists', () => {
    expect(searchTypeForPath('/streams')).toBe('stream');
    expect(searchTypeForPath('/playlists')).toBe('playlist');
    expect(searchTypeForPath('/playlists/community')).toBe('playlist');
    expect(searchTypeForPath('/clips')).toBe('clip');
    expect(searchTypeForPath('/latest')).toBeUndefined();
    expect(searchTypeForPath('/streamsx')).toBeUndefined();
  });
});

describe('isActivePath', () => {
  it('matches the page and its sub pages, but All playlists only on itself', () => {
    expect(isActivePath('/latest', '/latest')).toBe(true);
    expect(isActivePath('/streams', '/streams/4')).toBe(true);
    expect(isActivePath('/playlists', '/playlists/albums')).toBe(false);
    expect(isActivePath('/playlists/albums', '/playlists/albums')).toBe(true);
  });
});

describe('pageTitle', () => {
  it('suffixes the site name', () => {
    expect(pageTitle('Latest Songs', 'Almanac')).toBe('Latest Songs | Almanac');
    expect(pageTitle(undefined, 'Almanac')).toBe('Almanac');
  });
});
