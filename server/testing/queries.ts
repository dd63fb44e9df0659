import type { Db } from '../db/client';

/**
 * The SQL a block of code sends, read at the driver (PGlite's and node-postgres' `query`), so a test
 * can say how many round trips an answer costs. Restored when the block ends.
 */
export interface SentQuery {
  text: string;
  params: unknown[];
}

export async function sqlSentBy(db: Db, run: () => Promise<unknown>): Promise<SentQuery[]> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query;
  const sent: SentQuery[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    // PGlite: (text, params); node-postgres: (text, values) or ({ text, values }).
    if (typeof first === 'string') sent.push({ text: first, params: Array.isArray(second) ? second : [] });
    else {
      const config = first as { text?: string; values?: unknown[] };
      sent.push({ text: config.text ?? '', params: config.values ?? [] });
    }
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return sent;
}
