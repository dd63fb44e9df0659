import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious or critical axe violations (WCAG 2.1 A/AA, best practices) on the page as it is. The same
 * check as flip.test.ts, queue.test.ts and earnings.test.ts each define for themselves (with their
 * screen's own exceptions), for a file that needs none. `scope`: a selector (e.g. "main") to check
 * only the screen, without the shell and its toasts.
 */
export async function seriousViolations(page: Page, scope?: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const results: AxeResults = await page.evaluate(
    (within) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(within ? { include: [[within]] } : document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      }),
    scope,
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`);
}
