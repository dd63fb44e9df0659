import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EntityKind } from '../../common/enums';
import { playlistRequests, requestBlocklist, songRequests } from '../db/schema';
import { createSandboxedApp } from '../sandbox/testing';
import { buildClip, buildPaidSample, buildPlaylist, buildSong, buildStream, buildTag } from '../testing/factories';
import { buildAdmin, buildUser, type TestUser } from '../testing/users';
import type { Access } from './access';

/**
 * The role table of spec 6, enforced by the server: every write and admin call as anonymous (401),
 * as a member (403 where admin-only) and as an admin. Callers come from another machine, as
 * visitors do (this machine may run maintenance calls without logging in, in demo mode).
 */

const t = await createSandboxedApp();
// The Twitch account the admin grant of the matrix names.
t.state.addTwitchUser('someone_new');
const REMOTE = '203.0.113.50';
const KINDS: EntityKind[] = ['media', 'streams', 'playlists', 'clips'];

type Role = 'anonymous' | 'member' | 'admin';
interface Call {
  method: 'GET' | 'POST' | 'DELETE';
  /** The route as OpenAPI names it, e.g. /api/media/{id}/like */
  route: string;
  /** Makes a fresh target (calls like approve use theirs up) */
  make: () => Promise<{ url: string; payload?: object }>;
  /** Expected status per role */
  expect: Record<Role, number>;
}

let member: TestUser;
let admin: TestUser;
const items: Record<EntityKind, number> = { media: 0, streams: 0, playlists: 0, clips: 0 };
let communityPlaylistId = 0;
let songRequestId = 0;
/** A paid sample and its history row: what replay and the audio read need */
let sampleId = 0;
let sampleHistoryId = 0;
const communitySource = () => t.world.playlists.filter((p) => p.type === 'community' && p.provider === 'youtube');

beforeAll(async () => {
  expect((await t.sync.run('test')).ok).toBe(true);
  member = await buildUser(t.db);
  admin = await buildAdmin(t.db);
  const stream = await buildStream(t.db);
  items.streams = stream.id;
  items.media = (await buildSong(t.db)).id;
  items.playlists = (await buildPlaylist(t.db)).id;
  items.clips = (await buildClip(t.db)).id;
  const imported = await t.sync.importPlaylist(communitySource()[0]!.remoteId, 'community');
  communityPlaylistId = imported.id;
  const [request] = await t.db.insert(songRequests).values({ videoId: 'dQw4w9WgXcQ', title: 'A flip', username: 'someone' }).returning();
  songRequestId = request!.id;
  sampleId = (await buildPaidSample(t.db, { sid: 'roles-sample' })).id;
  const [sampleItem] = await t.db
    .insert(songRequests)
    .values({ videoId: '', title: 'Voice sample (1.0 s)', username: 'someone', sampleRequestId: sampleId })
    .returning();
  sampleHistoryId = sampleItem!.id;
});

const memberOk = (status: number, anonymous = 401) => ({ anonymous, member: status, admin: status });
const adminOnly = (status = 200) => ({ anonymous: 401, member: 403, admin: status });

/** A pending edit request of a kind, proposed by a member. */
async function pendingEdit(kind: EntityKind): Promise<number> {
  const tag = await buildTag(t.db);
  const res = await call({ method: 'POST', url: `/api/${kind}/${items[kind]}`, payload: { tags: [tag.id] } }, member);
  expect(res.statusCode).toBe(202);
  return res.json().requestId;
}

async function pendingRefresh(): Promise<number> {
  const res = await call({ method: 'POST', url: '/api/playlists/refresh', payload: { playlistId: communityPlaylistId } }, member);
  return res.json().id;
}

