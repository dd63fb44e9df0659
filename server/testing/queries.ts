import type { Db } from '../db/client';

/**
 * The SQL a block of code sends, read at the driver (PGlite's and node-postgres' `query`), so a test
 * can say how many round trips an answer costs. Restored when the block ends.
 */
export async function sqlSentBy(db: Db, run: () => Promise<unknown>): Promise<string[]> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const original = client.query;
  const sent: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first] = args;
    sent.push(typeof first === 'string' ? first : String((first as { text?: string }).text ?? ''));
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return sent;
}
