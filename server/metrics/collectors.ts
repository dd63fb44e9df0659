import type { Registry } from 'prom-client';
import { PAYMENT_KINDS, PAYMENT_STATUSES } from '../../common/payments';
import type { Database } from '../db/client';
import type { EventBus } from '../events';
import type { JobRunner } from '../jobs/runner';
import type { PaymentsSlice } from '../payments';
import type { Gateway } from '../realtime/gateway';
import type { SearchService } from '../search/service';
import { counterOf, gaugeOf, type Sample } from './registry';

/**
 * The app's metrics read from its parts when Prometheus scrapes. Each part keeps its own plain
 * counts (since this process started) or answers its state now; nothing here is updated between
 * scrapes. Counters are this instance's; `almanac_payments` is read from the database, so it is
 * every instance's (a dashboard takes the max over instances, not the sum).
 */

export interface MetricSources {
  gateway: Pick<Gateway, 'stats' | 'protocolErrors'>;
  events: Pick<EventBus, 'stats'>;
  jobs: Pick<JobRunner, 'runCounts'>;
  payments: Pick<PaymentsSlice, 'refundCounts' | 'statusCounts'>;
  search: Pick<SearchService, 'stats'>;
  database: Pick<Database, 'pool'>;
  log: { warn(message: string): void };
}

export function registerCollectors(registry: Registry, sources: MetricSources) {
  sockets(registry, sources.gateway);
  events(registry, sources.events);
  jobs(registry, sources.jobs);
  payments(registry, sources.payments, sources.log);
  databasePool(registry, sources.database);
  searchIndex(registry, sources.search);
}

function sockets(registry: Registry, gateway: MetricSources['gateway']) {
  gaugeOf(registry, { name: 'socket_connections', help: 'WebSockets open on this instance, per channel', labelNames: ['channel'] }, () =>
    gateway.stats().map((channel): Sample => [{ channel: channel.path }, channel.sockets]),
  );
  counterOf(
    registry,
    {
      name: 'socket_broadcasts_total',
      help: 'Broadcast messages per channel: sent to a socket, or dropped because the socket was too slow to take them (it is closed)',
      labelNames: ['channel', 'outcome'],
    },
    () =>
      gateway.stats().flatMap((channel): Sample[] => [
        [{ channel: channel.path, outcome: 'sent' }, channel.sent],
        [{ channel: channel.path, outcome: 'dropped' }, channel.dropped],
      ]),
  );
  counterOf(
    registry,
    { name: 'socket_protocol_errors_total', help: "Sockets ended by a client's protocol error, by ws's code", labelNames: ['code'] },
    () => Object.entries(gateway.protocolErrors().byCode).map(([code, count]): Sample => [{ code }, count]),
  );
}

function events(registry: Registry, bus: MetricSources['events']) {
  counterOf(
    registry,
    {
      name: 'event_notifications_total',
      help: "Event bus notifications this instance heard (every instance's), by event",
      labelNames: ['event'],
    },
    () => Object.entries(bus.stats().received).map(([event, count]): Sample => [{ event }, count]),
  );
  counterOf(
    registry,
    {
      name: 'event_listener_reconnects_total',
      help: "Times the event bus's listening connection was lost and listened again (then resynchronised)",
    },
    () => [[{}, bus.stats().reconnects]],
  );
}

function jobs(registry: Registry, runner: MetricSources['jobs']) {
  counterOf(
    registry,
    {
      name: 'job_runs_total',
      help: 'Job runs asked of this instance, by job and outcome (ok, failed, busy: running elsewhere, skipped: run recently elsewhere)',
      labelNames: ['job', 'outcome'],
    },
    () => runner.runCounts().map(({ job, outcome, count }): Sample => [{ job, outcome }, count]),
  );
}

function payments(registry: Registry, source: MetricSources['payments'], log: MetricSources['log']) {
  gaugeOf(
    registry,
    { name: 'payments', help: 'Payments in the database (every instance), by kind and status', labelNames: ['kind', 'status'] },
    async () => {
      // Every kind and status appears, 0 when there is none, so a panel or an alert has a series from the start.
      const counts = new Map(PAYMENT_KINDS.flatMap((kind) => PAYMENT_STATUSES.map((status) => [`${kind} ${status}`, 0])));
      try {
        for (const row of await source.statusCounts()) counts.set(`${row.kind} ${row.status}`, row.count);
      } catch (error) {
        log.warn(`metrics: payments could not be counted (${(error as Error).message})`);
        return [];
      }
      return [...counts].map(([key, count]): Sample => {
        const [kind, status] = key.split(' ');
        return [{ kind: kind!, status: status! }, count];
      });
    },
  );
  counterOf(
    registry,
    {
      name: 'refunds_total',
      help: 'Refunds asked of PayPal by this instance, by kind and outcome (refunded, pending, failed)',
      labelNames: ['kind', 'outcome'],
    },
    () => source.refundCounts().map(({ kind, outcome, count }): Sample => [{ kind, outcome }, count]),
  );
}

/** The PostgreSQL pool; the embedded database (PGlite) has none, and no series. */
function databasePool(registry: Registry, database: MetricSources['database']) {
  if (!database.pool) return;
  const pool = () => database.pool?.();
  const definitions = [
    ['db_pool_connections', 'Connections the PostgreSQL pool holds open', 'total'],
    ['db_pool_idle_connections', 'Open connections of the pool that no query uses', 'idle'],
    ['db_pool_waiting_queries', 'Queries waiting for a connection of the pool', 'waiting'],
    ['db_pool_max_connections', "The pool's size", 'max'],
  ] as const;
  for (const [name, help, field] of definitions) {
    gaugeOf(registry, { name, help }, () => {
      const usage = pool();
      return usage ? [[{}, usage[field]]] : [];
    });
  }
}

function searchIndex(registry: Registry, search: MetricSources['search']) {
  const perKind = (name: string, help: string, value: (stats: ReturnType<SearchService['stats']>[number]) => number) =>
    gaugeOf(registry, { name, help, labelNames: ['kind'] }, () =>
      search.stats().map((stats): Sample => [{ kind: stats.kind }, value(stats)]),
    );
  perKind('search_index_items', "Items in this instance's search index, per kind", (stats) => stats.items);
  perKind('search_index_words', "Distinct words in this instance's search index, per kind", (stats) => stats.words);
  perKind(
    'search_index_built_timestamp_seconds',
    'When the search index was last built (Unix time), per kind',
    (stats) => stats.builtAt.getTime() / 1000,
  );
  perKind(
    'search_index_build_duration_seconds',
    'How long the last build of the search index took, per kind',
    (stats) => stats.buildSeconds,
  );
}
