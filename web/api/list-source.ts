import type { Page } from '../../common/api';
import type { QueryParams } from '../lib/api-error';
import { apiGet, apiUrl } from './client';

/**
 * What the list component pages through. `key` names the data source and its filter: when it
 * changes, the list starts over at page 1 (spec 4 "List").
 */
export interface ListSource<T> {
  key: readonly unknown[];
  /** The address of a page (the page answers in the HTML are kept by it: web/api/page-answers.ts) */
  url: (paging: { page: number; size: number }) => string;
  fetchPage: (paging: { page: number; size: number }, signal: AbortSignal) => Promise<Page<T>>;
}

/** A paged GET endpoint with fixed query params (filters); page and size are added per load. */
export function pagedEndpoint<T>(path: string, params: QueryParams = {}): ListSource<T> {
  return {
    key: [path, params],
    url: ({ page, size }) => apiUrl(path, { ...params, page, size }),
    fetchPage: ({ page, size }, signal) => apiGet<Page<T>>(path, { ...params, page, size }, signal),
  };
}
