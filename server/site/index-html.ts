import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PublicConfig } from '../../common/api';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../common/constants';

/**
 * The app shell (dist/web/index.html) with the public configuration written into it, so the first
 * screen renders without waiting for GET /api/config: one round trip less before anything shows,
 * which on a phone's network is a good part of the first paint.
 *
 * The JSON sits in a non-executed `<script type="application/json">` (allowed by the CSP), with `<`
 * escaped so no value can close the element.
 */
export function renderIndexHtml(webDist: string, config: PublicConfig): string {
  const shell = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const element = `<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">${json}</script>`;
  if (!shell.includes('</head>')) throw new Error(`${webDist}/index.html has no </head>`);
  // A function, so `$&` or `$'` in a configured value are not replacement patterns.
  return shell.replace('</head>', () => `  ${element}\n  </head>`);
}
