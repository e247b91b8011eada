import { defineConfig } from 'vitest/config';

/**
 * Two projects: every test on SQLite (the laptop's engine), and the suites that reach the database again on
 * PostgreSQL (the team server's), against one throwaway cluster per run. `npx vitest run --project sqlite` runs the
 * first alone, without PostgreSQL installed.
 */
export default defineConfig({
  test: {
    environment: 'node',
    // Native addons (better-sqlite3, hnswlib) are safest in forked processes; two cores here.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    projects: [
      { extends: true, test: { name: 'sqlite', include: ['tests/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/integration/rib/**', 'tests/integration/monitor/**'],
          env: { TEST_ENGINE: 'postgres' },
          globalSetup: ['tests/setup/postgres.global-setup.ts'],
        },
      },
    ],
  },
});
