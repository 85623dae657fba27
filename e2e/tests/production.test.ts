import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API_BASE_PATH } from '@lbs/contracts';
import { launchBrowser, signIn } from '../src/browser.ts';
import { accessTokenOf, apiAs } from '../src/forms.ts';
import { acceptNoticeIfShown } from '../src/portal.ts';
import { ensureWebBuilt, REPO_ROOT, startE2EServer, type E2EServer } from '../src/server.ts';

/**
 * The production build (issue 18): scripts/package-production.mjs (the server compiled to JavaScript, installed with
 * `npm ci --omit=dev` in a directory of its own: no tsx, no TypeScript, no test tools), started with plain
 * `node apps/server/dist/main.js` on a fresh database; a demo admin signs in through the embedded provider in
 * Chromium, reads /me, and downloads an invoice PDF and a report PDF (each rendered on its built PDF thread).
 */
let dir: string;
let server: E2EServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  ensureWebBuilt();
  dir = mkdtempSync(path.join(tmpdir(), 'lbs-production-'));
  // The same script as the Dockerfile's (the web app the suite built already is reused).
  const packaged = spawnSync(
    process.execPath,
    [path.join(REPO_ROOT, 'scripts/package-production.mjs'), dir, '--reuse-web'],
    { cwd: REPO_ROOT, stdio: 'inherit' },
  );
  expect(packaged.status).toBe(0);
  server = await startE2EServer({}, { cwd: dir, args: ['apps/server/dist/main.js'] });
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A response that answers a PDF. */
async function expectPdf(response: Response): Promise<void> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(
    Buffer.from(await response.arrayBuffer())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
}

describe('the production build from a production-only install', () => {
  it('has none of the development tools', () => {
    for (const tool of ['tsx', 'typescript', 'vitest', 'vite', 'eslint'])
      expect(existsSync(path.join(dir, 'node_modules', tool)), tool).toBe(false);
  });

  it('signs a demo admin in, answers /me and renders an invoice PDF and a report PDF', async () => {
    const context = await browser!.newContext({ locale: 'en-US' });
    try {
      const page = await signIn(context, server!.baseUrl, 'companyadmin');
      await acceptNoticeIfShown(page);
      const token = await accessTokenOf(page);
      const me = await apiAs(server!.baseUrl, token, 'GET', '/user-management/me');
      expect(me.status).toBe(200);
      expect(me.json).toMatchObject({ username: 'companyadmin', roleList: [{ roleName: 'CompanyAdmin' }] });
      const invoices = await apiAs(server!.baseUrl, token, 'GET', '/invoices?size=1');
      expect(invoices.status).toBe(200);
      const [invoice] = (invoices.json as { items: { id: number }[] }).items;
      expect(invoice).toBeDefined();
      const pdf = await fetch(`${server!.baseUrl}${API_BASE_PATH}/invoices/${invoice!.id}/pdf`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await expectPdf(pdf);
      // A report's PDF, laid out on the report PDF thread's own bundle.
      expect(existsSync(path.join(dir, 'apps/server/dist/report-pdf-worker.js'))).toBe(true);
      const day = new Date().toISOString().slice(0, 10);
      const report = await fetch(
        `${server!.baseUrl}${API_BASE_PATH}/reports/visits/export?from=${day}&to=${day}&format=pdf&locale=ar-SA`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      await expectPdf(report);
    } finally {
      await context.close();
    }
  });
});
