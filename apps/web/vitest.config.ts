import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test-setup.ts'],
      restoreMocks: true,
      testTimeout: 30_000,
      // Two files at once on two cores (the default leaves one core to the runner): 194 → 142 s.
      maxWorkers: 2,
    },
  }),
);
