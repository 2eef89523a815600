import { defineConfig } from 'vitest/config';

// Its own config so the React Router Vite plugin is not loaded. The same tests run on SQLite by default
// and on PostgreSQL when TEST_DATABASE_URL points at a server (npm run test:pg).
export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'app/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['tests/support/failOnConsoleError.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
