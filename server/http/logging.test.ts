import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging';

describe('redactUrl', () => {
  it('hides the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/api/overlays/queue?key=s3cret-overlay-key')).toBe('/api/overlays/queue?key=***');
    expect(redactUrl('/api/ws/overlays/queue?station=top&key=abc&x=1')).toBe('/api/ws/overlays/queue?station=top&key=***&x=1');
    expect(redactUrl('/api/auth/twitch/callback?code=c0de&state=st4te')).toBe('/api/auth/twitch/callback?code=***&state=***');
    expect(redactUrl('/api/media?q=monkey&tags=1')).toBe('/api/media?q=monkey&tags=1');
  });
});
