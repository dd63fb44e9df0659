import { Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { Playlist } from '../../common/api';
import { PLAYLIST_PROVIDERS } from '../../common/enums';
import { playlistLists } from '../api/catalogue';
import type { ListSource } from '../api/list-source';
import { EmphasisHeader, type EmphasisIcon } from '../components/EmphasisHeader';
import { CatalogueFilterPanel, FILTER_PANEL_ID } from '../components/filters/CatalogueFilterPanel';
import { FilterToggle } from '../components/filters/FilterToggle';
import { PlaylistList } from '../components/list/PlaylistList';
import { type CatalogueFilter, isFilterActive, toCatalogueFilter, toFilterSearch } from '../lib/filters';

interface Section {
  icon: EmphasisIcon;
  text: string;
  emphasis: string;
  failureText: string;
  source: (filter: CatalogueFilter) => ListSource<Playlist>;
}

/** Spec 2 "Latest playlists": four paged sections under one filter. */
const SECTIONS: Section[] = [
  {
    icon: 'latest',
    text: 'Recently',
    emphasis: 'Updated',
    failureText: 'Unable to retrieve latest playlists',
    source: playlistLists.latest,
  },
  {
    icon: 'stream',
    text: 'Stream',
    emphasis: 'Playlists',
    failureText: 'Unable to retrieve playlists',
    source: (f) => playlistLists.ofType('stream', f),
  },
  {
    icon: 'trophy',
    text: 'Best Of',
    emphasis: 'Playlists',
    failureText: 'Unable to retrieve playlists',
    source: (f) => playlistLists.ofType('best_of', f),
  },
  {
    icon: 'playlist',
    text: 'Other',
    emphasis: 'Playlists',
    failureText: 'Unable to retrieve playlists',
    source: (f) => playlistLists.ofType('other', f),
  },
];

/** /playlists */
export function PlaylistsPage() {
  const search = useSearch({ from: '/playlists' });
  const navigate = useNavigate({ from: '/playlists' });
  const filter = toCatalogueFilter(search);
  const [opened, { toggle }] = useDisclosure(false);

  return (
    <>
      <EmphasisHeader icon="playlist" text="Playlists">
        <FilterToggle opened={opened} onToggle={toggle} applied={isFilterActive(filter)} controls={FILTER_PANEL_ID} />
      </EmphasisHeader>
      <CatalogueFilterPanel
        opened={opened}
        filter={filter}
        providers={PLAYLIST_PROVIDERS}
        onApply={(next) => navigate({ search: toFilterSearch(next) })}
      />
      {/* The sections' own headings sit a section's distance under the page title. */}
      <Stack gap={40} mt="xl">
        {SECTIONS.map((section) => (
          <section key={section.text} aria-label={`${section.text} ${section.emphasis}`}>
            <EmphasisHeader icon={section.icon} text={section.text} emphasis={section.emphasis} order={2} />
            <PlaylistList source={section.source(filter)} failureText={section.failureText} />
          </section>
        ))}
      </Stack>
    </>
  );
}
