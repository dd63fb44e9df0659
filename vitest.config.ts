import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests. Every server test runs against PGlite; when TEST_DATABASE_URL is set
 * (CI sets it) the same files run again against PostgreSQL as a second project.
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
          include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'postgres',
                include: ['server/**/*.test.ts'],
                env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgres },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
