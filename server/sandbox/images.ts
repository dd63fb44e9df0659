import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply } from 'fastify';
import sharp from 'sharp';
import type { ImageKind, SandboxState } from './state';

/**
 * Images the providers' CDNs would serve: the committed demo thumbnails
 * (server/demo/thumbnails/<kind>/NN.jpg), or a plain coloured picture when that file is missing.
 */

const DEMO_THUMBNAILS = fileURLToPath(new URL('../demo/thumbnails', import.meta.url));
const cache = new Map<string, Promise<Buffer>>();

function placeholder(key: string): Promise<Buffer> {
  const [r, g, b] = createHash('sha1').update(key).digest();
  return sharp({ create: { width: 480, height: 360, channels: 3, background: { r: r!, g: g!, b: b! } } })
    .jpeg({ quality: 70 })
    .toBuffer();
}

export function demoImage(kind: ImageKind, file: string): Promise<Buffer> {
  const key = `${kind}/${file}`;
  let image = cache.get(key);
  if (!image) {
    image = readFile(path.join(DEMO_THUMBNAILS, kind, path.basename(file))).catch(() => placeholder(key));
    cache.set(key, image);
  }
  return image;
}

/** Sends the image of a world item (by remote id), or 404 as a CDN would. */
export async function sendItemImage(state: SandboxState, remoteId: string, reply: FastifyReply) {
  const found = state.image(remoteId);
  if (!found) return reply.code(404).type('text/plain').send('Not Found');
  const data = await demoImage(found.kind, found.file);
  return reply.header('cache-control', 'public, max-age=86400').type('image/jpeg').send(data);
}
