import { CALLBACK_PATH } from '../accounts/service';
import { buildWorld, type World } from '../demo/world';
import { sameSite } from '../http/same-site';
import { defineSlice } from '../http/slice';
import { registerSandbox, type Sandbox } from './index';

declare module 'fastify' {
  interface FastifyInstance {
    /** The providers' stand-ins (demo mode and tests), with their run-time state; null outside demo mode */
    sandbox: Sandbox | null;
  }
}

/** In demo mode the providers' stand-ins answer under /sandbox on this server (its address is known once it listens). */
export const sandboxPlugin = defineSlice<{ world?: World }>('sandbox', ['core'], async (app, options) => {
  const { config } = app;
  const sandbox = config.demo
    ? await registerSandbox(
        app,
        {
          world: options.world ?? buildWorld({ streamerKey: config.site.streamerKey, now: new Date() }),
          twitchLogin: config.site.twitchChannel,
          streamerName: config.site.streamerName,
          twitchRedirectUris: sameSite(config).urlsOf(CALLBACK_PATH),
        },
        config,
      )
    : null;
  app.decorate('sandbox', sandbox);
});
