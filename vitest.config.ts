import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Some unit tests run a command-line tool as a child process, which takes seconds on a busy machine
  test: { include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 20_000 },
});
