import type { ApiError as ApiErrorBody } from '../../common/api';

/** The API client's error and parameter types, below both api/ and the toasts that read them. */

/** A failed API call: the HTTP status and, when the server sent one, its error body. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's `{statusCode, error, message}` body; absent for network failures and non-JSON answers. */
  readonly body: ApiErrorBody | undefined;

  constructor(status: number, body: ApiErrorBody | undefined, fallback: string) {
    super(body?.message ?? fallback);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type QueryParams = Record<string, QueryValue>;
