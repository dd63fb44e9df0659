import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Anything that can run SQL: the database, or a transaction (`db.transaction(async (tx) => …)`). */
export type Executor = Pick<Db, 'execute'>;

/** A NOTIFY on the executor's connection: sent when its transaction commits. */
export async function notify(executor: Executor, channel: string, body: string): Promise<void> {
  await executor.execute(sql`SELECT pg_notify(${channel}, ${body})`);
}
