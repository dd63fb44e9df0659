import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests. Every server test runs against PGlite; when TEST_DATABASE_URL is set
 * (CI sets it) the same files run again against PostgreSQL as a second project.
 *
 * `isolate: false`: a worker keeps its loaded modules (the server, PGlite's compiled WebAssembly) from one
 * file to the next instead of loading them again for each of ~150 files, which took most of the run's
 * CPU. Every file still gets its own app and database; shared modules hold no test's state (module-level
 * counters in server/testing only make names unique).
 *
 * globalSetup (server/db/test-template.ts) migrates one template database per project at the start of
 * the run; each file's database is a copy of it (server/db/testing.ts).
 */
const postgres = process.env.TEST_DATABASE_URL;
/** CI asks for a JSON report so .ci/run can print one "N passed, N failed" line. */
const reportDir = process.env.VITEST_REPORT_DIR;

export default defineConfig({
  test: {
    reporters: reportDir ? ['default', ['json', { outputFile: `${reportDir}/unit.json` }]] : ['default'],
    projects: [
      {
        test: {
          name: 'pglite',
          isolate: false,
          include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['server/db/test-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'postgres',
                isolate: false,
                include: ['server/**/*.test.ts'],
                env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgres },
                globalSetup: ['server/db/test-template.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
