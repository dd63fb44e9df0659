import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '../../common/api';
import { DATABASE_UNAVAILABLE, isConnectionLost } from '../db/connection';
import { DomainError, type DomainErrorCode } from '../errors/domain';
import { HttpError } from './errors';
import { REQUEST_ID_HEADER } from './request-id';

/**
 * Every error answer is `{statusCode, error, message, requestId}` (common/api.ts errorSchema): the
 * route errors, Fastify's own (bad URL encoding, a path parameter past its length, body parsing) and
 * unknown paths. `message` is what the web shows; it quotes at most QUOTE_MAX characters of what
 * was sent, so an error page cannot be made to reflect a visitor's long input. `requestId` is the
 * request's id, also on its log lines and in its `x-request-id` header (http/request-id.ts).
 */

const QUOTE_MAX = 100;
/** The longest message taken from an error we did not write (Fastify, plugins) */
const FOREIGN_MESSAGE_MAX = 200;

/** The status each kind of refusal the services throw is answered with (errors/domain.ts). */
export const DOMAIN_STATUS: Record<DomainErrorCode, number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  upstream: 502,
  unavailable: 503,
};

export function errorBody(statusCode: number, message: string, requestId?: string, link?: string): ApiError {
  const body: ApiError = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
  if (link !== undefined) body.link = link;
  return requestId === undefined ? body : { ...body, requestId };
}

/** `text` cut to QUOTE_MAX characters, for messages that name what was asked for. */
export function quote(text: string): string {
  return text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text;
}

/** The answer to a path that names nothing: unknown routes, and known ones whose path parameters cannot be an id. */
export function noSuchPath(request: FastifyRequest): ApiError {
  return errorBody(404, `No such path: ${request.method} ${quote(request.url.split('?')[0] ?? '')}`, request.id);
}

/** "tags.0 must be an id; lyrics must not contain a NUL character": each invalid field by name. */
export function validationMessage(error: FastifyError): string {
  const issues = error.validation ?? [];
  const parts = issues.map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (issue.params?.missingProperty as string) || '';
    return field ? `${field} ${issue.message ?? 'is invalid'}` : (issue.message ?? 'is invalid');
  });
  return parts.join('; ') || error.message;
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const answer = (status: number, message: string, link?: string) => reply.code(status).send(errorBody(status, message, request.id, link));
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A path whose parameters cannot name an item (/api/clips/latest, /api/media/abc) names nothing.
    if (error.validationContext === 'params') return reply.code(404).send(noSuchPath(request));
    return answer(400, validationMessage(error));
  }
  if (error instanceof HttpError) return answer(error.statusCode, error.message);
  if (error instanceof DomainError) return answer(DOMAIN_STATUS[error.code], error.message, error.link);
  // The database went away mid-request (restart, failover): a clear 503, and the next request reconnects.
  if (isConnectionLost(error)) return answer(503, DATABASE_UNAVAILABLE);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return answer(status, error.message.slice(0, FOREIGN_MESSAGE_MAX));
  request.log.error({ err: error }, 'request failed');
  return answer(500, 'Something went wrong on our side. Please try again.');
}

/**
 * Fastify's `frameworkErrors`: errors found before a route is chosen. Its default answers carry a
 * `code` and quote the whole path. No hook runs for them, so the request id is set here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header(REQUEST_ID_HEADER, request.id);
  const answer = (status: number, message: string) => reply.code(status).send(errorBody(status, message, request.id));
  if (error.code === 'FST_ERR_BAD_URL') return answer(400, 'The URL is not correctly encoded');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return answer(414, 'A part of the URL is too long');
  return errorHandler(error, request, reply);
}
