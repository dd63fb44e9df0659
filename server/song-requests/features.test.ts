import { describe, expect, it } from 'vitest';
import { featureStateSchema } from '../../common/flip';
import { loadConfig } from '../config';
import { createTestApp } from '../testing/app';
import { buildAdmin, buildUser } from '../testing/users';

const demo = await createTestApp();
const admin = await buildAdmin(demo.db);
const member = await buildUser(demo.db);
const productionEnv = {
  ALMANAC_MODE: 'production',
  DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
  PUBLIC_URL: 'https://almanac.example',
  TWITCH_CLIENT_ID: 'x',
  TWITCH_CLIENT_SECRET: 'x',
};
const paypalEnv = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: '1JE4291016473214C' };
const production = await createTestApp({ ...productionEnv, ...paypalEnv });
const noPayPal = await createTestApp(productionEnv);
const productionAdmin = await buildAdmin(noPayPal.db);

/** Production apps answer only requests addressed to PUBLIC_URL's host (server/http/same-site.ts). */
const hostOf = (t: typeof demo) => (t === demo ? {} : { host: new URL(productionEnv.PUBLIC_URL).host });
const read = async (t = demo) =>
  featureStateSchema.strict().parse((await t.app.inject({ url: '/api/requests/flip/enabled', headers: hostOf(t) })).json());
const toggle = (headers: object = admin.headers, t = demo) =>
  t.app.inject({ method: 'POST', url: '/api/requests/flip/enabled', headers: { ...hostOf(t), ...(headers as Record<string, string>) } });

describe('GET and POST /api/requests/flip/enabled', () => {
  it('is on in demo mode and off in production until an admin toggles it', async () => {
    expect(await read()).toEqual({ enabled: true });
    expect(await read(production)).toEqual({ enabled: false });
  });

  it('lets an admin toggle it; every reader then sees the stored state', async () => {
    const off = await toggle();
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ enabled: false });
    expect(await read()).toEqual({ enabled: false });
    expect((await toggle()).json()).toEqual({ enabled: true });
    expect(await read()).toEqual({ enabled: true });
  });

  it('toggles atomically: concurrent toggles each count', async () => {
    const before = (await read()).enabled;
    const answers = await Promise.all(Array.from({ length: 5 }, () => toggle()));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // Five flips of a boolean: the opposite, and the answers alternate (two of one, three of the other).
    expect((await read()).enabled).toBe(!before);
    const ons = answers.filter((a) => a.json().enabled === true).length;
    expect([2, 3]).toContain(ons);
    await toggle();
  });

  it('is for admins only', async () => {
    expect((await toggle({})).statusCode).toBe(401);
    const refused = await toggle(member.headers);
    expect(refused.statusCode).toBe(403);
    expect(await read()).toEqual({ enabled: true });
  });

  it('stays off without PayPal in production: an admin cannot turn it on', async () => {
    expect(await read(noPayPal)).toEqual({ enabled: false });
    const refused = await toggle(productionAdmin.headers, noPayPal);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Payments are not configured on this site (PAYPAL_* settings)');
    expect(await read(noPayPal)).toEqual({ enabled: false });
  });

  it('needs the PayPal settings in production when requests start enabled', () => {
    expect(() => loadConfig({ ...productionEnv, REQUESTS_ENABLED_BY_DEFAULT: 'true' })).toThrow(
      /PAYPAL_CLIENT_ID: is required in production mode when REQUESTS_ENABLED_BY_DEFAULT is true/,
    );
    expect(loadConfig({ ...productionEnv, ...paypalEnv, REQUESTS_ENABLED_BY_DEFAULT: 'true' }).requests.enabledByDefault).toBe(true);
  });
});
