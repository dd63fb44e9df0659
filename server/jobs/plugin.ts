import { defineSlice } from '../http/slice';
import { createJobRunner, type JobDefinition, type JobRunner } from './runner';

/** A step of starting or stopping the app's background work (the demo fill, the radio's timers) */
type Step = () => Promise<void> | void;

/**
 * The job runner, and the registry the slices declare their background work in: their periodic
 * jobs (`define`), and what must happen before the jobs start, after, and before they stop.
 * main.ts starts and stops it all with one call each and knows no job by name.
 */
export interface Jobs extends JobRunner {
  /** A periodic job; a function is asked for its definition when the jobs start */
  define(job: JobDefinition | (() => JobDefinition)): void;
  beforeStart(step: Step): void;
  afterStart(step: Step): void;
  beforeStop(step: Step): void;
  /** Runs the before-start steps, starts every defined job, then the after-start steps */
  startAll(): Promise<void>;
  /** The before-stop steps (in reverse order), then the runner's stop */
  stopAll(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job runner, and the slices' jobs: `startAll()` starts them (and the radio), `stopAll()` stops them */
    jobs: Jobs;
  }
}

export const jobsPlugin = defineSlice('jobs', ['core'], (app) => {
  const runner = createJobRunner({ database: app.database, log: app.log, now: app.clock });
  const defined: (JobDefinition | (() => JobDefinition))[] = [];
  const steps = { beforeStart: [] as Step[], afterStart: [] as Step[], beforeStop: [] as Step[] };
  const jobs: Jobs = {
    ...runner,
    define: (job) => void defined.push(job),
    beforeStart: (step) => void steps.beforeStart.push(step),
    afterStart: (step) => void steps.afterStart.push(step),
    beforeStop: (step) => void steps.beforeStop.push(step),
    async startAll() {
      for (const step of steps.beforeStart) await step();
      runner.start(defined.map((job) => (typeof job === 'function' ? job() : job)));
      for (const step of steps.afterStart) await step();
    },
    async stopAll() {
      for (const step of [...steps.beforeStop].reverse()) await step();
      await runner.stop();
    },
  };
  app.decorate('jobs', jobs);
});
