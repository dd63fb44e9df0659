import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /playlists/community/submit (spec 2 "Community playlist submission").
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function CommunitySubmitPage() {
  return <EmphasisHeader icon="community" text="Submit a" emphasis="Playlist" />;
}
