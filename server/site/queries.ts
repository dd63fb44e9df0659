import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Whether the database answers at all (the health check). */
export function databaseReachable(db: Db): Promise<boolean> {
  return db.execute(sql`SELECT 1`).then(
    () => true,
    () => false,
  );
}