let submissions = 0;
let blocked = 0;
const CALLS: Call[] = [
  ...KINDS.flatMap((kind): Call[] => [
    {
      method: 'POST',
      route: `/api/${kind}/{id}/like`,
      make: async () => ({ url: `/api/${kind}/${items[kind]}/like` }),
      expect: memberOk(200),
    },
    {
      method: 'DELETE',
      route: `/api/${kind}/{id}/like`,
      make: async () => ({ url: `/api/${kind}/${items[kind]}/like` }),
      expect: memberOk(200),
    },
    { method: 'GET', route: `/api/${kind}/liked`, make: async () => ({ url: `/api/${kind}/liked` }), expect: memberOk(200) },
    {
      method: 'POST',
      route: `/api/${kind}/{id}`,
      make: async () => ({ url: `/api/${kind}/${items[kind]}`, payload: { tags: [(await buildTag(t.db)).id] } }),
      // Queued for a member (202), applied for an admin (200).
      expect: { anonymous: 401, member: 202, admin: 200 },
    },
    { method: 'GET', route: `/api/${kind}/edits`, make: async () => ({ url: `/api/${kind}/edits` }), expect: adminOnly() },
    {
      method: 'POST',
      route: `/api/${kind}/edits/{id}/approve`,
      make: async () => ({ url: `/api/${kind}/edits/${await pendingEdit(kind)}/approve` }),
      expect: adminOnly(),
    },
    {
      method: 'DELETE',
      route: `/api/${kind}/edits/{id}`,
      make: async () => ({ url: `/api/${kind}/edits/${await pendingEdit(kind)}` }),
      expect: adminOnly(),
    },
  ]),
  {
    method: 'POST',
    route: '/api/playlists/refresh',
    make: async () => {
      // A new request each time: the previous one decided.
      await t.db.update(playlistRequests).set({ status: 'rejected' }).where(eq(playlistRequests.status, 'pending'));
      return { url: '/api/playlists/refresh', payload: { playlistId: communityPlaylistId } };
    },
    expect: memberOk(201),
  },
  {
    method: 'POST',
    route: '/api/playlists/community',
    // A playlist new at YouTube each time: a submission is checked with YouTube (playlists.list).
    make: async () => ({
      url: '/api/playlists/community',
      payload: { playlistUrl: t.state.addCommunityPlaylist(`Role matrix ${++submissions}`).linkUrl },
    }),
    expect: memberOk(201),
  },
  { method: 'GET', route: '/api/playlists/refresh', make: async () => ({ url: '/api/playlists/refresh' }), expect: adminOnly() },
  {
    method: 'POST',
    route: '/api/playlists/refresh/{id}/approve',
    make: async () => ({ url: `/api/playlists/refresh/${await pendingRefresh()}/approve` }),
    expect: adminOnly(),
  },
  {
    method: 'DELETE',
    route: '/api/playlists/refresh/{id}',
    make: async () => ({ url: `/api/playlists/refresh/${await pendingRefresh()}` }),
    expect: adminOnly(),
  },
  { method: 'POST', route: '/api/sync', make: async () => ({ url: '/api/sync' }), expect: adminOnly() },
  // The command line's only: an admin's session is refused too (a backup holds every account and payment).
  {
    method: 'POST',
    route: '/api/backup',
    make: async () => ({ url: '/api/backup', payload: { format: 'logical' } }),
    expect: adminOnly(403),
  },
  { method: 'GET', route: '/api/sync', make: async () => ({ url: '/api/sync' }), expect: adminOnly() },
  {
    method: 'POST',
    route: '/api/sync/playlist',
    make: async () => ({ url: '/api/sync/playlist', payload: { playlist: communitySource()[1]!.remoteId } }),
    expect: adminOnly(),
  },
  {
    method: 'POST',
    route: '/api/auth/admins',
    make: async () => ({ url: '/api/auth/admins', payload: { login: 'someone_new' } }),
    expect: adminOnly(),
  },
  {
    method: 'POST',
    route: '/api/requests/history/{id}',
    make: async () => ({ url: `/api/requests/history/${songRequestId}`, payload: { username: 'renamed', mediaId: null } }),
    expect: adminOnly(),
  },
  {
    method: 'POST',
    route: '/api/requests/flip/next',
    // An empty queue: NEXT answers it unchanged (the queue's own tests cover the moves).
    make: async () => ({ url: '/api/requests/flip/next' }),
    expect: adminOnly(),
  },
  { method: 'GET', route: '/api/overlays', make: async () => ({ url: '/api/overlays' }), expect: adminOnly() },
  {
    method: 'POST',
    route: '/api/requests/recording/enabled',
    make: async () => ({ url: '/api/requests/recording/enabled' }),
    expect: adminOnly(),
  },
  {
    method: 'POST',
    route: '/api/requests/flip/replay',
    make: async () => ({ url: `/api/requests/flip/replay?id=${sampleHistoryId}` }),
    expect: adminOnly(204),
  },
  {
    method: 'POST',
    route: '/api/overlays/samples/test',
    make: async () => ({ url: '/api/overlays/samples/test' }),
    expect: adminOnly(204),
  },
  {
    method: 'GET',
    route: '/api/requests/recording/{id}/audio',
    // Admins, or the overlay (OBS, no login) with the overlay key: without it a 403 for everyone else.
    make: async () => ({ url: `/api/requests/recording/${sampleId}/audio` }),
    expect: { anonymous: 403, member: 403, admin: 200 },
  },
  {
    method: 'POST',
    route: '/api/radio/skip',
    // The synced catalogue gives the station songs to move on to.
    make: async () => ({ url: '/api/radio/skip?station=top' }),
    expect: adminOnly(),
  },
  { method: 'GET', route: '/api/requests/blocklist', make: async () => ({ url: '/api/requests/blocklist' }), expect: adminOnly() },
  {
    method: 'POST',
    route: '/api/requests/blocklist',
    make: async () => ({ url: '/api/requests/blocklist', payload: { kind: 'video', value: 'dQw4w9WgXcQ' } }),
    expect: adminOnly(),
  },
  {
    method: 'DELETE',
    route: '/api/requests/blocklist/{id}',
    // A fresh entry each time: the admin's call takes it off.
    make: async () => {
      const [entry] = await t.db
        .insert(requestBlocklist)
        .values({ kind: 'channel', value: `UC${String(++blocked).padStart(22, '0')}` })
        .returning();
      return { url: `/api/requests/blocklist/${entry!.id}` };
    },
    expect: adminOnly(),
  },
  // The control room: held requests, refunds needing attention, and the decisions (on a played request: answered as it is).
  { method: 'GET', route: '/api/requests/held', make: async () => ({ url: '/api/requests/held' }), expect: adminOnly() },
  { method: 'GET', route: '/api/requests/attention', make: async () => ({ url: '/api/requests/attention' }), expect: adminOnly() },
  {
    method: 'POST',
    route: '/api/requests/{id}/approve',
    make: async () => ({ url: `/api/requests/${songRequestId}/approve` }),
    expect: adminOnly(),
  },
  {
    method: 'POST',
    route: '/api/requests/{id}/reject',
    make: async () => ({ url: `/api/requests/${songRequestId}/reject`, payload: {} }),
    expect: adminOnly(),
  },
  // Earnings (the Admin Console's tab): its figures and the payments export.
  { method: 'GET', route: '/api/payments/summary', make: async () => ({ url: '/api/payments/summary' }), expect: adminOnly() },
  { method: 'GET', route: '/api/payments/export.csv', make: async () => ({ url: '/api/payments/export.csv' }), expect: adminOnly() },
  // Logging out needs no session: it only ends one (204 for everyone).
  { method: 'POST', route: '/api/auth/logout', make: async () => ({ url: '/api/auth/logout' }), expect: memberOk(204, 204) },
];

