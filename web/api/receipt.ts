import { queryOptions } from '@tanstack/react-query';
import { RECEIPT_PATHS, type Receipt, receiptSchema } from '../../common/receipt';
import { ApiError } from '../lib/api-error';
import { apiGet } from './client';
import { useQuerySocket } from './socket';

/**
 * The fan's receipt (issue 20): GET /api/requests/{id}/receipt, then its socket, which sends the
 * receipt on connect and again whenever it may have changed. Lazy screens only (the socket brings zod).
 */

const receiptKey = (id: number) => ['requests', 'receipt', id] as const;

/**
 * The receipt, or null for an unknown id (404): the page's not-found state, not a failure to toast.
 * Other failures toast "Unable to retrieve request" and show the detail page's error line.
 */
export const receiptQuery = (id: number) =>
  queryOptions({
    queryKey: receiptKey(id),
    queryFn: async ({ signal }): Promise<Receipt | null> => {
      try {
        return await apiGet<Receipt>(RECEIPT_PATHS.api(id), undefined, signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    meta: { failureText: 'Unable to retrieve request' },
  });

/** Each message is the whole receipt and replaces the cached one (its `dataUpdatedAt` is when its ETA was made). */
export const useReceiptSocket = (id: number, enabled: boolean) =>
  useQuerySocket(`${RECEIPT_PATHS.socket}?id=${id}`, receiptSchema, receiptKey(id), enabled);
