import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderThemeCss, THEME_CSS_PATH } from '../scripts/theme-css';

describe('web/theme.gen.css', () => {
  it('is what MantineProvider writes for the theme (run `npx tsx scripts/theme-css.ts` after changing web/theme.ts)', () => {
    expect(readFileSync(THEME_CSS_PATH, 'utf8')).toBe(renderThemeCss());
  });

  it('carries the theme: its pink accent, its dark palette and the readable dimmed and error shades in both schemes', () => {
    const css = renderThemeCss();
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-pink-filled)');
    expect(css).toContain('--mantine-color-dark-0: #d5d7e0');
    expect(css).toMatch(/\[data-mantine-color-scheme="light"\][^{]*\{[^}]*--mantine-color-dimmed: var\(--mantine-color-gray-7\)/);
    expect(css).toMatch(/\[data-mantine-color-scheme="dark"\][^{]*\{[^}]*--mantine-color-error: var\(--mantine-color-red-5\)/);
    expect(css).toContain('.mantine-hidden-from-lg');
  });
});
