import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['main/**/*.test.ts', 'shared/**/*.test.ts', 'test/**/*.test.ts', 'e2e/**/*.test.ts', 'renderer/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['test/global-setup.ts'],
  },
});
