import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /liked (spec 2 "Liked").
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function LikedPage() {
  return <EmphasisHeader icon="like" text="Liked" />;
}
