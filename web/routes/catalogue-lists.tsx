import { Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { MEDIA_PROVIDERS, type Period, PLAYLIST_PROVIDERS, type Provider, STREAM_PROVIDERS } from '../../common/enums';
import { mediaLists, playlistLists, streamLists } from '../api/catalogue';
import { MediaCard, StreamCard } from '../components/cards/cards';
import { EmphasisHeader, type EmphasisIcon } from '../components/EmphasisHeader';
import { CatalogueFilterPanel, FILTER_PANEL_ID } from '../components/filters/CatalogueFilterPanel';
import { FilterToggle } from '../components/filters/FilterToggle';
import { ItemList } from '../components/list/ItemList';
import { PlaylistList } from '../components/list/PlaylistList';
import { PeriodButtons, type PeriodOption } from '../components/PeriodButtons';
import {
  type CatalogueFilter,
  type FilterSearch,
  isFilterActive,
  type PeriodSearch,
  toCatalogueFilter,
  toFilterSearch,
} from '../lib/filters';

/**
 * The filtered catalogue lists of spec 2: /latest, /top, /streams and /playlists are one screen (a
 * header with the filter toggle, the filter panel, the lists) and differ only by the rows of LISTS.
 */

type ListSearch = FilterSearch & PeriodSearch;

interface Heading {
  icon: EmphasisIcon;
  text: string;
  emphasis?: string;
}

interface ListSection {
  /** A section's own h2, when the page has several lists */
  heading?: Heading & { emphasis: string };
  list: (filter: CatalogueFilter, period: Period) => ReactNode;
}

interface FilteredList {
  from: '/latest' | '/top' | '/streams' | '/playlists';
  header: Heading;
  providers: readonly Provider[];
  /** Period buttons under the header (top songs); applying the filter keeps the period */
  periods?: readonly PeriodOption<Period>[];
  /** The providers are always written, possibly empty, so clearing them does not bring the route's default back */
  writeEmptyProviders?: boolean;
  sections: ListSection[];
}

const PERIOD_OPTIONS: PeriodOption<Period>[] = [
  { label: 'PAST WEEK', value: 'week' },
  { label: 'PAST MONTH', value: 'month' },
  { label: 'PAST 6 MONTHS', value: 'six_months' },
  { label: 'PAST YEAR', value: 'year' },
  { label: 'ALL TIME', value: 'all_time' },
];

/** Spec 2 "Latest playlists": paged sections under one filter; the sections share the generic read failure but the first. */
const playlistSection = (icon: EmphasisIcon, text: string, type: 'stream' | 'best_of' | 'other'): ListSection => ({
  heading: { icon, text, emphasis: 'Playlists' },
  list: (filter) => <PlaylistList source={playlistLists.ofType(type, filter)} failureText="Unable to retrieve playlists" />,
});

const LISTS = {
  /** /latest: newest songs; the provider filter starts at youtube only (the route's default) */
  latestSongs: {
    from: '/latest',
    header: { icon: 'latest', text: 'Latest', emphasis: 'Songs' },
    providers: MEDIA_PROVIDERS,
    writeEmptyProviders: true,
    sections: [
      {
        list: (filter) => (
          <ItemList
            main
            source={mediaLists.latest(filter)}
            failureText="Unable to retrieve latest songs"
            renderItem={(media) => <MediaCard media={media} />}
          />
        ),
      },
    ],
  },
  /** /top: most played songs of a period (default the past month) */
  topSongs: {
    from: '/top',
    header: { icon: 'top', text: 'Top', emphasis: 'Songs' },
    providers: MEDIA_PROVIDERS,
    periods: PERIOD_OPTIONS,
    sections: [
      {
        list: (filter, period) => (
          <ItemList
            main
            source={mediaLists.top(period, filter)}
            failureText="Unable to retrieve top songs"
            renderItem={(media) => <MediaCard media={media} />}
          />
        ),
      },
    ],
  },
  /** /streams: past streams, newest first */
  latestStreams: {
    from: '/streams',
    header: { icon: 'stream', text: 'Latest', emphasis: 'Streams' },
    providers: STREAM_PROVIDERS,
    sections: [
      {
        list: (filter) => (
          <ItemList
            main
            source={streamLists.latest(filter)}
            entity="streams"
            failureText="Unable to retrieve latest streams"
            renderItem={(stream) => <StreamCard stream={stream} />}
          />
        ),
      },
    ],
  },
  /** /playlists: four sections */
  playlists: {
    from: '/playlists',
    header: { icon: 'playlist', text: 'Playlists' },
    providers: PLAYLIST_PROVIDERS,
    sections: [
      {
        heading: { icon: 'latest', text: 'Recently', emphasis: 'Updated' },
        list: (filter) => <PlaylistList source={playlistLists.latest(filter)} failureText="Unable to retrieve latest playlists" />,
      },
      playlistSection('stream', 'Stream', 'stream'),
      playlistSection('trophy', 'Best Of', 'best_of'),
      playlistSection('playlist', 'Other', 'other'),
    ],
  },
} satisfies Record<string, FilteredList>;

function FilteredListPage({ list }: { list: FilteredList }) {
  const search: ListSearch = useSearch({ from: list.from });
  const navigate = useNavigate({ from: list.from });
  const period = search.period ?? 'month';
  const filter = toCatalogueFilter(search);
  const [opened, { toggle }] = useDisclosure(false);

  const apply = (next: CatalogueFilter) =>
    navigate({
      search: (prev: ListSearch) => ({
        ...(list.periods ? { period: prev.period } : {}),
        ...toFilterSearch(next),
        ...(list.writeEmptyProviders ? { providers: next.providers } : {}),
      }),
    });

  const [single] = list.sections;
  return (
    <>
      <EmphasisHeader icon={list.header.icon} text={list.header.text} emphasis={list.header.emphasis}>
        <FilterToggle opened={opened} onToggle={toggle} applied={isFilterActive(filter)} controls={FILTER_PANEL_ID} />
      </EmphasisHeader>
      {list.periods ? (
        <PeriodButtons
          label="Period"
          options={list.periods}
          value={period}
          onChange={(next) => navigate({ search: (prev: ListSearch) => ({ ...prev, period: next }), resetScroll: false })}
        />
      ) : null}
      <CatalogueFilterPanel opened={opened} filter={filter} providers={list.providers} onApply={apply} />
      {list.sections.length === 1 && single ? (
        single.list(filter, period)
      ) : (
        // The sections' own headings sit a section's distance under the page title.
        <Stack gap={40} mt="xl">
          {list.sections.map(({ heading, list: render }) => (
            <section key={heading?.text} aria-label={heading ? `${heading.text} ${heading.emphasis}` : undefined}>
              {heading ? <EmphasisHeader icon={heading.icon} text={heading.text} emphasis={heading.emphasis} order={2} /> : null}
              {render(filter, period)}
            </section>
          ))}
        </Stack>
      )}
    </>
  );
}

export const LatestSongsPage = () => <FilteredListPage list={LISTS.latestSongs} />;
export const TopSongsPage = () => <FilteredListPage list={LISTS.topSongs} />;
export const LatestStreamsPage = () => <FilteredListPage list={LISTS.latestStreams} />;
export const PlaylistsPage = () => <FilteredListPage list={LISTS.playlists} />;
