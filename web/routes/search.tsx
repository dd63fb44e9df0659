import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /search (spec 2 "Search"). The route skips the static title: call usePageTitle(query text or tag names).
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function SearchPage() {
  return <EmphasisHeader icon="search" text="Search" />;
}
