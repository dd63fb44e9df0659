import { z } from 'zod';
import type { Config } from '../config';
import { forbidden } from '../http/errors';
import { isLoopback } from '../http/machine-access';
import type { App } from '../http/types';
import { audioSandbox } from './audio';
import { discordSandbox } from './discord';
import { paypalControl, paypalSandbox } from './paypal';
import { soundcloudSandbox } from './soundcloud';
import { type SandboxOptions, SandboxState } from './state';
import { helixSandbox, twitchImages } from './twitch-helix';
import { twitchOAuthSandbox } from './twitch-oauth2';
import { youtubeSandbox } from './youtube';

export type { FaultRule } from './faults';
export { SandboxState } from './state';

/**
 * The providers' stand-ins (design: "The sandbox"), mounted under /sandbox/<provider> with the real
 * path after it. Demo mode and tests mount it; production never does.
 *
 *   /sandbox/youtube/v3/...        YouTube Data API v3    (+ /sandbox/youtube/vi/... thumbnails)
 *   /sandbox/soundcloud/...        SoundCloud API and its /oauth/token
 *   /sandbox/twitch/helix/...      Twitch Helix           (+ /sandbox/twitch/images/...)
 *   /sandbox/twitch/oauth2/...     id.twitch.tv/oauth2
 *   /sandbox/paypal/...            PayPal REST (api-m.paypal.com), its approval page and JS SDK
 *   /sandbox/discord/api/webhooks/{id}/{token}   Discord's incoming webhook (+ GET /sandbox/discord/messages)
 *   /sandbox/audio/{remoteId}      the demo songs as audio (a generated tune per song), for the radio
 *   /sandbox/control/...           faults, live stream, item changes (from this machine only)
 */
export interface Sandbox {
  state: SandboxState;
}

/** OAuth endpoints take form bodies; the sandbox parses them itself (the app has no form parser). */
function formBodies(app: App) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

const faultBody = z.object({
  provider: z.enum(['youtube', 'soundcloud', 'twitch', 'twitch-oauth', 'paypal', 'discord']),
  path: z.string().optional(),
  method: z.enum(['GET', 'POST']).optional(),
  status: z.number().int().min(400).max(599).optional(),
  retryAfter: z.number().int().min(0).optional(),
  delayMs: z.number().int().min(0).max(120_000).optional(),
  times: z.number().int().min(1).optional(),
  rateLimitSeconds: z.number().int().min(0).max(3600).optional(),
  after: z.boolean().optional(),
});

const itemBody = z.object({
  privacy: z.enum(['public', 'private', 'deleted']).optional(),
  removed: z.boolean().optional(),
  name: z.string().min(1).optional(),
  views: z.number().int().min(0).optional(),
  duration: z.number().int().min(0).optional(),
});

/** Changes the sandbox at run time: for end-to-end tests and for trying the site's reactions by hand. */
function controlRoutes(app: App, state: SandboxState, config: Config) {
  app.addHook('onRequest', async (request) => {
    if (!isLoopback(config, request)) throw forbidden('The sandbox control is only reachable from this machine');
  });
  const hide = { hide: true };
  app.post('/faults', { schema: { ...hide, body: faultBody } }, async (request) => {
    state.faults.inject(request.body);
    return { ok: true };
  });
  app.delete('/faults', { schema: hide }, async () => {
    state.faults.clear();
    return { ok: true };
  });
  app.post('/live', { schema: { ...hide, body: z.object({ title: z.string().min(1).optional() }).optional() } }, async (request) => {
    state.goLive(request.body?.title);
    return { live: true, title: state.live?.title };
  });
  app.delete('/live', { schema: hide }, async () => {
    state.goOffline();
    return { live: false };
  });
  app.post('/items/:remoteId', { schema: { ...hide, params: z.object({ remoteId: z.string() }), body: itemBody } }, async (request) => {
    const { remoteId } = request.params;
    const { privacy, removed, ...patch } = request.body;
    if (removed === true) state.remove(remoteId);
    if (removed === false) state.restore(remoteId);
    if (privacy) state.setPrivacy(remoteId, privacy);
    if (Object.keys(patch).length > 0) state.patch(remoteId, patch);
    return { ok: true };
  });
  app.post('/youtube/playlists', { schema: { ...hide, body: z.object({ name: z.string().min(1).max(100) }) } }, async (request) => {
    const playlist = state.addCommunityPlaylist(request.body.name);
    return { remoteId: playlist.remoteId, linkUrl: playlist.linkUrl };
  });
  app.post('/tokens/expire', { schema: hide }, async () => {
    state.tokens.expireAll();
    return { ok: true };
  });
  app.register(async (scope: App) => paypalControl(scope, state), { prefix: '/paypal' });
  app.post('/reset', { schema: hide }, async () => {
    state.reset();
    return { ok: true };
  });
}

/** `config` says what this site is, and so who may use the control (http/machine-access.ts). */
export async function registerSandbox(app: App, options: SandboxOptions, config: Config): Promise<Sandbox> {
  const state = new SandboxState(options);
  await app.register(
    async (sandbox: App) => {
      formBodies(sandbox);
      await sandbox.register(async (scope: App) => youtubeSandbox(scope, state), { prefix: '/youtube' });
      await sandbox.register(async (scope: App) => soundcloudSandbox(scope, state), { prefix: '/soundcloud' });
      await sandbox.register(async (scope: App) => helixSandbox(scope, state), { prefix: '/twitch/helix' });
      await sandbox.register(async (scope: App) => twitchOAuthSandbox(scope, state), { prefix: '/twitch/oauth2' });
      await sandbox.register(async (scope: App) => twitchImages(scope, state), { prefix: '/twitch' });
      await sandbox.register(async (scope: App) => paypalSandbox(scope, state), { prefix: '/paypal' });
      await sandbox.register(async (scope: App) => discordSandbox(scope, state), { prefix: '/discord' });
      await sandbox.register(async (scope: App) => audioSandbox(scope, state), { prefix: '/audio' });
      await sandbox.register(async (scope: App) => controlRoutes(scope, state, config), { prefix: '/control' });
    },
    { prefix: '/sandbox' },
  );
  return { state };
}
