import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  useMatches,
} from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { RADIO_STATIONS } from '../common/constants';
import { MEDIA_PROVIDERS, PLAYLIST_PROVIDERS, type Provider, STREAM_PROVIDERS, sourceValues } from '../common/enums';
import { configQuery, loadedConfig } from './api/config';
import { queryClient } from './api/query-client';
import { StartLaterWhenSettled } from './components/later/useStartLater';
import { AppLayout } from './components/layout/AppLayout';
import { RouteTitle } from './components/PageTitle';
import { RootError, RouteError } from './components/RouteError';
import { idParams, requireAdmin, requireLogin, requireValidId } from './guards';
import {
  validateClipSearch,
  validateFilterSearch,
  validateHomeSearch,
  validateLikedSearch,
  validatePeriod,
  validateSearchSearch,
} from './lib/filters';
import { parseSearch, stringifySearch } from './lib/search-params';
import { HomePage } from './routes/home';

/**
 * The route tree of spec 2's route table. Every screen's component is its own file in web/routes/,
 * loaded lazily except home's; `staticData.title` is the section title shown as "{title} | {site name}".
 */

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** Section title for the document title; the deepest route that has one wins */
    title?: string;
    /** The screen sets its own title (usePageTitle), e.g. search */
    skipTitle?: boolean;
    /** Detail routes: false for /details (read-only), true for /edit */
    editable?: boolean;
    /** A page shown on its own, without the shell (no header, footer or loading bar): the OBS overlays */
    bare?: boolean;
  }
}

/**
 * The loading bar (Mantine's nprogress) is a chunk of its own, asked for as the shell first renders:
 * 2 kB gzip out of the home budget (issue 23), and the bar is there while the first screen's requests run.
 */
const LoadingBar = lazy(() => import('./components/LoadingBar').then((module) => ({ default: module.LoadingBar })));

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // Every screen needs the public config (site and streamer names, links); it is one small call.
  loader: ({ context }) => context.queryClient.ensureQueryData(configQuery),
  component: RootPage,
  errorComponent: RootError,
});

function RootPage() {
  const bare = useMatches({ select: (matches) => matches.some((match) => match.staticData.bare) });
  if (bare) {
    return (
      <>
        <RouteTitle />
        <Outlet />
        <StartLaterWhenSettled />
      </>
    );
  }
  return (
    <>
      <Suspense fallback={null}>
        <LoadingBar />
      </Suspense>
      <RouteTitle />
      <AppLayout>
        <Outlet />
      </AppLayout>
      {/* Last: its effect runs after the screen's, whose queries have started by then (useStartLater.ts). */}
      <StartLaterWhenSettled />
    </>
  );
}

const previousLocation = () => router.state.resolvedLocation;
const loginRequired = requireLogin(previousLocation);

const page = <TPath extends string>(path: TPath) => ({ getParentRoute: () => rootRoute, path });

/** The streamer's source values, which the server keeps (others are dropped from the URL as it drops them). */
function knownSources(): string[] | undefined {
  const config = loadedConfig();
  return config ? sourceValues(config.streamerKey) : undefined;
}
const filterSearch = (providers: readonly Provider[], search: Record<string, unknown>) =>
  validateFilterSearch(providers, search, knownSources());

