import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { navigateInApp, routePaths, settle, trackRequests } from '../src/a11y.ts';
import { launchBrowser, signIn } from '../src/browser.ts';
import { narrowFilters, sidewaysOverflow } from '../src/phone.ts';
import { acceptNoticeIfShown } from '../src/portal.ts';

/**
 * Every page at 390 px (issue 19: "make the Monitor and every page work at 390 px"): each route a CompanyAdmin may
 * open, in English and in Arabic (right to left, where an overflow goes off the left edge), keeps its content on the
 * phone's screen: nothing sticks out sideways unless it sits in a scroller of its own (a wide table), and a list's
 * filters each take the screen's width.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// The two languages side by side (each in its own context): a walk mostly waits for pages to fall quiet (64 → 43 s).
describe.concurrent.each(['en-US', 'ar-SA'])('on a 390 px phone in %s', (locale) => {
  it('every route of a CompanyAdmin keeps its content within the screen', async () => {
    const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 } });
    // Run under tsx (esbuild's keepNames), functions passed to page.evaluate call a __name helper the page lacks.
    await context.addInitScript('globalThis.__name = globalThis.__name || ((f) => f);');
    try {
      const page = await signIn(context, baseUrl, 'companyadmin');
      const requests = trackRequests(page, baseUrl);
      await acceptNoticeIfShown(page);
      await settle(page, requests);
      const problems: string[] = [];
      for (const { route, path } of await routePaths(page, baseUrl, 'CompanyAdmin')) {
        if (!path) continue;
        await navigateInApp(page, path, requests);
        for (const overflow of await sidewaysOverflow(page))
          problems.push(`${route.id} ${path}: ${overflow}`);
        for (const narrow of await narrowFilters(page))
          problems.push(`${route.id} ${path}: filter ${narrow}`);
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 600_000);
});
