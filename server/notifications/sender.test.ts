import { describe, expect, it } from 'vitest';
import { ProviderError } from '../providers/shared/http';
import { backoffMs, outcomeOf, SEND_POLICY } from './sender';

const answered = (status: number | null, body?: unknown) =>
  new ProviderError('discord', status, `Discord answered ${status} to POST /api/webhooks/1300000000000000001/***?wait=true`, { body });

describe('what a failed post means', () => {
  it('gives up at once on a refusal, since the same post would be refused again', () => {
    for (const status of [400, 401, 403, 404, 413]) expect(outcomeOf(answered(status), 1).kind, String(status)).toBe('failed');
  });

  it('tries again after no answer, a timeout status, a 5xx or a 429, with waits doubling', () => {
    for (const status of [null, 408, 500, 502, 503]) {
      expect(outcomeOf(answered(status), 3), String(status)).toMatchObject({ kind: 'retry', waitMs: 60_000, rateLimited: false });
    }
    expect(outcomeOf(new Error('socket hang up'), 1)).toMatchObject({ kind: 'retry', waitMs: SEND_POLICY.firstBackoffMs });
    expect([1, 2, 3, 4, 8, 9].map(backoffMs)).toEqual([15_000, 30_000, 60_000, 120_000, 1_800_000, 1_800_000]);
  });

  it('waits as long as a 429 says (seconds, often a fraction), or backs off when it says nothing', () => {
    expect(outcomeOf(answered(429, { message: 'You are being rate limited.', retry_after: 0.254, global: false }), 2)).toMatchObject({
      kind: 'retry',
      waitMs: 254,
      rateLimited: true,
    });
    expect(outcomeOf(answered(429, '<html>Cloudflare</html>'), 2)).toMatchObject({ kind: 'retry', waitMs: 30_000, rateLimited: true });
  });

  it('stops after the last attempt', () => {
    expect(outcomeOf(answered(500), SEND_POLICY.maxAttempts)).toMatchObject({
      kind: 'failed',
      error: expect.stringMatching(/^gave up after 10 attempts/),
    });
  });

  it('counts a 2xx it could not read as sent: posting again would post twice', () => {
    expect(outcomeOf(answered(200), 1)).toEqual({ kind: 'sent' });
  });

  it('keeps a webhook token out of what it records', () => {
    const error = new Error('fetch failed for https://discord.com/api/webhooks/1300000000000000001/s3cret');
    expect(outcomeOf(error, 1)).toMatchObject({ error: 'fetch failed for https://discord.com/api/webhooks/1300000000000000001/***' });
  });
});
