import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

const SCREENSHOTS = path.resolve(fileURLToPath(new URL('../screenshots', import.meta.url)));

export interface PageOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  /** Another site than the run's shared one (a test file's own, support/site.ts) */
  baseURL?: string;
  /**
   * The site's service worker (web/sw.ts) is blocked unless a test asks for it (e2e/pwa.test.ts): once
   * in control it would answer page loads and precached scripts itself, out of reach of `page.route`.
   */
  serviceWorkers?: 'allow' | 'block';
}

/** Uncaught errors of each page, checked by `expectNoPageErrors`. */
const pageErrors = new WeakMap<Page, string[]>();

/**
 * Per test file: connects to the run's shared Chromium (global-setup.ts) and gives each test fresh
 * pages in their own context (cookies, storage), closed after the test.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await chromium.connect(inject('wsEndpoint'));
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A blank page; set up `page.route` interceptions on it before navigating. */
  async function newPage({
    width = 1280,
    height = 900,
    colorScheme = 'light',
    baseURL,
    serviceWorkers = 'block',
  }: PageOptions = {}): Promise<Page> {
    if (!browser) throw new Error('useBrowser() must be called at the top level of the test file');
    const context = await browser.newContext({
      baseURL: baseURL ?? inject('baseURL'),
      viewport: { width, height },
      colorScheme,
      reducedMotion: 'reduce',
      serviceWorkers,
    });
    // Fail within a test's time budget, naming the locator that did not show up.
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    pageErrors.set(page, errors);
    page.on('pageerror', (error) => errors.push(error.message));
    if (process.env.E2E_DEBUG) {
      page.on('requestfailed', (request) => console.log('request failed', request.url(), request.failure()?.errorText));
      page.on('response', (response) => response.status() >= 400 && console.log('response', response.status(), response.url()));
      page.on('console', (message) => console.log('console', message.type(), message.text()));
    }
    return page;
  }

  /** A page showing `url` once the app has rendered its shell. */
  async function open(url: string, options?: PageOptions): Promise<Page> {
    const page = await newPage(options);
    await page.goto(url);
    await page.locator('header').first().waitFor();
    return page;
  }

  return { newPage, open };
}

export function expectNoPageErrors(page: Page): void {
  const errors = pageErrors.get(page) ?? [];
  if (errors.length) throw new Error(`Uncaught errors in the page:\n${errors.join('\n')}`);
}

/** Full-page screenshot into e2e/screenshots/ (gitignored), to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // Below-the-fold thumbnails are lazy: load them all (without scrolling, which would page lists).
  await page.evaluate(async () => {
    const images = [...document.querySelectorAll('img')];
    for (const image of images) image.loading = 'eager';
    const settled = (image: HTMLImageElement) =>
      new Promise((done) => {
        image.addEventListener('load', done, { once: true });
        image.addEventListener('error', done, { once: true });
        setTimeout(done, 3000);
      });
    await Promise.all(images.filter((image) => !image.complete).map(settled));
  });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Client-side navigation (no reload): what a link click does, without needing a link. */
export async function navigate(page: Page, url: string): Promise<void> {
  await page.evaluate((target) => {
    history.pushState({}, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

/** Answers every request matching `pattern` with a 500 and the server's error body shape. */
export async function failRequests(page: Page, pattern: string | RegExp): Promise<void> {
  await page.route(pattern, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Something went wrong on our side. Please try again.',
      }),
    }),
  );
}
