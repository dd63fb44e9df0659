import { useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useConfig } from '../api/config';
import { pageTitle } from '../lib/navigation';

/** Sets the document title from the deepest route's `staticData.title` ("Latest Songs | Almanac"). */
export function RouteTitle() {
  const { siteName } = useConfig();
  const title = useMatches({ select: (matches) => matches.findLast((match) => match.staticData.title)?.staticData.title });
  const skipped = useMatches({ select: (matches) => matches.at(-1)?.staticData.skipTitle === true });
  useEffect(() => {
    if (!skipped) document.title = pageTitle(title, siteName);
  }, [title, siteName, skipped]);
  return null;
}

/**
 * For screens whose route skips the static title (`staticData.skipTitle`), e.g. search, whose
 * title is the query text or the tag names.
 */
export function usePageTitle(title: string | undefined) {
  const { siteName } = useConfig();
  useEffect(() => {
    document.title = pageTitle(title, siteName);
  }, [title, siteName]);
}
