import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchPage, SECTION_TITLES } from './pages';

/**
 * The section titles of web/router.tsx, read from its source: `const xRoute = createRoute({ ...page('/p')
 * | getParentRoute: () => parentRoute, path: 'p' ... staticData: { title: 'T' ... } })`, and the item routes' table
 * (`...page('/media/$id'), ...itemData('Song')`).
 */
function webTitles(): Record<string, string> {
  const source = readFileSync(new URL('../../web/router.tsx', import.meta.url), 'utf8');
  const paths = new Map<string, string>();
  const titles: Record<string, string> = {};
  for (const [, name, body] of source.matchAll(/const (\w+) = createRoute\(\{([\s\S]*?)\}\);/g)) {
    const own = /\.\.\.page\('([^']*)'\)/.exec(body!)?.[1];
    const child = /getParentRoute: \(\) => (\w+),\s*path: '([^']*)'/.exec(body!);
    const routePath = own ?? (child ? `${paths.get(child[1]!)}/${child[2]}`.replace(/\/+$/, '') : undefined);
    if (routePath === undefined) continue;
    paths.set(name!, routePath);
    const title = /staticData: \{[^}]*title: '([^']*)'/.exec(body!)?.[1];
    if (title) titles[routePath] = title;
  }
  // The item routes are one table: createRoute({ ...page('/media/$id/details'), ...detailsData('Song'), ... }).
  const ITEM_TITLES: Record<string, (name: string) => string> = {
    itemData: (name) => name,
    detailsData: (name) => `${name} Details`,
    editData: (name) => `Edit ${name}`,
  };
  for (const [, routePath, helper, name] of source.matchAll(
    /\.\.\.page\('([^']*)'\),\s*\.\.\.(itemData|detailsData|editData)\('([^']*)'\)/g,
  )) {
    titles[routePath!] = ITEM_TITLES[helper!]!(name!);
  }
  return titles;
}

describe('section titles', () => {
  it("are the web router's, route for route", () => {
    const web = webTitles();
    expect(Object.keys(web).length).toBeGreaterThan(30);
    expect(SECTION_TITLES).toEqual(web);
  });
});

describe('matchPage', () => {
  it('titles /clips by its view, as the screen does', () => {
    expect(matchPage('/clips').section).toBe('Top Clips');
    expect(matchPage('/clips?period=week').section).toBe('Top Clips');
    expect(matchPage('/clips?period=six_months&sort=latest').section).toBe('Latest Clips');
  });

  it('finds the item of an item page and its details and edit pages', () => {
    expect(matchPage('/media/12')).toEqual({ path: '/media/12', section: 'Song', item: { kind: 'media', id: 12 } });
    expect(matchPage('/clips/7/details/?x=1')).toEqual({
      path: '/clips/7/details',
      section: 'Clip Details',
      item: { kind: 'clips', id: 7 },
    });
    expect(matchPage('/playlists/3/edit')).toMatchObject({ section: 'Edit Playlist', item: { kind: 'playlists', id: 3 } });
  });

  it('names no item for ids no row can have, or for list pages', () => {
    expect(matchPage('/streams/0').item).toBeUndefined();
    expect(matchPage('/streams/2147483648').item).toBeUndefined();
    expect(matchPage('/streams/2147483647').item).toEqual({ kind: 'streams', id: 2147483647 });
    expect(matchPage('/playlists/community')).toEqual({ path: '/playlists/community', section: 'Community Playlists', item: undefined });
    expect(matchPage('/requests/history/5/edit')).toEqual({ path: '/requests/history/5/edit', section: 'Edit Request', item: undefined });
    expect(matchPage('/requests/42')).toEqual({ path: '/requests/42', section: 'Request', item: undefined });
    expect(matchPage('/requests/queue').section).toBe('Request Queue');
  });

  it('sends unknown paths home, as the web does', () => {
    expect(matchPage('/media/abc')).toEqual({ path: '/', section: 'Home', item: undefined });
    expect(matchPage('/nothing#x')).toEqual({ path: '/', section: 'Home', item: undefined });
    expect(matchPage('/search?q=a')).toEqual({ path: '/search', section: undefined, item: undefined });
  });
});
