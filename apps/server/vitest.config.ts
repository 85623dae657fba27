import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file boots its own database; two cores.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
