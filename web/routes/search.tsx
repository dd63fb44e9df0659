import { Box, Tabs, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBroadcast, IconMovie, IconMusic, IconPlaylist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { SEARCH_TYPES, type SearchType } from '../../common/enums';
import { tagsQuery } from '../api/site';
import { EmphasisHeader } from '../components/EmphasisHeader';
import { usePageTitle } from '../components/PageTitle';
import { SearchFilterPanel } from '../components/search/SearchFilterPanel';
import { SearchQueryBox } from '../components/search/SearchQueryBox';
import { SearchResults } from '../components/search/SearchResults';
import classes from '../components/search/SearchTabs.module.css';
import { SearchToolbar } from '../components/search/SearchToolbar';
import type { SearchSearch } from '../lib/filters';
import {
  canonicalSearch,
  isSearchFilterActive,
  SEARCH_TYPE_INFO,
  searchState,
  searchTitle,
  switchSearchType,
  withCatalogueFilter,
  withClipFilter,
  withLyrics,
  withPeriod,
  withQuery,
  withSort,
} from '../lib/search';

const TAB_ICONS: Record<SearchType, typeof IconMusic> = {
  media: IconMusic,
  stream: IconBroadcast,
  playlist: IconPlaylist,
  clip: IconMovie,
};

/**
 * /search (spec 2 "Search"): tabs Songs, Streams, Playlists and Clips over GET /api/{kind} with q,
 * sort and filters. Every control writes the URL, which is the screen's only state. The route has no
 * static title: the title is the query text, else the tag names.
 */
export function SearchPage() {
  const search = useSearch({ from: '/search' });
  const navigate = useNavigate({ from: '/search' });
  const state = searchState(search);
  const [filterOpened, { toggle: toggleFilter }] = useDisclosure(false);

  // Tag names are only needed for the title when there is no query text.
  const tags = useQuery({ ...tagsQuery, enabled: !state.q && state.filter.tags.length > 0 });
  const title = searchTitle(state.q, state.filter.tags, tags.data);
  usePageTitle(title);

  const update = (change: (prev: SearchSearch) => SearchSearch) =>
    navigate({ search: (prev) => canonicalSearch(change(prev)), resetScroll: false });
  const info = SEARCH_TYPE_INFO[state.type];

  return (
    <>
      <Box className={classes.heading}>
        <EmphasisHeader
          icon="search"
          text={state.q ? 'Results for' : title ? 'Tagged' : 'Search'}
          emphasis={state.q ? `“${state.q}”` : title}
        />
      </Box>
      <SearchQueryBox value={state.q} entity={info.entity} onSearch={(q) => update((prev) => withQuery(prev, q))} />
      <Tabs
        value={state.type}
        onChange={(next) => {
          if (next && next !== state.type) void update((prev) => switchSearchType(prev, next as SearchType));
        }}
        classNames={{ list: classes.list, tab: classes.tab, tabSection: classes.section }}
      >
        <Tabs.List>
          {SEARCH_TYPES.map((type) => {
            const Icon = TAB_ICONS[type];
            return (
              <Tabs.Tab key={type} value={type} leftSection={<Icon size={18} stroke={1.8} aria-hidden />}>
                {SEARCH_TYPE_INFO[type].label}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {SEARCH_TYPES.map((type) => (
          <Tabs.Panel key={type} value={type} pt="md">
            {type === state.type ? (
              <>
                {/* The cards are h3: a heading for the results keeps the outline h1 > h2 > h3. */}
                <Title order={2} className={classes.visuallyHidden}>
                  {info.label}
                </Title>
                <SearchToolbar
                  type={state.type}
                  sort={state.sort}
                  period={state.period}
                  lyrics={state.lyrics}
                  filterOpened={filterOpened}
                  filterApplied={isSearchFilterActive(state)}
                  onSort={(sort) => update((prev) => withSort(prev, sort))}
                  onPeriod={(period) => update((prev) => withPeriod(prev, period))}
                  onLyrics={(lyrics) => update((prev) => withLyrics(prev, lyrics))}
                  onToggleFilter={toggleFilter}
                />
                <SearchFilterPanel
                  opened={filterOpened}
                  state={state}
                  onApplyFilter={(filter) => update((prev) => withCatalogueFilter(prev, filter))}
                  onApplyClipFilter={(filter) => update((prev) => withClipFilter(prev, filter))}
                />
                <SearchResults state={state} />
              </>
            ) : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
