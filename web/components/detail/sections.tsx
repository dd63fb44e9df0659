import type { Media, Playlist } from '../../../common/api';
import type { ListSource } from '../../api/list-source';
import { MediaCard } from '../cards/cards';
import { ItemList } from '../list/ItemList';
import { PlaylistList } from '../list/PlaylistList';
import { DetailSection } from './DetailSection';

/*
 * The list sections that several detail pages share. A section's heading, paging and texts are the
 * spec's and the same on every page that shows it: a page passes only the list's source (whose
 * item it is). Sections of one page only stay in that page.
 */

/** A song's "Part of Playlists", a stream's "Stream Playlists" */
export function PlaylistsSection({ text, source }: { text: string; source: ListSource<Playlist> }) {
  return (
    <DetailSection icon="playlist" text={text} emphasis="Playlists">
      <PlaylistList source={source} />
    </DetailSection>
  );
}

/** Song cards a few at a time with Load More (the "short" page size): the detail pages' shorter song lists. */
export function PagedSongs({ source, failureText }: { source: ListSource<Media>; failureText: string }) {
  return (
    <ItemList
      source={source}
      mode="paged"
      pageSize="short"
      entity="songs"
      failureText={failureText}
      renderItem={(media) => <MediaCard media={media} />}
    />
  );
}

export function TopSongsSection({ source }: { source: ListSource<Media> }) {
  return (
    <DetailSection icon="top" text="Top" emphasis="Songs">
      <PagedSongs source={source} failureText="Unable to retrieve top songs" />
    </DetailSection>
  );
}

/** Every song, loading on as the visitor scrolls: the last section of its page. */
export function AllSongsSection({ source }: { source: ListSource<Media> }) {
  return (
    <DetailSection icon="song" text="All" emphasis="Songs">
      <ItemList source={source} entity="songs" failureText="Unable to retrieve songs" renderItem={(media) => <MediaCard media={media} />} />
    </DetailSection>
  );
}
