import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 60_000,
          // Each file has its own PGlite, so files can run side by side; on PostgreSQL they share the run's
          // database, and tests that count across agencies stay one file at a time.
          maxWorkers: process.env.TEST_DATABASE_URL ? 1 : 2,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