// Home and the catalogue lists
const homeRoute = createRoute({
  ...page('/'),
  staticData: { title: 'Home' },
  validateSearch: validateHomeSearch,
  // Most visits start here: part of the entry chunk, so its requests start one round trip earlier.
  component: HomePage,
});
const loginRoute = createRoute({
  ...page('/login'),
  staticData: { title: 'Login' },
  component: lazyRouteComponent(() => import('./routes/login'), 'LoginPage'),
});
const latestSongsRoute = createRoute({
  ...page('/latest'),
  staticData: { title: 'Latest Songs' },
  // The default provider filter is the video provider only; an explicit empty list (`providers=`) clears it.
  validateSearch: (search: Record<string, unknown>) => {
    const filter = filterSearch(MEDIA_PROVIDERS, search);
    return { ...filter, providers: filter.providers ?? ['youtube' as const] };
  },
  component: lazyRouteComponent(() => import('./routes/catalogue-lists'), 'LatestSongsPage'),
});
const topSongsRoute = createRoute({
  ...page('/top'),
  staticData: { title: 'Top Songs' },
  validateSearch: (search: Record<string, unknown>) => ({
    ...filterSearch(MEDIA_PROVIDERS, search),
    period: validatePeriod(search),
  }),
  component: lazyRouteComponent(() => import('./routes/catalogue-lists'), 'TopSongsPage'),
});
const latestStreamsRoute = createRoute({
  ...page('/streams'),
  staticData: { title: 'Latest Streams' },
  validateSearch: (search: Record<string, unknown>) => filterSearch(STREAM_PROVIDERS, search),
  component: lazyRouteComponent(() => import('./routes/catalogue-lists'), 'LatestStreamsPage'),
});
const playlistsRoute = createRoute({
  ...page('/playlists'),
  staticData: { title: 'Playlists' },
  validateSearch: (search: Record<string, unknown>) => filterSearch(PLAYLIST_PROVIDERS, search),
  component: lazyRouteComponent(() => import('./routes/catalogue-lists'), 'PlaylistsPage'),
});
const albumsRoute = createRoute({
  ...page('/playlists/albums'),
  staticData: { title: 'Albums' },
  component: lazyRouteComponent(() => import('./routes/albums'), 'AlbumsPage'),
});
const communityPlaylistsRoute = createRoute({
  ...page('/playlists/community'),
  staticData: { title: 'Community Playlists' },
  component: lazyRouteComponent(() => import('./routes/community-playlists'), 'CommunityPlaylistsPage'),
});
const communitySubmitRoute = createRoute({
  ...page('/playlists/community/submit'),
  staticData: { title: 'Submit a Playlist' },
  beforeLoad: loginRequired,
  component: lazyRouteComponent(() => import('./routes/community-submit'), 'CommunitySubmitPage'),
});
const clipsRoute = createRoute({
  ...page('/clips'),
  // "Latest Clips" or "Top Clips" by the view: the screen sets it (usePageTitle), like its heading.
  staticData: { skipTitle: true },
  validateSearch: validateClipSearch,
  component: lazyRouteComponent(() => import('./routes/top-clips'), 'TopClipsPage'),
});

// Detail pages: /{kind}/{id} shows the item, /details is read-only, /edit (login required) is editable.
// Every one parses the id to a number and sends anything but a positive whole number home; titles
// follow spec 2's table ("Song", "Song Details", "Edit Song"). The routes stay siblings: nesting them
// under a `$id` parent (or guards under pathless layouts) takes this code-based tree past what
// TypeScript infers, and route ids and search types silently become `any`.
const idRoute = { params: idParams, beforeLoad: requireValidId };
const itemData = (title: string) => ({ ...idRoute, staticData: { title } });
const detailsData = (title: string) => ({ ...idRoute, staticData: { title: `${title} Details`, editable: false } });
const editData = (title: string) => ({
  params: idParams,
  // The id first, then the login (whose guard toasts).
  beforeLoad: async (args: Parameters<typeof requireValidId>[0] & Parameters<typeof loginRequired>[0]) => {
    requireValidId(args);
    await loginRequired(args);
  },
  staticData: { title: `Edit ${title}`, editable: true },
});

const mediaPage = lazyRouteComponent(() => import('./routes/media'), 'MediaPage');
const mediaDetails = lazyRouteComponent(() => import('./routes/media-details'), 'MediaDetailsPage');
const streamDetails = lazyRouteComponent(() => import('./routes/stream-details'), 'StreamDetailsPage');
const playlistDetails = lazyRouteComponent(() => import('./routes/playlist-details'), 'PlaylistDetailsPage');
const clipDetails = lazyRouteComponent(() => import('./routes/clip-details'), 'ClipDetailsPage');

const itemRoutes = [
  createRoute({ ...page('/media/$id'), ...itemData('Song'), component: mediaPage }),
  createRoute({ ...page('/media/$id/details'), ...detailsData('Song'), component: mediaDetails }),
  createRoute({ ...page('/media/$id/edit'), ...editData('Song'), component: mediaDetails }),
  createRoute({
    ...page('/streams/$id'),
    ...itemData('Stream'),
    component: lazyRouteComponent(() => import('./routes/stream'), 'StreamPage'),
  }),
  createRoute({ ...page('/streams/$id/details'), ...detailsData('Stream'), component: streamDetails }),
  createRoute({ ...page('/streams/$id/edit'), ...editData('Stream'), component: streamDetails }),
  createRoute({
    ...page('/playlists/$id'),
    ...itemData('Playlist'),
    component: lazyRouteComponent(() => import('./routes/playlist'), 'PlaylistPage'),
  }),
  createRoute({ ...page('/playlists/$id/details'), ...detailsData('Playlist'), component: playlistDetails }),
  createRoute({ ...page('/playlists/$id/edit'), ...editData('Playlist'), component: playlistDetails }),
  createRoute({ ...page('/clips/$id'), ...itemData('Clip'), component: lazyRouteComponent(() => import('./routes/clip'), 'ClipPage') }),
  createRoute({ ...page('/clips/$id/details'), ...detailsData('Clip'), component: clipDetails }),
  createRoute({ ...page('/clips/$id/edit'), ...editData('Clip'), component: clipDetails }),
] as const;

