import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../http/types';
import type { SandboxState } from './state';

/**
 * The demo songs as real audio, so the radio plays offline (issue 13): GET /sandbox/audio/{remoteId}
 * answers a mono WAV as long as the song, a short tune derived from the remote id (songs sound
 * different), with Range support so the browser can seek to the station's position. Each file is
 * made once and kept in a small in-memory cache (at most CACHE_SIZE songs, about 3.4 MB for the
 * longest demo song), since a station plays one song at a time.
 */

export const SAMPLE_RATE = 8000;
const CACHE_SIZE = 6;
const HEADER_BYTES = 44;
/** A major pentatonic scale from A3: pleasant whatever order the notes come in. */
const SCALE_HZ = [220, 246.94, 277.18, 329.63, 369.99, 440, 493.88, 554.37, 659.25, 739.99];
const PHRASE_NOTES = 8;

const cache = new Map<string, Buffer>();

/** The 44-byte header of 8-bit unsigned PCM, mono. */
function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE, 28); // bytes per second: 1 byte per sample
  header.writeUInt16LE(1, 32); // block align
  header.writeUInt16LE(8, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** A phrase of notes and a tempo, both from the remote id's hash. */
function tuneOf(remoteId: string): { notes: number[]; noteSamples: number } {
  const hash = createHash('sha256').update(remoteId).digest();
  const notes = Array.from({ length: PHRASE_NOTES }, (_, i) => SCALE_HZ[hash[i]! % SCALE_HZ.length]!);
  const noteMs = 220 + (hash[PHRASE_NOTES]! % 6) * 40;
  return { notes, noteSamples: Math.round((SAMPLE_RATE * noteMs) / 1000) };
}

/** One pass of the tune: each note faded in and out, so passes join without a click. */
function phrase(remoteId: string): Buffer {
  const { notes, noteSamples } = tuneOf(remoteId);
  const fade = Math.min(400, noteSamples / 4);
  const pcm = Buffer.alloc(notes.length * noteSamples);
  notes.forEach((frequency, n) => {
    for (let i = 0; i < noteSamples; i++) {
      const envelope = Math.min(1, i / fade, (noteSamples - i) / fade);
      const value = Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE) * envelope * 0.35;
      pcm[n * noteSamples + i] = 128 + Math.round(value * 127);
    }
  });
  return pcm;
}

/**
 * The song's WAV: `durationSecs` seconds of its tune, repeated. The tune is computed once and
 * copied, so even the longest song takes a few milliseconds of the event loop.
 */
export function demoSongWav(remoteId: string, durationSecs: number): Buffer {
  const samples = Math.max(0, Math.round(durationSecs * SAMPLE_RATE));
  const wav = Buffer.alloc(HEADER_BYTES + samples);
  wavHeader(samples).copy(wav, 0);
  const tune = phrase(remoteId);
  for (let at = 0; at < samples; at += tune.length) tune.copy(wav, HEADER_BYTES + at, 0, Math.min(tune.length, samples - at));
  return wav;
}

function cachedWav(remoteId: string, durationSecs: number): Buffer {
  const key = `${remoteId}:${durationSecs}`;
  let wav = cache.get(key);
  if (wav) {
    cache.delete(key); // re-inserted below: the map's order is the least recently used first
  } else {
    wav = demoSongWav(remoteId, durationSecs);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  }
  cache.set(key, wav);
  return wav;
}

/** One `bytes=` range of a body of `size` bytes (RFC 9110 14.1.2), or 'unsatisfiable'; null: answer the whole body. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  // Several ranges or another unit: the whole body is a valid answer to those.
  if (!match) return null;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

function sendWav(request: FastifyRequest, reply: FastifyReply, wav: Buffer) {
  reply.header('accept-ranges', 'bytes').header('cache-control', 'public, max-age=86400').type('audio/wav');
  const range = parseRange(request.headers.range, wav.length);
  if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${wav.length}`).send();
  if (!range) return reply.send(wav);
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${wav.length}`)
    .send(wav.subarray(range.start, range.end + 1));
}

export function audioSandbox(app: App, state: SandboxState) {
  app.get('/:remoteId', { schema: { hide: true, params: z.object({ remoteId: z.string() }) } }, async (request, reply) => {
    const song = state.song(request.params.remoteId);
    if (!song) return reply.code(404).type('text/plain').send('Not Found');
    return sendWav(request, reply, cachedWav(song.remoteId, song.duration));
  });
}
