import { Counter, collectDefaultMetrics, Gauge, type LabelValues, Registry } from 'prom-client';

/**
 * The metrics of one app (prom-client): a Registry of its own, never prom-client's global one, as
 * tests build many apps in one process. Gauges and counters are read from the app's parts when
 * Prometheus scrapes (`collect`), so the parts keep plain counts and know nothing of prom-client.
 * The Node process's own metrics (heap, event-loop lag, CPU, GC) are one per process: see
 * `processRegistry`.
 */

export const CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/** Every metric of the app is named almanac_…; the process's keep prom-client's names (process_…, nodejs_…). */
export const PREFIX = 'almanac_';

type Labels = LabelValues<string>;
/** A sample: its labels and its value */
export type Sample = [Labels, number];

let processMetrics: Registry | undefined;

/**
 * prom-client's default metrics, registered once per process: each `collectDefaultMetrics` call
 * starts an event-loop delay monitor and a GC observer that are never stopped, and a process has
 * one heap and one event loop however many apps it holds.
 */
export function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/** The text Prometheus reads: the app's metrics, then the process's. */
export async function exposition(registry: Registry): Promise<string> {
  const [own, processOwn] = await Promise.all([registry.metrics(), processRegistry().metrics()]);
  return `${own}\n${processOwn}`;
}

interface Definition {
  name: string;
  help: string;
  labelNames?: readonly string[];
}

/**
 * A counter whose totals are kept by the app's part and read at each scrape. The part's counts
 * only grow (since the process started), as Prometheus expects of a counter.
 */
export function counterOf(registry: Registry, definition: Definition, read: () => Sample[]) {
  return new Counter({
    ...definition,
    name: PREFIX + definition.name,
    labelNames: definition.labelNames ?? [],
    registers: [registry],
    collect() {
      this.reset();
      for (const [labels, value] of read()) this.inc(labels, value);
    },
  });
}

/** A gauge read at each scrape; `read` may ask the database. */
export function gaugeOf(registry: Registry, definition: Definition, read: () => Sample[] | Promise<Sample[]>) {
  return new Gauge({
    ...definition,
    name: PREFIX + definition.name,
    labelNames: definition.labelNames ?? [],
    registers: [registry],
    async collect() {
      const samples = await read();
      this.reset();
      for (const [labels, value] of samples) this.set(labels, value);
    },
  });
}
