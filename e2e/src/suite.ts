import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signIn } from './browser.ts';
import { acceptNoticeIfShown } from './portal.ts';

/**
 * A browser test file's lifecycle: one Chromium for the file, a context per `open` (closed after the file), and a
 * full-page screenshot of the page in use (`suite.page`) when a test fails, its path in the log.
 */
export function browserSuite(name: string, baseUrl: string) {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const suite = {
    /** The page the tests work on: photographed when one fails. */
    page: undefined as Page | undefined,
    /** A new browser context in `locale`, signed in as `username` at `at`, the privacy notice accepted. */
    async open(locale: string, at: string, username = 'companyadmin'): Promise<Page> {
      if (!browser) throw new Error('the browser is not launched yet (open from a test or a beforeAll)');
      const context = await browser.newContext({ locale, viewport: { width: 1440, height: 1000 } });
      contexts.push(context);
      const page = await signIn(context, baseUrl, username, { path: at });
      await acceptNoticeIfShown(page);
      return page;
    },
  };
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async (context) => {
    const page = suite.page;
    if (context.task.result?.state !== 'fail' || !page) return;
    const file = path.join(tmpdir(), `lbs-e2e-${name}-${Date.now()}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => {});
    console.error(`page at ${page.url()}: ${file}`);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });
  return suite;
}
