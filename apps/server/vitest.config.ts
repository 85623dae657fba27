import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file boots its own database; two cores.
    fileParallelism: true,
    maxWorkers: 2,
    // The files of a worker share its modules (the server's code imported once per worker, not once per file: the
    // suite in 255 s instead of 327 s, half the CPU). Nothing here mocks or stubs, and every test builds its own app
    // on its own database; module-level caches must hold across databases (keyed by content, not by row ids).
    isolate: false,
    // The export's memory check collects garbage before it measures (what a writer holds, not what awaits the sweep).
    execArgv: ['--expose-gc'],
  },
});
