import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchPage, routePattern, SCREENS, SECTION_TITLES } from './pages';

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

/**
 * The lazy screens of web/router.tsx, read from its source as webTitles reads the titles: a route's
 * `component: lazyRouteComponent(() => import('./routes/x'), ...)`, or a const holding one; a child
 * route's screens follow its parent's.
 */
function webScreens(): Record<string, string[]> {
  const source = readFileSync(new URL('../../web/router.tsx', import.meta.url), 'utf8');
  const LAZY = /lazyRouteComponent\(\(\) => import\('\.\/routes\/([\w-]+)'\)/;
  const named = new Map(
    [...source.matchAll(/const (\w+) = lazyRouteComponent\(\(\) => import\('\.\/routes\/([\w-]+)'\)/g)].map((m) => [m[1]!, m[2]!]),
  );
  const screenOf = (body: string) => LAZY.exec(body)?.[1] ?? named.get(/component: (\w+)/.exec(body)?.[1] ?? '');
  const byName = new Map<string, { path: string; screens: string[] }>();
  const screens: Record<string, string[]> = {};
  // A route on one line, or over several up to the `})` at its own indent.
  for (const [, , name, line, lines] of source.matchAll(/^( *)(?:const (\w+) = )?createRoute\(\{(?:([^\n]*)\}\)|\n([\s\S]*?)\n\1\}\))/gm)) {
    const body = line ?? lines;
    const own = /\.\.\.page\('([^']*)'\)/.exec(body!)?.[1];
    const child = /getParentRoute: \(\) => (\w+),\s*path: '([^']*)'/.exec(body!);
    const parent = child ? byName.get(child[1]!) : undefined;
    const routePath = own ?? (parent ? `${parent.path}/${child![2]}`.replace(/\/+$/, '') : undefined);
    if (routePath === undefined) continue;
    const screen = screenOf(body!);
    const all = [...(parent?.screens ?? []), ...(screen ? [screen] : [])];
    if (name) byName.set(name, { path: routePath, screens: all });
    if (screen) screens[routePath] = all;
  }
  return screens;
}

describe('screens', () => {
  it("are the web router's lazy screens, route for route", () => {
    const web = webScreens();
    expect(Object.keys(web).length).toBeGreaterThan(30);
    expect(SCREENS).toEqual(web);
  });

  it('are found by a page path with its ids', () => {
    expect(SCREENS[routePattern('/media/12')]).toEqual(['media']);
    expect(SCREENS[routePattern('/requests/history/5/edit')]).toEqual(['request-history-edit']);
    expect(SCREENS[routePattern('/requests/42')]).toEqual(['request-receipt']);
    expect(SCREENS[routePattern('/')]).toBeUndefined();
  });
});

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
