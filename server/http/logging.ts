import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from '../config';

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

/**
 * Requests a person reading the demo's console does not want at `info`: the sandbox's own traffic
 * (the sync fetching the stand-ins' pages and thumbnails: over a thousand lines at start) and files
 * (the web app's assets, thumbnails, share images). Pages and API calls stay.
 */
export function isQuietRequest(url: string): boolean {
  const path = url.split('?', 1)[0] ?? url;
  return /^\/(sandbox|images|assets)\//.test(path) || /\.[a-z0-9]+$/i.test(path);
}

/**
 * Demo mode's request lines: one per request (`GET /api/media/top 200 12 ms`) where Fastify writes
 * two, at debug for quiet requests so a person sees pages and API calls. Errors keep their stack.
 * An error answer's line ends with its request id, the `requestId` of its body (http/request-id.ts).
 */
class ReadableRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const id = reply.statusCode >= 400 ? ` (request ${request.id})` : '';
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms${id}`;
    if (error) reply.log.error({ err: error }, line);
    else if (isQuietRequest(request.url)) reply.log.debug(line);
    else reply.log.info(line);
  }
}

/**
 * The logger of the server. Production writes pino's JSON lines (one per request event, for a log
 * collector; each with the request's `reqId`). Demo mode is read by a person in a terminal:
 * readable lines, files and the sandbox's traffic left out unless LOG_LEVEL is debug or trace.
 */
export function loggerOptions(
  config: Config,
  destination: NodeJS.WritableStream = process.stdout,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  const serializers = { req: requestLogFields };
  if (!config.demo) return { logger: { level: config.logLevel, serializers, stream: destination } };
  const stream = pretty({
    destination,
    sync: true,
    colorize: (destination as { isTTY?: boolean }).isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
  });
  return { logger: { level: config.logLevel, serializers, stream }, logController: new ReadableRequestLog() };
}
