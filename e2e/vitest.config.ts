import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['src/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // One Chromium at a time on two cores keeps timings steady.
    fileParallelism: false,
  },
});
