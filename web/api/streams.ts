import { queryOptions } from '@tanstack/react-query';
import type { Page, Stream } from '../../common/api';
import { apiGet } from './client';

/** The most recent stream, for the home page's last-stream card. */
export const lastStreamQuery = queryOptions({
  queryKey: ['streams', 'last'],
  queryFn: async ({ signal }) => {
    const page = await apiGet<Page<Stream>>('/api/streams/latest', { page: 1, size: 1 }, signal);
    return page.content[0] ?? null;
  },
  meta: { failureText: 'Unable to retrieve latest streams' },
});
