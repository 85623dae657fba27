/**
 * The SPA on the wire (issue 17): the first JavaScript a browser must fetch before the app starts (the entry
 * script and its module preloads in index.html), raw, gzip and brotli as the build precompresses them; and every
 * byte a cold browser receives from the server until a signed-in Company Admin sees the Monitor's map drawn (sign-in
 * pages included), as the server sends it (compressed where the client accepts it). Goals printed beside them.
 * Skipped (with a line saying so) when Chromium is not installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Response } from 'playwright-core';
import { CHROMIUM_PATH, launchBrowser, signIn } from '../../e2e/src/browser.ts';
import { acceptNoticeIfShown } from '../../e2e/src/portal.ts';
import { REPO_ROOT } from '../../e2e/src/server.ts';
import { benchServer, type BenchRow } from './location-setup.ts';

const DIST = path.join(REPO_ROOT, 'apps/web/dist');
const size = (file: string) => (existsSync(file) ? statSync(file).size : NaN);

/** The entry script and the module preloads index.html names: what runs before the first page renders. */
function firstJavaScript(): { raw: number; gzip: number; brotli: number; files: number } {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
  ].map((m) => path.join(DIST, m[1]!));
  // A file too small to be worth a compressed copy goes out as it is.
  const sum = (suffix: string) =>
    files.reduce((n, f) => n + (existsSync(`${f}${suffix}`) ? size(`${f}${suffix}`) : size(f)), 0);
  return { raw: sum(''), gzip: sum('.gz'), brotli: sum('.br'), files: files.length };
}

export async function benchBundle(): Promise<BenchRow[]> {
  // Always a fresh build: the figures are the build's, not a stale dist's.
  const built = spawnSync('npm', ['run', 'build', '-w', '@lbs/web'], { cwd: REPO_ROOT, stdio: 'ignore' });
  if (built.status !== 0) throw new Error('web build failed');
  const first = firstJavaScript();
  const kb = (bytes: number) => bytes / 1024;
  const rows: BenchRow[] = [
    {
      bench: 'bundle',
      metric: `first JavaScript (${first.files} files), raw`,
      value: kb(first.raw),
      unit: 'KB',
    },
    { bench: 'bundle', metric: 'first JavaScript, gzip (goal ≤ 250 KB)', value: kb(first.gzip), unit: 'KB' },
    { bench: 'bundle', metric: 'first JavaScript, brotli', value: kb(first.brotli), unit: 'KB' },
  ];
  if (!existsSync(CHROMIUM_PATH)) {
    console.log(
      `bundle   wire figures skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)`,
    );
    return rows;
  }
  const { server, dispose } = await benchServer();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    const sizes: Promise<{ body: number; encoded: boolean }>[] = [];
    context.on('response', (response: Response) => {
      if (!response.url().startsWith(server.url)) return;
      sizes.push(
        (async () => {
          // A live stream (the Monitor's positions, the notifications) stays open: its size is known only once it
          // ends, which it may never do while the page is open (the whole bench run once waited on it for more
          // than ten minutes). What it sends before the map is drawn is its `ready` event, a few bytes: left out.
          if ((await response.headerValue('content-type').catch(() => null))?.startsWith('text/event-stream'))
            return { body: 0, encoded: false };
          const s = await response
            .request()
            .sizes()
            .catch(() => ({ responseBodySize: 0 }));
          const encoding = await response.headerValue('content-encoding').catch(() => null);
          return { body: s.responseBodySize, encoded: encoding !== null };
        })(),
      );
    });
    const page = await signIn(context, server.url, 'companyadmin');
    await acceptNoticeIfShown(page);
    await page.getByText(/^Showing [\d,]+ of [\d,]+$/).waitFor({ timeout: 120_000 });
    await page.locator('canvas.maplibregl-canvas').waitFor();
    // Until the answers settle: no new one for a second. (Not Playwright's "networkidle": the Monitor's live stream
    // stays open, so the network is never idle and the wait timed out.)
    let seen = -1;
    while (seen !== sizes.length) {
      seen = sizes.length;
      await page.waitForTimeout(1000);
    }
    const all = await Promise.all(sizes);
    const total = all.reduce((n, s) => n + s.body, 0);
    const encoded = all.filter((s) => s.encoded).reduce((n, s) => n + s.body, 0);
    rows.push(
      {
        bench: 'bundle',
        metric: `received to a drawn /monitor, cold cache, sign-in included (${all.length} responses; goal ≤ 800 KB)`,
        value: kb(total),
        unit: 'KB',
      },
      { bench: 'bundle', metric: 'of which sent compressed', value: kb(encoded), unit: 'KB' },
    );
    return rows;
  } finally {
    await browser.close();
    await dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const row of await benchBundle()) console.log(`${row.metric}: ${row.value.toFixed(1)} ${row.unit}`);
  process.exit(0);
}
