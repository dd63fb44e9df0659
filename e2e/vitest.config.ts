import { defineConfig } from 'vitest/config';

/**
 * Browser tests: one real server (demo catalogue, fresh PGlite) and one Chromium for the whole run
 * (or for each part of it: shards.ts), both started by global-setup.ts. Files run one after another;
 * each test opens its own page.
 */
/** CI asks for a JSON report so .ci/run can print one "N passed, N failed" line for the whole run. */
const reportDir = process.env.VITEST_REPORT_DIR;
const report = process.env.E2E_SHARD ? `e2e-${process.env.E2E_SHARD}.json` : 'e2e.json';

export default defineConfig({
  test: {
    reporters: reportDir ? ['default', ['json', { outputFile: `${reportDir}/${report}` }]] : ['default'],
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
