import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QUEUE_PATHS } from '../../common/queue';
import { loadConfig } from '../config';
import { connectSocket, socketUrl } from '../realtime/testing';
import { createSandboxedApp } from '../sandbox/testing';
import { requestPayer } from '../song-requests/testing';
import { createTestApp } from '../testing/app';
import { buildSong } from '../testing/factories';

/** GET /metrics (server/metrics): what an operator's Prometheus reads, and who may read it. */

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const t = await createSandboxedApp({ env: { METRICS_TOKEN: TOKEN } });
const paid = requestPayer(t);
/** A second app in the same process, as test files make many */
const other = await createTestApp({}, { slices: ['metrics'] });

/** Scrapes as Prometheus on this machine does (inject comes from 127.0.0.1). */
async function scrape(): Promise<string> {
  const res = await t.app.inject({ url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** The value of the sample `name{labels}`, or undefined when the text has none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.entries(labels).every(([key, value]) => match[2]?.split(',').includes(`${key}="${value}"`));
    if (has) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('answers Prometheus text, never cached', async () => {
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE almanac_http_request_duration_seconds histogram');
  });

  it('counts a request under its route pattern and status class, never its URL', async () => {
    const missing = await t.app.inject({ url: '/api/media/987654' });
    expect(missing.statusCode).toBe(404);
    await t.app.inject({ url: '/api/media/987655' });
    const text = await scrape();
    const labels = { method: 'GET', route: '/api/media/:id', status_class: '4xx' };
    expect(sample(text, 'almanac_http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'almanac_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain('987654');
    await t.app.inject({ url: '/no/such/page/at/all' });
    expect(sample(await scrape(), 'almanac_http_request_duration_seconds_count', { route: 'unmatched' })).toBeGreaterThanOrEqual(1);
  });

  it('counts a paid flip, the bus notification and the broadcast to the queue socket', async () => {
    const queue = connectSocket(socketUrl(t.origin, QUEUE_PATHS.socket));
    await queue.message(1);
    const before = await scrape();
    const channel = { channel: QUEUE_PATHS.socket };
    expect(sample(before, 'almanac_socket_connections', channel)).toBe(1);

    const { orderId } = await paid('flip');
    // The queue's broadcast after the payment (the snapshot was the first message): delivered, so counted as sent.
    await queue.message(2);
    const after = await scrape();
    expect(sample(after, 'almanac_payments', { kind: 'flip', status: 'captured' })).toBe(1);
    expect(sample(after, 'almanac_payments', { kind: 'sample', status: 'captured' })).toBe(0);
    expect(sample(after, 'almanac_event_notifications_total', { event: 'queue.changed' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'almanac_event_listener_reconnects_total')).toBe(0);
    expect(sample(after, 'almanac_socket_broadcasts_total', { ...channel, outcome: 'sent' })).toBeGreaterThan(
      sample(before, 'almanac_socket_broadcasts_total', { ...channel, outcome: 'sent' }) ?? 0,
    );
    expect(sample(after, 'almanac_socket_broadcasts_total', { ...channel, outcome: 'dropped' })).toBe(0);

    queue.socket.close();
    await queue.closed;

    const payment = await t.payments.find(orderId);
    expect(await t.payments.refundRequest('flip', payment!.requestRef)).toEqual({ status: 'refunded' });
    const refunded = await scrape();
    expect(sample(refunded, 'almanac_refunds_total', { kind: 'flip', outcome: 'refunded' })).toBe(1);
    expect(sample(refunded, 'almanac_payments', { kind: 'flip', status: 'refunded' })).toBe(1);
  });

  it('counts job runs by job and outcome', async () => {
    await t.jobs.runExclusive('metrics-test-job', async () => ({ ok: true }));
    await t.jobs.runExclusive('metrics-test-job', async () => ({ ok: false }));
    await expect(t.jobs.runExclusive('metrics-test-job', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    const text = await scrape();
    expect(sample(text, 'almanac_job_runs_total', { job: 'metrics-test-job', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'almanac_job_runs_total', { job: 'metrics-test-job', outcome: 'failed' })).toBe(2);
  });

  it("shows the search index's size and when it was built, once built", async () => {
    const song = await buildSong(t.db, { name: 'Metrics Lullaby' });
    // As the app's writers do: this app listens (the queue socket above), so its indexes are built from then, before the song.
    t.catalogue.changed({ media: [song.id] });
    await t.catalogue.search.warm();
    expect((await t.app.inject({ url: '/api/media?q=lullaby' })).statusCode).toBe(200);
    const text = await scrape();
    expect(sample(text, 'almanac_search_index_items', { kind: 'media' })).toBeGreaterThan(0);
    expect(sample(text, 'almanac_search_index_words', { kind: 'media' })).toBeGreaterThan(0);
    const builtAt = sample(text, 'almanac_search_index_built_timestamp_seconds', { kind: 'media' })!;
    expect(Math.abs(builtAt - Date.now() / 1000)).toBeLessThan(3600);
    expect(sample(text, 'almanac_search_index_build_duration_seconds', { kind: 'media' })).toBeGreaterThanOrEqual(0);
  });

  it("shows the database pool on PostgreSQL, and the Node process's heap and event-loop lag", async () => {
    const text = await scrape();
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'almanac_db_pool_max_connections')).toBeGreaterThan(0);
      expect(sample(text, 'almanac_db_pool_waiting_queries')).toBeGreaterThanOrEqual(0);
    } else {
      // The embedded database has no pool: no series rather than a pool of zero.
      expect(text).not.toContain('almanac_db_pool_');
    }
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });
});

describe('who may read /metrics', () => {
  const elsewhere = '203.0.113.9';

  it('refuses another address without the token, or with a wrong one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await t.app.inject({ url: '/metrics', remoteAddress: elsewhere, headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(403);
      expect(res.body).not.toContain('almanac_');
    }
  });

  it('lets another address in with METRICS_TOKEN as a bearer token', async () => {
    const res = await t.app.inject({ url: '/metrics', remoteAddress: elsewhere, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('almanac_http_request_duration_seconds');
  });

  it('does not take a request through a proxy for this machine', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(res.statusCode).toBe(403);
  });

  it('is not rate limited: a scraper may call it often', async () => {
    for (let i = 0; i < 30; i++) expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(200);
  });

  it('wants a token of 24 characters or more', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 24 characters/);
  });
});

describe('several apps in one process', () => {
  it('keeps each app its own metrics, and the process metrics once', async () => {
    await other.app.inject({ url: '/metrics' });
    const res = await other.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    // The second app saw only its scrapes, not the first app's requests.
    expect(sample(res.body, 'almanac_http_request_duration_seconds_count', { route: '/api/media/:id' })).toBeUndefined();
    expect(sample(res.body, 'almanac_http_request_duration_seconds_count', { route: '/metrics', status_class: '2xx' })).toBe(1);
    expect(sample(res.body, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(res.body.match(/^# TYPE nodejs_heap_size_used_bytes /gm)).toHaveLength(1);
  });
});

describe('the Grafana dashboard (deploy/grafana-dashboard.json)', () => {
  it('reads only metrics that /metrics has', async () => {
    const dashboard = readFileSync(new URL('../../deploy/grafana-dashboard.json', import.meta.url), 'utf8');
    const exprs = [...dashboard.matchAll(/"expr": "((?:[^"\\]|\\.)*)"/g)].map((match) => match[1]!);
    expect(exprs.length).toBeGreaterThan(10);
    const families = new Set([...(await scrape()).matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]!));
    // The pool exists only on PostgreSQL (not on the embedded database these tests may run on).
    const optional = (name: string) => t.database.kind === 'pglite' && name.startsWith('almanac_db_pool_');
    const used = new Set(exprs.flatMap((expr) => expr.match(/\b(?:almanac|nodejs|process)_[a-z0-9_]+/g) ?? []));
    for (const name of used) {
      const family = name.replace(/_(bucket|sum|count)$/, '');
      if (!optional(name)) expect(families.has(name) || families.has(family), name).toBe(true);
    }
  });
});
