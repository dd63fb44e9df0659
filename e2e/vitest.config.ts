import { defineConfig } from 'vitest/config';

/**
 * Browser tests: one real server (demo catalogue, fresh PGlite) and one Chromium for the whole run,
 * both started by global-setup.ts. Files run one after another; each test opens its own page.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
