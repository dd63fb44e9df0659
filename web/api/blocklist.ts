import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlocklistAddBody, BlocklistEntry } from '../../common/blocklist';
import { notifySuccess } from '../toasts/notify';
import { apiDelete, apiGet, apiPost } from './client';

/** The flip blocklist (admins): videos and channels VERIFY refuses. */
export const blocklistQuery = queryOptions({
  queryKey: ['requests', 'blocklist'],
  queryFn: ({ signal }) => apiGet<{ content: BlocklistEntry[] }>('/api/requests/blocklist', undefined, signal).then((list) => list.content),
  meta: { failureText: 'Unable to retrieve the blocklist' },
});

export function useAddToBlocklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BlocklistAddBody) => apiPost<BlocklistEntry>('/api/requests/blocklist', body),
    onSuccess: (entry) => {
      notifySuccess(entry.kind === 'video' ? 'Video blocked' : 'Channel blocked');
      return queryClient.invalidateQueries({ queryKey: blocklistQuery.queryKey });
    },
    meta: { failureText: 'Unable to update the blocklist' },
  });
}

export function useRemoveFromBlocklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiDelete<{ ok: true }>(`/api/requests/blocklist/${id}`),
    onSuccess: () => {
      notifySuccess('Removed from the blocklist');
      return queryClient.invalidateQueries({ queryKey: blocklistQuery.queryKey });
    },
    meta: { failureText: 'Unable to update the blocklist' },
  });
}
