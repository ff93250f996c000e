import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Four projects: `unit` (Node: rules, reducers, selectors, listeners; a file that needs a window says
 * `@vitest-environment jsdom`), `client` (jsdom: RTL + MSW screens), `server`
 * (node: app.inject against PGlite, or PostgreSQL when DATABASE_URL is set) and `e2e`
 * (one built server and one Chromium shared by every browser test).
 */
/** Browser tests: one built server and one Chromium per project, shared by its test files. */
const browserTests = {
  // expect.poll waits for the page (10 s, not the default 1 s): a loaded 2-core CI machine is slow,
  // and no browser test asserts speed.
  expect: { poll: { timeout: 10_000 } },
  environment: 'node',
  globalSetup: ['tests/e2e/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
};

/**
 * Browser files that run alone, after the others: the staff catalog editors add and delete products
 * and bundles that every list, count and page shows.
 */
const RUN_ALONE = ['tests/e2e/staff-catalog.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // A jsdom window costs seconds per file; these files render nothing.
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          setupFiles: ['tests/setup/unit.ts'],
          // The lint and import-graph checks read the whole tree: slow on a loaded 2-core machine.
          testTimeout: 20_000,
          maxWorkers: 2,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.tsx', 'tests/integration/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/client.ts'],
          // jsdom + MUI renders are slow on a loaded 2-core machine; no test here is about time.
          testTimeout: 20_000,
          // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/setup/server-global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        test: {
          ...browserTests,
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: RUN_ALONE,
          // Two files at a time: a browser test mostly waits (for the server, the browser, the network),
          // so two overlap well on two cores. Files never share pages or accounts, only the server.
          maxWorkers: 2,
        },
      },
      {
        test: {
          ...browserTests,
          name: 'e2e-alone',
          include: RUN_ALONE,
          // After every other browser file, one at a time, on a server of their own.
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
