import { Button } from '@mantine/core';
import { IconPlaylistAdd } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { playlistLists } from '../api/catalogue';
import { EmphasisHeader } from '../components/EmphasisHeader';
import { PlaylistList } from '../components/list/PlaylistList';

/** /playlists/community: a paged list of community playlists and the way to submit one (spec 2). */
export function CommunityPlaylistsPage() {
  return (
    <>
      <EmphasisHeader icon="community" text="Community" emphasis="Playlists">
        <Button component={Link} to="/playlists/community/submit" leftSection={<IconPlaylistAdd size={18} />}>
          SUBMIT A PLAYLIST
        </Button>
      </EmphasisHeader>
      <PlaylistList main source={playlistLists.ofType('community')} />
    </>
  );
}