function call(request: { method: string; url: string; payload?: object }, user: TestUser | null, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    ...(request.payload ? { payload: request.payload } : {}),
    headers: { ...(user?.headers ?? {}), ...headers },
    remoteAddress: REMOTE,
  });
}

describe('role table (spec 6) on every write and admin call', () => {
  for (const entry of CALLS) {
    it(`${entry.method} ${entry.route}: anonymous ${entry.expect.anonymous}, member ${entry.expect.member}, admin ${entry.expect.admin}`, async () => {
      for (const role of ['anonymous', 'member', 'admin'] as const) {
        // Logout ends the session it is given: members and admins log out with a session of their own.
        const user =
          role === 'anonymous'
            ? null
            : entry.route === '/api/auth/logout'
              ? await buildUser(t.db, { admin: role === 'admin' })
              : role === 'member'
                ? member
                : admin;
        const request = await entry.make();
        const res = await call({ method: entry.method, ...request }, user);
        expect(res.statusCode, `${role}: ${res.body}`).toBe(entry.expect[role]);
        if (res.statusCode >= 400) {
          expect(res.json()).toEqual({
            statusCode: res.statusCode,
            error: res.statusCode === 401 ? 'Unauthorized' : 'Forbidden',
            message: expect.any(String),
            requestId: res.headers['x-request-id'],
          });
        }
      }
    });
  }

  it('covers every write and admin call of likes, edits, playlist requests, request history, the flip queue, sample replays and audio, the recording flag, overlays, the radio skip, the flip blocklist, earnings, accounts, sync and backup', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const ours =
      /\/like$|\/liked$|\/edits|^\/api\/(media|streams|playlists|clips)\/\{id\}$|^\/api\/playlists\/(refresh|community)|^\/api\/auth\/(logout|admins)$|^\/api\/sync|^\/api\/backup$|^\/api\/requests\/history\/\{id\}$|^\/api\/requests\/flip\/(next|replay)$|^\/api\/requests\/recording\/(enabled|\{id\}\/audio)$|^\/api\/overlays(\/samples\/test)?$|^\/api\/radio\/skip$|^\/api\/payments\/(summary|export\.csv)$|^\/api\/requests\/blocklist|^\/api\/requests\/(held|attention|\{id\}\/(approve|reject))$/;
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .map((m) => m.toUpperCase())
        .filter((m) => ['GET', 'POST', 'DELETE', 'PUT', 'PATCH'].includes(m))
        .filter(
          (m) =>
            ours.test(path) &&
            !(
              m === 'GET' &&
              /^\/api\/(media|streams|playlists|clips|requests\/history)\/\{id\}$|^\/api\/requests\/recording\/enabled$/.test(path)
            ),
        )
        .map((m) => `${m} ${path}`),
    );
    const walked = CALLS.map((c) => `${c.method} ${c.route}`);
    expect(documented.sort()).toEqual(walked.sort());
  });

  it('refuses every state-changing call from another origin, even with an admin session', async () => {
    for (const entry of CALLS.filter((c) => c.method !== 'GET')) {
      const request = await entry.make();
      const res = await call({ method: entry.method, ...request }, admin, { origin: 'https://evil.example' });
      expect(res.statusCode, `${entry.method} ${entry.route}`).toBe(403);
      expect(res.json().message).toBe('Cross-origin requests are not allowed');
    }
  });
});

