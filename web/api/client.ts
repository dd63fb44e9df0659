import type { ApiError as ApiErrorBody } from '../../common/api';
import { ApiError, type QueryParams } from '../lib/api-error';

/**
 * `?a=1&providers=youtube&providers=sound_cloud`: arrays become repeated keys (the API's repeatable
 * filters); undefined, null and empty strings are left out.
 */
export function toQueryString(params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null || item === '') continue;
      search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The server's error body (common/api.ts errorSchema), checked without zod to keep it out of the
 * first bundle; client.test.ts holds this to the schema's verdicts.
 */
export function asErrorBody(value: unknown): ApiErrorBody | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { statusCode, error, message, link } = value as Record<string, unknown>;
  if (!Number.isInteger(statusCode) || typeof error !== 'string' || typeof message !== 'string') return undefined;
  if (link !== undefined && typeof link !== 'string') return undefined;
  return link === undefined
    ? { statusCode: statusCode as number, error, message }
    : { statusCode: statusCode as number, error, message, link };
}

async function readErrorBody(response: Response): Promise<ApiErrorBody | undefined> {
  try {
    return asErrorBody(await response.json());
  } catch {
    return undefined;
  }
}

/** The URL of a call to our API (the address the page answers of web/api/page-answers.ts are kept by). */
export const apiUrl = (path: string, params?: QueryParams) => `${path}${toQueryString(params)}`;

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
}

/** One call to our API. Resolves with the parsed JSON (undefined for an empty answer); throws ApiError otherwise. */
export async function apiRequest<T>(path: string, { method = 'GET', params, body, signal }: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, params), {
      method,
      signal,
      credentials: 'same-origin',
      // A FormData body (an upload) sets its own multipart Content-Type with the boundary.
      headers:
        body === undefined || body instanceof FormData
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, undefined, 'Network error: the server could not be reached');
  }
  if (!response.ok) throw new ApiError(response.status, await readErrorBody(response), `Request failed with status ${response.status}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const apiGet = <T>(path: string, params?: QueryParams, signal?: AbortSignal) => apiRequest<T>(path, { params, signal });
export const apiPost = <T>(path: string, body?: unknown, params?: QueryParams) => apiRequest<T>(path, { method: 'POST', body, params });
export const apiDelete = <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' });

/** True when the call failed because the caller cancelled it (navigation, a newer filter): never worth a toast. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
