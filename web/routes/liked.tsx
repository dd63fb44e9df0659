import { Tabs } from '@mantine/core';
import { IconBroadcast, IconMusic, IconPlaylist } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { likedLists } from '../api/community';
import { MediaCard, PlaylistCard, StreamCard } from '../components/cards/cards';
import { EmphasisHeader } from '../components/EmphasisHeader';
import { ItemList } from '../components/list/ItemList';
import { LIKED_TABS, type LikedTab } from '../lib/filters';

/** /liked (spec 2 "Liked"): tabs Songs, Streams and Playlists, each the logged-in user's liked items, most recent first. */
export function LikedPage() {
  const tab: LikedTab = useSearch({ from: '/liked' }).tab ?? 'media';
  const navigate = useNavigate({ from: '/liked' });
  const setTab = (next: LikedTab) => navigate({ search: next === 'media' ? {} : { tab: next }, replace: true });
  return (
    <>
      <EmphasisHeader icon="heart" text="Liked" emphasis="Items" />
      <Tabs value={tab} onChange={(value) => setTab(LIKED_TABS.find((t) => t === value) ?? 'media')} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="media" leftSection={<IconMusic size={18} stroke={1.8} aria-hidden />}>
            Songs
          </Tabs.Tab>
          <Tabs.Tab value="streams" leftSection={<IconBroadcast size={18} stroke={1.8} aria-hidden />}>
            Streams
          </Tabs.Tab>
          <Tabs.Tab value="playlists" leftSection={<IconPlaylist size={18} stroke={1.8} aria-hidden />}>
            Playlists
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="media">
          <ItemList
            main
            source={likedLists.media()}
            failureText="Unable to retrieve liked songs"
            entity="songs"
            renderItem={(media) => <MediaCard media={media} />}
          />
        </Tabs.Panel>
        <Tabs.Panel value="streams">
          <ItemList
            main
            source={likedLists.streams()}
            failureText="Unable to retrieve liked streams"
            entity="streams"
            renderItem={(stream) => <StreamCard stream={stream} />}
          />
        </Tabs.Panel>
        <Tabs.Panel value="playlists">
          <ItemList
            main
            source={likedLists.playlists()}
            failureText="Unable to retrieve liked playlists"
            entity="playlists"
            renderItem={(playlist) => <PlaylistCard playlist={playlist} />}
          />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
