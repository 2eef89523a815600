import { lingui } from '@lingui/vite-plugin';
import { configDefaults, defineConfig } from 'vitest/config';

// Its own config so the React Router Vite plugin is not loaded (Lingui's is: tests import the compiled
// catalogues as the app does). The same tests run on SQLite by default
// and on PostgreSQL when TEST_DATABASE_URL points at a server (npm run test:pg). The component tests
// (*.browser.test.tsx) run in Chromium from vitest.components.config.ts instead (npm run test:components).
export default defineConfig({
  plugins: [lingui()],
  test: {
    include: [
      'server/**/*.test.ts',
      'app/**/*.test.{ts,tsx}',
      'common/**/*.test.ts',
      'simulators/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'tests/redteam/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    exclude: [...configDefaults.exclude, '**/*.browser.test.tsx'],
    setupFiles: ['tests/support/failOnConsoleError.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on a 2-core machine is one file at a time; most files wait on a database, a child
    // process or a socket for much of their run, so two at a time keep both cores busy. On PostgreSQL
    // (`npm run test:pg`) one at a time: two files that each start several app processes with a pool of
    // ten connections go past the server's 100 connections.
    maxWorkers: 2,
  },
});
