import { defineConfig } from 'vitest/config';

/**
 * `npm run test:server`: the HTTP tests of tests/server, each against the real server started as
 * a child process on the built dist/ (so they run after `npm run build`).
 */
export default defineConfig({
  test: {
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 30_000,
    // Each file starts its own servers; two files at a time fit two cores
    maxWorkers: 2,
  },
});