const dailyRoute = createRoute({ ...page('/daily'), staticData: { title: 'Song of the Day' }, component: mediaPage });
/** /media without an id shows the daily song (spec 2). */
const mediaDailyRoute = createRoute({ ...page('/media'), staticData: { title: 'Song of the Day' }, component: mediaPage });

// Search, randomizer, liked
const searchRoute = createRoute({
  ...page('/search'),
  staticData: { skipTitle: true },
  validateSearch: (search: Record<string, unknown>) => validateSearchSearch(search, knownSources()),
  component: lazyRouteComponent(() => import('./routes/search'), 'SearchPage'),
});
const randomRoute = createRoute({
  ...page('/random'),
  staticData: { title: 'Randomizer' },
  component: lazyRouteComponent(() => import('./routes/random'), 'RandomPage'),
});
const likedRoute = createRoute({
  ...page('/liked'),
  staticData: { title: 'Liked' },
  validateSearch: validateLikedSearch,
  beforeLoad: loginRequired,
  component: lazyRouteComponent(() => import('./routes/liked'), 'LikedPage'),
});

// Requests
const requestRoute = createRoute({
  ...page('/request'),
  beforeLoad: () => {
    throw redirect({ to: '/request/sample', replace: true });
  },
});
const sampleRequestRoute = createRoute({
  ...page('/request/sample'),
  staticData: { title: 'New Sample Request' },
  component: lazyRouteComponent(() => import('./routes/sample-request'), 'SampleRequestPage'),
});
const flipRequestRoute = createRoute({
  ...page('/request/flip'),
  staticData: { title: 'New Flip Request' },
  component: lazyRouteComponent(() => import('./routes/flip-request'), 'FlipRequestPage'),
});
const requestQueueRoute = createRoute({
  ...page('/requests/queue'),
  staticData: { title: 'Request Queue' },
  component: lazyRouteComponent(() => import('./routes/request-queue'), 'RequestQueuePage'),
});
const requestHistoryRoute = createRoute({
  ...page('/requests/history'),
  staticData: { title: 'Request History' },
  validateSearch: (search: Record<string, unknown>): { title?: string; from?: string } => ({
    title: typeof search.title === 'string' && search.title.trim() ? search.title.trim() : undefined,
    from: typeof search.from === 'string' && search.from.trim() ? search.from.trim() : undefined,
  }),
  component: lazyRouteComponent(() => import('./routes/request-history'), 'RequestHistoryPage'),
});
/** A paid request's receipt (issue 20): where it stands and when it plays, live; public, by its history id. */
const requestReceiptRoute = createRoute({
  ...page('/requests/$id'),
  ...idRoute,
  staticData: { title: 'Request' },
  component: lazyRouteComponent(() => import('./routes/request-receipt'), 'RequestReceiptPage'),
});
const requestHistoryEditRoute = createRoute({
  ...page('/requests/history/$id/edit'),
  params: idParams,
  beforeLoad: async (args) => {
    requireValidId(args);
    await requireAdmin(args);
  },
  staticData: { title: 'Edit Request', editable: true },
  component: lazyRouteComponent(() => import('./routes/request-history-edit'), 'RequestHistoryEditPage'),
});

// Static and site pages
const eventsRoute = createRoute({
  ...page('/events'),
  staticData: { title: 'Upcoming Events' },
  component: lazyRouteComponent(() => import('./routes/events'), 'EventsPage'),
});
const statsRoute = createRoute({
  ...page('/stats'),
  staticData: { title: 'Stats' },
  component: lazyRouteComponent(() => import('./routes/stats'), 'StatsPage'),
});
const radioRoute = createRoute({
  ...page('/radio'),
  staticData: { title: 'Radio' },
  // The station, `top` when absent (spec 9); anything else is dropped.
  validateSearch: (search: Record<string, unknown>): { station?: (typeof RADIO_STATIONS)[number] } => ({
    station: RADIO_STATIONS.find((station) => station === search.station),
  }),
  loaderDeps: ({ search }) => ({ station: search.station }),
  // The station's track the page's HTML carried, before the first render (not on a link's preload:
  // hovering the menu's link seeds nothing). Its module comes with the screen's anyway; without it
  // the screen waits for the socket, as before.
  loader: ({ deps, preload }) =>
    preload
      ? undefined
      : import('./components/radio/page-track').then(
          (module) => module.seedFromPage(deps.station),
          () => undefined,
        ),
  component: lazyRouteComponent(() => import('./routes/radio'), 'RadioPage'),
});
const linksRoute = createRoute({
  ...page('/links'),
  staticData: { title: 'Links' },
  component: lazyRouteComponent(() => import('./routes/links'), 'LinksPage'),
});
const socialsRoute = createRoute({
  ...page('/socials'),
  staticData: { title: 'Socials' },
  component: lazyRouteComponent(() => import('./routes/socials'), 'SocialsPage'),
});

