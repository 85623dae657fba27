import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The suites share one server and its demo users, whose privacy-notice acceptance is kept on the server: the shell
 * suite checks the notice on a first sign-in, so it runs first, then the others, always in this order.
 */
const ORDER = ['shell', 'organisation', 'monitor'];

class SuiteOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = ORDER.indexOf(path.basename(file.moduleId).replace(/\.test\.ts$/, ''));
      return index < 0 ? ORDER.length : index;
    };
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['src/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // One Chromium at a time on two cores keeps timings steady.
    fileParallelism: false,
    // Tests a file marks concurrent (the phone walks, which mostly wait for pages to fall quiet) at most two at a time.
    maxConcurrency: 2,
    sequence: { sequencer: SuiteOrder },
  },
});
