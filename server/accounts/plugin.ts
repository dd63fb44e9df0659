import { defineSlice } from '../http/slice';
import { enforceAccess } from './access';
import { createConfiguredAdmins } from './admins';
import { createLimits } from './limits';
import { accountRoutes } from './routes';
import { type AccountsService, createAccountsService } from './service';
import { registerSessions } from './session';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService;
  }
}

/**
 * Accounts: every API call knows its user (request.user) from the session cookie, every route's
 * declared access and limit are enforced (accounts/access.ts), and the login, logout and admin routes.
 * Registered before the slices with routes, so the access hook sees every route they add.
 */
export const accountsPlugin = defineSlice('accounts', ['core', 'providers'], (app) => {
  const { config } = app;
  // ADMIN_LOGINS as Twitch ids, resolved through Helix on first use (the sandbox in demo mode).
  const directory = () => app.providers().twitch;
  const admins = createConfiguredAdmins({ config, directory, log: app.log });
  // One query per API call, nothing cached: a logout or a revoked admin takes effect at once.
  registerSessions(app, app.database.db, admins, app.clock);
  enforceAccess(app, config, createLimits(app, config));
  const accounts = createAccountsService({
    db: app.database.db,
    config,
    sandboxOrigin: app.sandboxOrigin,
    directory,
    admins,
    log: app.log,
    now: app.clock,
  });
  app.decorate('accounts', accounts);
  accountRoutes(app, accounts, config);
});
