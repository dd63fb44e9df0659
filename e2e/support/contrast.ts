import type { Locator } from 'playwright-core';

/**
 * The WCAG contrast ratio of an element's text colour against the first opaque background behind it
 * (its own or an ancestor's; white when none is set), as the browser computed them. Solid colours
 * only: what the forms' text and fields use.
 */
export function contrastOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    let background = [255, 255, 255];
    for (let at: Element | null = node; at; at = at.parentElement) {
      const color = rgb(getComputedStyle(at).backgroundColor);
      if (color.length >= 3 && (color.length === 3 || color[3] === 1)) {
        background = color;
        break;
      }
    }
    const text = rgb(getComputedStyle(node).color);
    const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  });
}
