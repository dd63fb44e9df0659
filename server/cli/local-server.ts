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
export async function askLocalServer<T>(config: Config, request: LocalServerRequest): Promise<T | null> {
  const origin = selfOrigin(config.host, config.port);
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, 'content-type': 'application/json' };
  if (config.sync.token) headers.authorization = `Bearer ${config.sync.token}`;
  let res: Response;
  try {
    res = await fetch(`${origin}${request.path}`, {
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
