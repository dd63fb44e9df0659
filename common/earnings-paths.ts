/**
 * The Earnings tab's API paths (issue 19), zod-free, so that the tab's chunk does not bring zod
 * along (~25 kB gzip) for two strings; earnings.ts re-exports them beside the answer's shape.
 */
export const EARNINGS_PATHS = {
  summary: '/api/payments/summary',
  export: '/api/payments/export.csv',
} as const;
