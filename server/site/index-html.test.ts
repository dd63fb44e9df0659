import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../common/constants';
import { loadConfig } from '../config';
import { renderIndexHtml } from './index-html';
import { publicConfig } from './routes';

function distWith(html: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'almanac-web-'));
  writeFileSync(path.join(dir, 'index.html'), html);
  return dir;
}

const SHELL = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';

/** What the browser would read back out of the element. */
function embedded(html: string): unknown {
  const match = html.match(new RegExp(`<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`, 's'));
  if (!match) throw new Error('no config element');
  return JSON.parse(match[1]!);
}

describe('the app shell with the public configuration', () => {
  it('carries exactly what GET /api/config answers, inside the head', () => {
    const config = publicConfig(loadConfig({ SITE_NAME: 'Nova Almanac' }));
    const html = renderIndexHtml(distWith(SHELL), config);
    expect(embedded(html)).toEqual(config);
    expect(html.indexOf(PUBLIC_CONFIG_ELEMENT_ID)).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<div id="root"></div>');
  });

  it('cannot be broken out of by a configured value', () => {
    const config = publicConfig(loadConfig({ STREAMER_NAME: 'Nova</script><script>alert(1)</script>' }));
    const html = renderIndexHtml(distWith(SHELL), config);
    expect(html).not.toContain('<script>alert(1)');
    expect((embedded(html) as { streamerName: string }).streamerName).toBe('Nova</script><script>alert(1)</script>');
  });

  it("keeps a value's $ signs as they are (they are not replacement patterns)", () => {
    const config = publicConfig(loadConfig({ SITE_NAME: "Nova's $$ & $' $` $& Almanac" }));
    const html = renderIndexHtml(distWith(SHELL), config);
    expect((embedded(html) as { siteName: string }).siteName).toBe("Nova's $$ & $' $` $& Almanac");
  });

  it('refuses a shell without a head, rather than serving one without configuration', () => {
    expect(() => renderIndexHtml(distWith('<html><body></body></html>'), publicConfig(loadConfig({})))).toThrow(/no <\/head>/);
  });
});