// Admin console: a layout with its tabs; /admin itself goes to the edits tab.
const adminRoute = createRoute({
  ...page('/admin'),
  beforeLoad: requireAdmin,
  staticData: { title: 'Admin Console' },
  component: lazyRouteComponent(() => import('./routes/admin-console'), 'AdminConsolePage'),
});
const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/admin/edits', replace: true });
  },
});
const adminEditsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'edits',
  staticData: { title: 'Edit Approval Queue' },
  component: lazyRouteComponent(() => import('./routes/admin-edits'), 'AdminEditsPage'),
});
const adminRefreshesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'refreshes',
  staticData: { title: 'Playlist Refresh Approval Queue' },
  component: lazyRouteComponent(() => import('./routes/admin-refreshes'), 'AdminRefreshesPage'),
});
const adminApprovalsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'approvals',
  staticData: { title: 'Request Approvals' },
  component: lazyRouteComponent(() => import('./routes/admin-approvals'), 'AdminApprovalsPage'),
});
const adminEarningsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'earnings',
  staticData: { title: 'Earnings' },
  component: lazyRouteComponent(() => import('./routes/admin-earnings'), 'AdminEarningsPage'),
});
const adminBlocklistRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'blocklist',
  staticData: { title: 'Request Blocklist' },
  component: lazyRouteComponent(() => import('./routes/admin-blocklist'), 'AdminBlocklistPage'),
});

// OBS browser sources (issue 11): bare pages, their data gated by the overlay key of the URL.
const queueOverlayRoute = createRoute({
  ...page('/overlays/queue'),
  staticData: { title: 'Queue Overlay', bare: true },
  validateSearch: (search: Record<string, unknown>): { key?: string } => ({
    key: typeof search.key === 'string' && search.key !== '' ? search.key : undefined,
  }),
  component: lazyRouteComponent(() => import('./routes/queue-overlay'), 'QueueOverlayPage'),
});

const samplePlayerRoute = createRoute({
  ...page('/overlays/samples'),
  staticData: { title: 'Sample Player', bare: true },
  validateSearch: (search: Record<string, unknown>): { key?: string } => ({
    key: typeof search.key === 'string' && search.key !== '' ? search.key : undefined,
  }),
  component: lazyRouteComponent(() => import('./routes/sample-player'), 'SamplePlayerPage'),
});

/** Any other path goes home (spec 2). */
const unknownRoute = createRoute({
  ...page('$'),
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});

const routeTree = rootRoute.addChildren([
  homeRoute,
  loginRoute,
  latestSongsRoute,
  topSongsRoute,
  latestStreamsRoute,
  playlistsRoute,
  albumsRoute,
  communityPlaylistsRoute,
  clipsRoute,
  dailyRoute,
  mediaDailyRoute,
  ...itemRoutes,
  searchRoute,
  randomRoute,
  requestRoute,
  sampleRequestRoute,
  flipRequestRoute,
  requestQueueRoute,
  requestHistoryRoute,
  requestReceiptRoute,
  eventsRoute,
  statsRoute,
  radioRoute,
  linksRoute,
  socialsRoute,
  communitySubmitRoute,
  likedRoute,
  requestHistoryEditRoute,
  adminRoute.addChildren([
    adminIndexRoute,
    adminEditsRoute,
    adminRefreshesRoute,
    adminApprovalsRoute,
    adminEarningsRoute,
    adminBlocklistRoute,
  ]),
  queueOverlayRoute,
  samplePlayerRoute,
  unknownRoute,
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  parseSearch,
  stringifySearch,
  // Route code downloads on hover or focus of a link, so most clicks open instantly.
  defaultPreload: 'intent',
  defaultErrorComponent: RouteError,
  // Back and Forward return to where the page was scrolled (issue 24 item 4); a new navigation starts
  // at the top (spec 2). The page scrolls the window (AppLayout's main is not a scroll container), and
  // the lists keep their loaded pages for the history entry (useListPages.ts), so the place has content.
  scrollRestoration: true,
});
