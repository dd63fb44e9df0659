import type { EntityKind } from '../../common/enums';

/**
 * What the server knows of the web's routes to title a page before any script runs: the section
 * titles of web/router.tsx (`staticData.title`, spec 2's route table), by path pattern. `$id` is a
 * number. The web owns the routes; pages.test.ts fails when the two tables drift apart.
 */
export const SECTION_TITLES: Readonly<Record<string, string>> = {
  '/': 'Home',
  '/login': 'Login',
  '/latest': 'Latest Songs',
  '/top': 'Top Songs',
  '/streams': 'Latest Streams',
  '/playlists': 'Playlists',
  '/playlists/albums': 'Albums',
  '/playlists/community': 'Community Playlists',
  '/playlists/community/submit': 'Submit a Playlist',
  '/daily': 'Song of the Day',
  '/media': 'Song of the Day',
  '/media/$id': 'Song',
  '/media/$id/details': 'Song Details',
  '/media/$id/edit': 'Edit Song',
  '/streams/$id': 'Stream',
  '/streams/$id/details': 'Stream Details',
  '/streams/$id/edit': 'Edit Stream',
  '/playlists/$id': 'Playlist',
  '/playlists/$id/details': 'Playlist Details',
  '/playlists/$id/edit': 'Edit Playlist',
  '/clips/$id': 'Clip',
  '/clips/$id/details': 'Clip Details',
  '/clips/$id/edit': 'Edit Clip',
  '/random': 'Randomizer',
  '/liked': 'Liked',
  '/request/sample': 'New Sample Request',
  '/request/flip': 'New Flip Request',
  '/requests/queue': 'Request Queue',
  '/requests/history': 'Request History',
  '/requests/history/$id/edit': 'Edit Request',
  '/requests/$id': 'Request',
  '/events': 'Upcoming Events',
  '/stats': 'Stats',
  '/radio': 'Radio',
  '/links': 'Links',
  '/socials': 'Socials',
  '/admin': 'Admin Console',
  '/admin/edits': 'Edit Approval Queue',
  '/admin/refreshes': 'Playlist Refresh Approval Queue',
  '/admin/approvals': 'Request Approvals',
  '/admin/earnings': 'Earnings',
  '/admin/blocklist': 'Request Blocklist',
  '/overlays/queue': 'Queue Overlay',
  '/overlays/samples': 'Sample Player',
};

/** Client routes without a title of their own (search titles itself with the query; /request redirects). */
const UNTITLED = new Set(['/search', '/request']);

/** Titles a screen sets by its query, as the screen does (top-clips.tsx: LATEST is sort=latest). */
const TITLED_BY_QUERY: Record<string, (query: URLSearchParams) => string> = {
  '/clips': (query) => (query.get('sort') === 'latest' ? 'Latest Clips' : 'Top Clips'),
};

const ITEM_PAGE = /^\/(media|streams|playlists|clips)\/(\d{1,10})(?:\/details|\/edit)?$/;
/** The largest id a catalogue row can have (a PostgreSQL integer). */
export const MAX_ITEM_ID = 2_147_483_647;

export interface PageMatch {
  /** The page's path as shared (no query, no trailing slash); home for paths the web sends home */
  path: string;
  /** Section title, when the route has one */
  section: string | undefined;
  /** The catalogue item the page shows */
  item: { kind: EntityKind; id: number } | undefined;
}

/** Which page a request URL opens, as the web's router would see it. */
export function matchPage(url: string): PageMatch {
  const raw = url.split(/[?#]/, 1)[0] ?? '/';
  const path = raw.length > 1 ? raw.replace(/\/+$/, '') : raw;
  const pattern = path.replace(/^(\/(?:media|streams|playlists|clips|requests\/history|requests))\/\d{1,10}(?=\/|$)/, '$1/$id');
  const byQuery = TITLED_BY_QUERY[path];
  const section = byQuery ? byQuery(new URLSearchParams(url.split('?')[1]?.split('#')[0] ?? '')) : SECTION_TITLES[pattern];
  if (section === undefined && !UNTITLED.has(path)) return { path: '/', section: SECTION_TITLES['/'], item: undefined };
  const found = ITEM_PAGE.exec(path);
  const id = found ? Number(found[2]) : 0;
  const item = found && id >= 1 && id <= MAX_ITEM_ID ? { kind: found[1] as EntityKind, id } : undefined;
  return { path, section, item };
}
