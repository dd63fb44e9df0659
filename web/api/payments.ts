import { queryOptions } from '@tanstack/react-query';
import type { EarningsSummary } from '../../common/earnings';
import { EARNINGS_PATHS } from '../../common/earnings-paths';
import { apiGet } from './client';

/** The Admin Console's Earnings tab (admins): the figures, and the CSV export the tab links to. */

export const earningsQuery = queryOptions({
  queryKey: ['payments', 'summary'],
  queryFn: ({ signal }) => apiGet<EarningsSummary>(EARNINGS_PATHS.summary, undefined, signal),
  meta: { failureText: 'Unable to retrieve earnings' },
});

/** A plain link: the browser downloads it with the session cookie, streamed, never held in the page. */
export const EARNINGS_EXPORT_URL = EARNINGS_PATHS.export;
