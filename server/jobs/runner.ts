import type { Database } from '../db/client';
import { createJobLocks } from './lock';
import { readJobRun, recordJobRun } from './queries';

/**
 * Periodic jobs run in-process (design: "Real time and jobs"). With several instances exactly one
 * runs each job: the run holds the job's advisory lock, and the time of the last run, shared in
 * `job_runs`, keeps the other instances from running it again within the interval.
 */

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface JobDefinition {
  name: string;
  /** Time between runs; 0 runs it only on demand */
  intervalMs: number;
  /** Run when the runner starts (if no instance ran it within the interval) */
  runAtStart: boolean;
  /** Its answer is stored as the run's report; a report with `ok: false` records the run as failed. */
  run(signal: AbortSignal): Promise<unknown>;
}

export interface JobRun {
  name: string;
  startedAt: Date;
  finishedAt: Date | null;
  ok: boolean | null;
  report: unknown;
  error: string | null;
}

/** The job is running already, here or in another instance. */
export class JobBusyError extends Error {
  constructor(readonly job: string) {
    super(`The ${job} job is already running`);
  }
}

export type JobRunner = ReturnType<typeof createJobRunner>;

/**
 * What became of a run asked of this instance: done, failed (threw, lost its lock, or reported
 * `ok: false`), busy (running elsewhere), skipped (another instance ran it within the interval).
 */
export type JobOutcome = 'ok' | 'failed' | 'busy' | 'skipped';

export function createJobRunner(options: { database: Database; log: Logger; now: () => Date }) {
  const { database, log, now } = options;
  const db = database.db;
  const locks = createJobLocks(database, log);
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  /** Runs since start by job and outcome, for GET /metrics (server/metrics) */
  const outcomes = new Map<string, { job: string; outcome: JobOutcome; count: number }>();
  const counted = (job: string, outcome: JobOutcome) => {
    const key = `${job}\u0000${outcome}`;
    const entry = outcomes.get(key) ?? { job, outcome, count: 0 };
    entry.count++;
    outcomes.set(key, entry);
  };

  const lastRun = (name: string): Promise<JobRun | null> => readJobRun(db, name);
  const record = (name: string, fields: Parameters<typeof recordJobRun>[2]) => recordJobRun(db, name, fields);

  /**
   * Runs `work` holding the job's lock and records the run. Throws JobBusyError when the job runs
   * elsewhere; `unlessRanWithinMs` skips the run (answering null) when one finished that recently.
   */
  async function runExclusive<R>(name: string, work: (signal: AbortSignal) => Promise<R>, unlessRanWithinMs = 0): Promise<R | null> {
    const lock = await locks.tryAcquire(name);
    if (!lock) {
      counted(name, 'busy');
      throw new JobBusyError(name);
    }
    const task = (async () => {
      try {
        if (unlessRanWithinMs > 0) {
          const last = await lastRun(name);
          if (last?.finishedAt && now().getTime() - last.finishedAt.getTime() < unlessRanWithinMs) {
            counted(name, 'skipped');
            return null;
          }
        }
        const startedAt = now();
        await record(name, { startedAt, finishedAt: null, ok: null, error: null });
        try {
          const result = await work(lock.signal);
          // A run that lost its lock may have overlapped another instance's: it does not count as done.
          lock.signal.throwIfAborted();
          const failed = (result as { ok?: unknown } | null)?.ok === false;
          await record(name, {
            startedAt,
            finishedAt: now(),
            ok: !failed,
            report: result ?? null,
            error: failed ? 'finished with errors' : null,
          });
          counted(name, failed ? 'failed' : 'ok');
          return result;
        } catch (error) {
          counted(name, 'failed');
          await record(name, { startedAt, finishedAt: now(), ok: false, error: (error as Error).message }).catch(() => {});
          throw error;
        }
      } finally {
        await lock.release();
      }
    })();
    running.add(task);
    try {
      return await task;
    } finally {
      running.delete(task);
    }
  }

  function schedule(job: JobDefinition, delayMs: number) {
    if (stopped || job.intervalMs <= 0) return;
    const timer = setTimeout(() => void tick(job), delayMs);
    timers.set(job.name, timer);
  }

  async function tick(job: JobDefinition) {
    try {
      // 90%: a run that another instance finished a moment before our interval is up still counts.
      await runExclusive(job.name, job.run, job.intervalMs * 0.9);
    } catch (error) {
      if (!(error instanceof JobBusyError)) log.error(`job ${job.name} failed: ${(error as Error).message}`);
    } finally {
      schedule(job, job.intervalMs);
    }
  }

  return {
    runExclusive,
    lastRun,
    isRunningHere: (name: string) => locks.isHeldHere(name),
    /** Whether this or another instance runs the job now (the job's lock is held). */
    isRunning: (name: string) => locks.isHeldAnywhere(name),
    /** Runs asked of this instance since start, by job and outcome */
    runCounts: () => [...outcomes.values()].map((entry) => ({ ...entry })),

    /** Starts the periodic jobs; those with runAtStart tick at once. */
    start(jobs: JobDefinition[]) {
      stopped = false;
      for (const job of jobs) {
        if (job.intervalMs <= 0 && !job.runAtStart) continue;
        if (job.runAtStart) {
          const first = setTimeout(() => void tick(job), 0);
          timers.set(job.name, first);
        } else {
          schedule(job, job.intervalMs);
        }
      }
    },

    /** No new runs; waits for the ones under way. */
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
}
