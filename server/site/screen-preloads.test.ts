import { describe, expect, it } from 'vitest';
import { screenPreloadsFrom, VITE_MANIFEST } from './screen-preloads';
import { siteTestApp } from './testing';

/** A build's manifest as Vite writes it: the entry with its startup chunks, and lazy screens sharing chunks. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-E.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react-R.js', '_mantine-M.js'],
    css: ['assets/index-E.css'],
  },
  '_react-R.js': { file: 'assets/react-R.js' },
  '_mantine-M.js': { file: 'assets/mantine-M.js', imports: ['_react-R.js'] },
  '_schemas-S.js': { file: 'assets/schemas-S.js' },
  '_Detail-D.js': { file: 'assets/Detail-D.js', imports: ['_schemas-S.js', '_mantine-M.js'], css: ['assets/Detail-D.css'] },
  'routes/media.tsx': {
    file: 'assets/media-1.js',
    src: 'routes/media.tsx',
    isDynamicEntry: true,
    imports: ['_Detail-D.js', '_react-R.js'],
    dynamicImports: ['routes/radio.tsx'],
  },
  'routes/radio.tsx': { file: 'assets/radio-2.js', src: 'routes/radio.tsx', isDynamicEntry: true, imports: ['_schemas-S.js'] },
  'routes/admin-console.tsx': { file: 'assets/admin-console-3.js', isDynamicEntry: true, imports: ['_schemas-S.js'] },
  'routes/admin-edits.tsx': { file: 'assets/admin-edits-4.js', isDynamicEntry: true, imports: ['_schemas-S.js'] },
};

const scripts = (tags: string[]) => tags.flatMap((tag) => /rel="modulepreload" crossorigin href="([^"]*)"/.exec(tag)?.[1] ?? []);
const styles = (tags: string[]) => tags.flatMap((tag) => /rel="preload" as="style" crossorigin href="([^"]*)"/.exec(tag)?.[1] ?? []);

describe("a page's screen preloads", () => {
  const preloads = screenPreloadsFrom(MANIFEST);

  it("name the screen's chunk and what it imports statically, never what the shell loads or what it imports later", () => {
    const tags = preloads(['media']);
    expect(scripts(tags)).toEqual(['/assets/media-1.js', '/assets/Detail-D.js', '/assets/schemas-S.js']);
    expect(styles(tags)).toEqual(['/assets/Detail-D.css']);
  });

  it('name a tab with its console, each chunk once', () => {
    expect(scripts(preloads(['admin-console', 'admin-edits']))).toEqual([
      '/assets/admin-console-3.js',
      '/assets/schemas-S.js',
      '/assets/admin-edits-4.js',
    ]);
  });

  it('name nothing for a screen the build does not have', () => {
    expect(preloads(['nothing'])).toEqual([]);
    expect(preloads([])).toEqual([]);
  });
});

describe("the served pages' screen preloads", async () => {
  const SHELL = '<!doctype html><html lang="en"><head><title>Almanac</title></head><body><div id="root"></div></body></html>';
  const { app } = await siteTestApp(SHELL, { [VITE_MANIFEST]: JSON.stringify(MANIFEST) });
  const head = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.body.slice(0, res.body.indexOf('</head>')).split('\n');
  };

  it("are in the head of the page's route, by its pattern", async () => {
    expect(scripts(await head('/media/12?x=1'))).toEqual(['/assets/media-1.js', '/assets/Detail-D.js', '/assets/schemas-S.js']);
    expect(scripts(await head('/radio?station=everything'))).toEqual(['/assets/radio-2.js', '/assets/schemas-S.js']);
    expect(scripts(await head('/admin/edits'))).toEqual(['/assets/admin-console-3.js', '/assets/schemas-S.js', '/assets/admin-edits-4.js']);
  });

  it('are not in home (part of the entry), unknown paths (sent home) or the offline shell (every page)', async () => {
    expect(scripts(await head('/'))).toEqual([]);
    expect(scripts(await head('/no/such/page'))).toEqual([]);
    expect(scripts(await head('/index.html'))).toEqual([]);
  });
});
