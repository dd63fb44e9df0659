import type { Page } from 'playwright-core';

/** Scrolls to the end of the page, as a visitor reaching the bottom of an infinite list. */
export async function scrollToEnd(page: Page): Promise<void> {
  await page.mouse.move(200, 300);
  await page.mouse.wheel(0, 50_000);
}

/** Picks options in one of the filter bar's multi-selects (labelled Providers, Channels or Tags). */
export async function pick(page: Page, label: string, options: string[]): Promise<void> {
  // A non-searchable select's input is a hidden readonly field: the visible pill box takes the click.
  await page.getByRole('combobox', { name: label, exact: true }).click({ force: true });
  // Channel options also read their description ("Nova Music" + "Music channel"): match the start.
  for (const option of options)
    await page
      .getByRole('option', { name: new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
      .first()
      .click();
  await page.keyboard.press('Escape');
}

/** An empty page answer in the API's list shape. */
export const EMPTY_PAGE = JSON.stringify({ content: [], page: 1, size: 21, totalElements: 0, totalPages: 0, last: true });
