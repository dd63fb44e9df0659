import { ProviderError } from '../providers/shared/http';
import { HttpError } from './errors';

/**
 * A provider's failure, as an answer: 502 Bad Gateway saying what could not be done and what the
 * provider answered ("Could not read the playlist from YouTube: YouTube answered 500 ..."). The
 * request was fine and trying again later may work, so it is neither a 4xx nor our own 500.
 */
export function providerFailure(error: ProviderError, doing: string): HttpError {
  return new HttpError(502, `Could not ${doing}: ${error.message}`);
}

/** Runs work that asks a provider; a ProviderError becomes the 502 above, anything else passes. */
export async function askingProvider<T>(doing: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderError) throw providerFailure(error, doing);
    throw error;
  }
}
