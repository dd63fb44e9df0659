import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result as AxeViolation } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The toasts' container, which a screen's check may leave out: the toasts are the shell's, checked in toasts.test.ts. */
export const TOASTS = '.mantine-Notifications-root';

/** What of the page one check covers. */
export interface AxeScope {
  /** A selector (e.g. "main") to check only that part; the whole document when absent */
  include?: string;
  /** Selectors of parts left out (e.g. TOASTS) */
  exclude?: string[];
  /** WCAG 2.1 A/AA only, without axe's best practices */
  wcagOnly?: boolean;
  /** A violation that is not this screen's (reported where it belongs), left out of the answer */
  ignore?: (violation: AxeViolation) => boolean;
}

/**
 * Serious or critical axe violations (WCAG 2.1 A/AA and best practices, as e2e/a11y.test.ts counts
 * them) on the page as it is, one line each. `scope`: a selector, or an AxeScope.
 */
export async function seriousViolations(page: Page, scope: string | AxeScope = {}): Promise<string[]> {
  const { include, exclude = [], wcagOnly = false, ignore = () => false } = typeof scope === 'string' ? { include: scope } : scope;
  // Evaluated over the DevTools protocol: the site's Content-Security-Policy refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  const results: AxeResults = await page.evaluate(
    ({ include, exclude, tags }) => {
      const context =
        include || exclude.length ? { include: [[include ?? 'html']], exclude: exclude.map((selector) => [selector]) } : document;
      return (window as unknown as { axe: typeof import('axe-core') }).axe.run(context, { runOnly: { type: 'tag', values: tags } });
    },
    { include, exclude, tags: wcagOnly ? WCAG : [...WCAG, 'best-practice'] },
  );
  return results.violations
    .filter((v) => (v.impact === 'serious' || v.impact === 'critical') && !ignore(v))
    .map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`);
}
