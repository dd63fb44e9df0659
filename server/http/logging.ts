import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets (the overlay key OBS sends): never written to logs. */
const SECRET_PARAMS = ['key', 'code', 'state', 'token'];
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_PARAMS.join('|')})=)[^&#]*`, 'gi');

/** The URL with the values of secret query parameters replaced by ***. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1***');
}

/** Fastify's request log line, with secrets taken out of the URL. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
