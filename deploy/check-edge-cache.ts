import { expect, ok } from './check-tools';
import { UPSTREAM_HEADER } from './stack';
import type { Visitor } from './visitor';

/**
 * nginx's edge cache of logged-out API reads (issue 22; deploy/almanac.nginx.conf.template), checked
 * through the balancer of `npm run test:deploy`:
 *  - 50 concurrent logged-out requests for one catalogue read that nobody asked for before: nginx
 *    passes exactly one to an instance (X-Cache-Status MISS, and that instance built the answer:
 *    X-Read-Cache miss, i.e. it read the database once) and answers the 49 others itself (HIT, no
 *    instance named), all with the same body, Cache-Control public and the same ETag;
 *  - If-None-Match with that ETag is answered 304 by nginx;
 *  - a request with the session cookie goes past the cache (BYPASS) to an instance, is answered
 *    `private, no-store`, and is not stored: the next logged-out request is still a HIT;
 *  - POSTs, /api/auth and reads the app does not mark public reach an instance every time.
 * `admin` is a logged-in visitor (its cookie jar holds the session).
 */

const CACHE_STATUS = 'x-cache-status';
const CONCURRENT = 50;

interface Seen {
  status: number;
  cache: string | null;
  upstream: string;
  readCache: string | null;
  cacheControl: string | null;
  etag: string | null;
  body: string;
}

async function send(url: string, init: RequestInit = {}): Promise<Seen> {
  const res = await fetch(url, { redirect: 'manual', ...init });
  return {
    status: res.status,
    cache: res.headers.get(CACHE_STATUS),
    upstream: res.headers.get(UPSTREAM_HEADER) ?? '',
    readCache: res.headers.get('x-read-cache'),
    cacheControl: res.headers.get('cache-control'),
    etag: res.headers.get('etag'),
    body: await res.text(),
  };
}

const tally = (answers: Seen[]) => {
  const counts = new Map<string, number>();
  for (const a of answers) counts.set(String(a.cache), (counts.get(String(a.cache)) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} ${status}`).join(', ');
};

export async function checkEdgeCache(lb: string, admin: Visitor) {
  const url = `${lb}/api/media/top?period=all&page=1&size=13`;
  await checkOneBuild(url);
  await checkRevalidation(url);
  await checkSessionBypass(url, admin);
  await checkNeverCached(lb);
  await checkAppFilesFresh(lb);
}

/** The claim of issue 22: a crowd asking for one read reaches the database once. */
async function checkOneBuild(url: string) {
  const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => send(url)));
  const bad = answers.filter((a) => a.status !== 200);
  expect(bad.length === 0, `concurrent reads through nginx answered ${bad.map((a) => a.status).join(', ')}`);
  const misses = answers.filter((a) => a.cache === 'MISS');
  const passedOn = answers.filter((a) => a.upstream !== '');
  expect(
    misses.length === 1 && passedOn.length === 1,
    `${CONCURRENT} concurrent reads: ${tally(answers)}; ${passedOn.length} reached an instance`,
  );
  const [built] = misses;
  expect(
    built?.readCache === 'miss',
    `the one read passed on was answered from the instance's read cache (${built?.readCache}), not built`,
  );
  expect(
    answers.every((a) => a.body === built.body && a.etag === built.etag && a.cacheControl?.startsWith('public, max-age=')),
    `the concurrent answers differ in body, ETag or Cache-Control: ${[...new Set(answers.map((a) => `${a.etag} ${a.cacheControl}`))].join(' | ')}`,
  );
  ok(
    `${CONCURRENT} concurrent logged-out reads of one URL through nginx: ${tally(answers)}; one reached an instance (${built.upstream}), which built it from the database (X-Read-Cache miss); same body, ETag and "${built.cacheControl}"`,
  );
}

async function checkRevalidation(url: string) {
  const first = await send(url);
  expect(first.etag, 'a cached read through nginx has no ETag');
  const again = await send(url, { headers: { 'if-none-match': first.etag } });
  expect(again.status === 304 && again.body === '', `If-None-Match through nginx answered ${again.status} (${again.cache})`);
  ok(`If-None-Match with the ETag is answered 304 through nginx (${again.cache ?? 'no cache status'})`);
}

async function checkSessionBypass(url: string, admin: Visitor) {
  const own = await admin.request('GET', url);
  const status = own.headers.get(CACHE_STATUS);
  const control = own.headers.get('cache-control');
  expect(
    own.status === 200 && status === 'BYPASS' && own.upstream !== '' && control === 'private, no-store',
    `a read with the session cookie answered ${own.status}, X-Cache-Status ${status}, Cache-Control ${control}, instance "${own.upstream}"`,
  );
  const after = await send(url);
  expect(
    after.cacheControl?.startsWith('public') && (after.cache === 'HIT' || after.cache === 'EXPIRED' || after.cache === 'UPDATING'),
    `after a logged-in read, a logged-out one answered ${after.cache} with ${after.cacheControl}`,
  );
  ok(`a read with the session cookie bypasses the edge cache (BYPASS, "${control}", from ${own.upstream}) and is not stored`);
}

/** Each asked twice: both times an instance answers (nginx names it), never the edge cache. */
async function checkNeverCached(lb: string) {
  const cases: { what: string; ask: () => Promise<{ cache: string | null; upstream: string; status: number }> }[] = [
    { what: 'GET /api/auth/user', ask: () => send(`${lb}/api/auth/user`) },
    { what: 'GET /api/media/random (not marked public)', ask: () => send(`${lb}/api/media/random`) },
    { what: 'GET /api/requests/flip/queue', ask: () => send(`${lb}/api/requests/flip/queue`) },
    {
      what: 'POST /api/media/top (a POST to a cached read URL: the app answers 404)',
      ask: () => send(`${lb}/api/media/top?period=all&page=1&size=13`, { method: 'POST', headers: { origin: lb } }),
    },
    {
      what: 'POST /api/auth/logout',
      ask: () => send(`${lb}/api/auth/logout`, { method: 'POST', headers: { origin: lb } }),
    },
  ];
  for (const { what, ask } of cases) {
    const answers = [await ask(), await ask()];
    expect(
      answers.every((a) => a.upstream !== '' && a.cache !== 'HIT' && a.cache !== 'UPDATING' && a.cache !== 'STALE'),
      `${what} was answered from the edge cache: ${answers.map((a) => `${a.status} ${a.cache} "${a.upstream}"`).join(', ')}`,
    );
  }
  ok(`never from the edge cache, each asked twice and each time answered by an instance: ${cases.map((c) => c.what).join('; ')}`);
}

/**
 * The installable app (issue 25): the service worker, the shell it keeps for offline use and the
 * manifest reach an instance on every request, marked `no-cache` by it, so a release is seen at the
 * next visit and no edge keeps an old worker. (A 404 where the instances serve no built web app.)
 */
async function checkAppFilesFresh(lb: string) {
  const seen: string[] = [];
  for (const file of ['/sw.js', '/index.html', '/manifest.webmanifest']) {
    const answers = [await send(`${lb}${file}`), await send(`${lb}${file}`)];
    expect(
      answers.every((a) => a.upstream !== '' && a.cache === null && (a.status === 404 || a.cacheControl === 'no-cache')),
      `${file} through nginx: ${answers.map((a) => `${a.status} ${a.cache} "${a.cacheControl}" "${a.upstream}"`).join(', ')}`,
    );
    seen.push(`${file} ${answers[0]!.status} "${answers[0]!.cacheControl}"`);
  }
  ok(`the worker, the shell and the manifest reach an instance every time, no-cache: ${seen.join('; ')}`);
}
