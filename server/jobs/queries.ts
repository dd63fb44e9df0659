import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobRuns } from '../db/schema';

/** All SQL of the job runner: the last run of each job, shared by every instance in `job_runs`. */

export async function readJobRun(db: Db, name: string) {
  const [row] = await db.select().from(jobRuns).where(eq(jobRuns.name, name)).limit(1);
  return row ?? null;
}

export async function recordJobRun(db: Db, name: string, fields: Partial<typeof jobRuns.$inferInsert> & { startedAt: Date }) {
  await db
    .insert(jobRuns)
    .values({ name, ...fields })
    .onConflictDoUpdate({ target: jobRuns.name, set: fields });
}