/** The access a row of the role table asks for (machine: admins, and the CLI with SYNC_TOKEN or on this machine in demo mode). */
function accessOf(entry: Call): Access {
  const { anonymous, member } = entry.expect;
  if (anonymous === 403 && member === 403) return 'admin-or-overlay';
  if (anonymous === 401 && member === 403) return /^\/api\/(sync|auth\/admins|backup)/.test(entry.route) ? 'machine' : 'admin';
  if (anonymous === 401) return 'user';
  return 'public';
}

describe('declared access (route config, enforced by accounts/access.ts)', () => {
  const routes = () => t.app.declaredRoutes.filter((route) => route.method !== 'HEAD');
  const name = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
  const tableRoute = (entry: Call) => `${entry.method} ${entry.route.replace(/\{(\w+)\}/g, ':$1')}`;

  it('has every API route declare who may call it', () => {
    // The OpenAPI document and its page (@fastify/swagger-ui) are the plugin's routes, public by nature.
    const api = routes().filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'));
    expect(api.length).toBeGreaterThan(80);
    expect(api.filter((route) => route.config.access === undefined).map(name)).toEqual([]);
  });

  it('declares on each call of the role table the access its answers ask for', () => {
    const declared = new Map(routes().map((route) => [name(route), route.config.access]));
    for (const entry of CALLS) expect(declared.get(tableRoute(entry)), tableRoute(entry)).toBe(accessOf(entry));
  });

  it("spends a rate limit on every write: the shared writes budget, but PayPal's webhook its own (accounts/limits.ts)", () => {
    const writes = routes().filter((route) => route.url.startsWith('/api/') && route.method !== 'GET');
    expect(writes.length).toBeGreaterThan(40);
    const other = writes.filter((route) => route.config.limit !== 'writes').map((route) => `${name(route)} ${route.config.limit}`);
    expect(other.sort()).toEqual([
      // The CLI's backup of an embedded database held by the running server (machine access only).
      'POST /api/backup undefined',
      'POST /api/payments/paypal/webhook webhooks',
      // Sync on demand (admins, or the CLI with machine access) spends none: as it was, not this test's to change.
      'POST /api/sync undefined',
      'POST /api/sync/playlist undefined',
    ]);
    // The login callback (a GET: Twitch redirects to it) has a budget of its own too.
    expect(routes().find((route) => route.url === '/api/auth/twitch/callback')?.config.limit).toBe('login');
  });

  it('guards no other API route, but the overlays read with the overlay key and the flip flag (admins, as the recording flag in the table)', () => {
    const inTable = new Set(CALLS.map(tableRoute));
    const guarded = routes()
      .filter((route) => route.config.access !== undefined && route.config.access !== 'public' && !inTable.has(name(route)))
      .map((route) => `${name(route)} ${route.config.access}`);
    expect(guarded.sort()).toEqual([
      'GET /api/overlays/queue overlay',
      'GET /api/overlays/samples overlay',
      'POST /api/overlays/samples/:id/played overlay',
      'POST /api/requests/flip/enabled admin',
    ]);
  });
});
