import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default is one worker fewer than the cores: one, on a 2-core machine, where test files
// then wait on each other's child processes and browser. Two there: the whole suite 1,449 → 1,133 s.
const cores = availableParallelism();

export default defineConfig({
  test: {
    include: ['main/**/*.test.ts', 'shared/**/*.test.ts', 'test/**/*.test.ts', 'e2e/**/*.test.ts', 'renderer/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: cores >= 2 ? Math.max(2, cores - 1) : 1,
    // expect.poll waits 1 s by default: a browser test beside another file's sync can take longer
    // to see its pages land (search-pages.e2e.test.ts failed so once). A failing poll costs 10 s.
    expect: { poll: { timeout: 10_000 } },
    globalSetup: ['test/global-setup.ts'],
  },
});
