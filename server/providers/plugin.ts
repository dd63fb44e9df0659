import { defineSlice } from '../http/slice';
import { createProviders, type ProviderOverrides, type Providers, selfOrigin } from './index';

declare module 'fastify' {
  interface FastifyInstance {
    /** Provider clients, made on first use (in demo mode they need the listening address) */
    providers: () => Providers;
    /** This server's own origin once it listens (the sandbox answers there; port 0 in tests) */
    sandboxOrigin: () => string | undefined;
  }
}

export const providersPlugin = defineSlice<{ overrides?: ProviderOverrides }>('providers', ['core'], (app, options) => {
  const sandboxOrigin = () => {
    const address = app.server.address();
    return address && typeof address === 'object' ? selfOrigin(address.address, address.port) : undefined;
  };
  let providers: Providers | undefined;
  app.decorate('sandboxOrigin', sandboxOrigin);
  app.decorate('providers', (): Providers => {
    providers ??= createProviders(app.config, { sandboxOrigin: sandboxOrigin(), log: app.log, now: app.clock, ...options.overrides });
    return providers;
  });
});
