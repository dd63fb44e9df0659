import type { SearchType } from '../../common/enums';

/** The navigation menu of spec 2 "Navigation bar and footer", in its order. */
export interface NavLeaf {
  label: string;
  to: string;
}
export interface NavGroup {
  label: string;
  children: NavLeaf[];
}
export type NavEntry = NavLeaf | NavGroup;

export const NAV_MENU: NavEntry[] = [
  {
    label: 'Songs',
    children: [
      { label: 'Latest', to: '/latest' },
      { label: 'Top', to: '/top' },
    ],
  },
  { label: 'Streams', to: '/streams' },
  {
    label: 'Playlists',
    children: [
      { label: 'Albums', to: '/playlists/albums' },
      { label: 'Community', to: '/playlists/community' },
      { label: 'All', to: '/playlists' },
    ],
  },
  {
    label: 'Requests',
    children: [
      { label: 'New Sample', to: '/request/sample' },
      { label: 'New Flip', to: '/request/flip' },
      { label: 'Queue', to: '/requests/queue' },
      { label: 'History', to: '/requests/history' },
    ],
  },
  { label: 'Song of the Day', to: '/daily' },
  { label: 'Radio', to: '/radio' },
  { label: 'Socials', to: '/socials' },
  {
    label: 'More',
    children: [
      { label: 'Clips', to: '/clips' },
      { label: 'Events', to: '/events' },
      { label: 'Randomizer', to: '/random' },
      { label: 'Stats', to: '/stats' },
    ],
  },
];

export function isGroup(entry: NavEntry): entry is NavGroup {
  return 'children' in entry;
}

/** The navbar search adds a type when the visitor is on one of these lists (spec 2, Search). */
export function searchTypeForPath(pathname: string): Exclude<SearchType, 'media'> | undefined {
  if (pathname === '/streams' || pathname.startsWith('/streams/')) return 'stream';
  if (pathname === '/playlists' || pathname.startsWith('/playlists/')) return 'playlist';
  if (pathname === '/clips' || pathname.startsWith('/clips/')) return 'clip';
  return undefined;
}

/** Whether a menu entry is the current page (its group is highlighted when one of its children is). */
export function isActivePath(to: string, pathname: string): boolean {
  if (to === '/playlists') return pathname === '/playlists';
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** "Latest Songs | Almanac": the section title followed by the product name (spec 1). */
export function pageTitle(title: string | undefined, siteName: string): string {
  return title ? `${title} | ${siteName}` : siteName;
}
