import { queryOptions } from '@tanstack/react-query';
import type { Page, Stream } from '../../common/api';
import { apiGet, apiUrl } from './client';
import { takePageAnswer } from './page-answers';

const LAST_STREAM = ['/api/streams/latest', { page: 1, size: 1 }] as const;
export const LAST_STREAM_URL = apiUrl(...LAST_STREAM);
const first = (page: Page<Stream>) => page.content[0] ?? null;

/** The most recent stream, for the home page's last-stream card (its poster: home's largest paint, so its HTML carries it). */
export const lastStreamQuery = queryOptions({
  queryKey: ['streams', 'last'],
  queryFn: async ({ signal }) => first(await apiGet<Page<Stream>>(...LAST_STREAM, signal)),
  initialData: () => {
    const page = takePageAnswer<Page<Stream>>(LAST_STREAM_URL);
    return page && first(page);
  },
  initialDataUpdatedAt: 0,
  meta: { failureText: 'Unable to retrieve latest streams' },
});
