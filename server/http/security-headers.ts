import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import type { App } from './types';

/**
 * helmet's security headers (CSP, frame, referrer, cross-origin policies ...), computed once.
 *
 * `@fastify/helmet` builds helmet's middleware from its options again on every request (about 7 % of
 * a cached read's CPU), although ours are the same for every answer: no route has helmet options of
 * its own and no CSP nonces are used. So a throwaway app with the plugin answers one request at start,
 * the headers helmet set on it are kept, and every request gets them as helmet would have set them (on
 * the raw response, before any hook or route, which may still change one).
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string | string[]][]> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, options);
  let headers: [string, string | string[]][] = [];
  // After helmet's own onRequest hooks: what they set on the response.
  probe.addHook('onRequest', async (_request, reply) => {
    headers = Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, Array.isArray(value) ? value : String(value)]);
  });
  probe.get('/', async () => '');
  await probe.inject({ url: '/' });
  await probe.close();
  if (headers.length === 0) throw new Error('helmet set no headers');
  return headers;
}

/** Sets helmet's headers for `options` on every answer of `app`, computed once (see above). */
export async function registerSecurityHeaders(app: App, options: FastifyHelmetOptions): Promise<void> {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
