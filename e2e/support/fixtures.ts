import type { Page } from 'playwright-core';

/**
 * Login does not exist yet (GET /api/auth/user answers 404, i.e. logged out). Until it does, a
 * logged-in visitor is simulated by answering that call in the browser.
 */
export async function loginAs(page: Page, user: { displayName: string; admin: boolean }): Promise<void> {
  await page.route('**/api/auth/user', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(user) }),
  );
}

export const DEMO_ADMIN = { displayName: 'demo_admin', admin: true };
export const DEMO_VIEWER = { displayName: 'demo_viewer', admin: false };
