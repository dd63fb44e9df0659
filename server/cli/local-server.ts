import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { selfOrigin } from '../providers';
import { CommandError } from './command';

/**
 * How a command asks the server running on this machine to do its work (that server holds the
 * embedded database, which only one process may open): a JSON POST to its loopback address,
 * presenting SYNC_TOKEN when one is set.
 */

const USER_AGENT = 'almanac-cli';

export interface LocalServerRequest {
  path: string;
  body: unknown;
  timeoutMs: number;
  /** The statuses with which the route refuses a caller without the right SYNC_TOKEN */
  refusedWith: readonly number[];
  /** When refused, let the command do the work itself instead of failing */
  hereWhenRefused?: boolean;
}

/**
 * The server's answer; null when no server answers on this machine (or it refuses and
 * `hereWhenRefused` is set), so the command does the work itself. Anything else is a CommandError.
 */
/** POSTs the request to the server on this machine; null when none answers there. */
async function postLocal(config: Config, request: LocalServerRequest): Promise<Response | null> {
  const origin = selfOrigin(config.host, config.port);
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, 'content-type': 'application/json' };
  if (config.sync.token) headers.authorization = `Bearer ${config.sync.token}`;
  try {
    return await fetch(`${origin}${request.path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(request.body),
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === 'ECONNREFUSED' || code === 'EADDRNOTAVAIL') return null;
    throw new CommandError(`The server at ${origin} did not answer: ${(error as Error).message}`);
  }
}

/** Reads a JSON answer; a refusal or error becomes a CommandError (or null: see askLocalServer). */
async function readAnswer<T>(config: Config, request: LocalServerRequest, res: Response): Promise<T | null> {
  const origin = selfOrigin(config.host, config.port);
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CommandError(`Something answers at ${origin}, but not like this site's server (HTTP ${res.status}). Is PORT right?`);
  }
  if (res.ok) return json as T;
  const message = (json as { message?: string }).message ?? text;
  if (request.refusedWith.includes(res.status)) {
    if (request.hereWhenRefused) return null;
    // Some refusals end in a full stop and some do not; the advice is a sentence of its own.
    const sentence = /[.!?]$/.test(message) ? message : `${message}.`;
    throw new CommandError(`The server at ${origin} refused: ${sentence} Set SYNC_TOKEN to the server's value and run this again.`);
  }
  throw new CommandError(`The server at ${origin} answered ${res.status}: ${message}`);
}

/**
 * The server's answer; null when no server answers on this machine (or it refuses and
 * `hereWhenRefused` is set), so the command does the work itself. Anything else is a CommandError.
 */
export async function askLocalServer<T>(config: Config, request: LocalServerRequest): Promise<T | null> {
  const res = await postLocal(config, request);
  return res ? readAnswer<T>(config, request, res) : null;
}

/**
 * Like askLocalServer, for an answer of bytes (a backup): written to `file` as it comes; false when
 * no server answers on this machine. A refusal or error (JSON) is a CommandError.
 */
export async function downloadFromLocalServer(config: Config, request: LocalServerRequest, file: string): Promise<boolean> {
  const res = await postLocal(config, request);
  if (!res) return false;
  if (!res.ok || !res.headers.get('content-type')?.startsWith('application/octet-stream')) {
    await readAnswer(config, { ...request, hereWhenRefused: false }, res);
    throw new CommandError(`The server at ${selfOrigin(config.host, config.port)} answered something other than a backup`);
  }
  await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), createWriteStream(file));
  return true;
}
