import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
/**
 * Headless without a GPU: WebGL 2 (the Monitor's MapLibre map) runs on SwiftShader, Chromium's software renderer, in
 * the GPU process (--use-angle=swiftshader; --enable-unsafe-swiftshader opts into it explicitly, the silent fallback
 * being deprecated). No --disable-gpu: with it the compositor reads every WebGL frame back to the main thread
 * (GLES2::ReadPixels), several times slower.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export const DEMO_PASSWORD = 'Demo!2345';

/** Opens `path` anonymously, signs in on the embedded provider's page, and waits to be back in the portal. */
export async function signIn(
  context: BrowserContext,
  baseUrl: string,
  username: string,
  options: { path?: string; password?: string } = {},
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}${options.path ?? '/monitor'}`);
  await page.waitForURL((url) => url.pathname.includes('/realms/lbs/'), { timeout: 30_000 });
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', options.password ?? DEMO_PASSWORD);
  await Promise.all([
    page.waitForURL(
      (url) =>
        url.origin === baseUrl &&
        !url.pathname.startsWith('/realms/') &&
        !url.pathname.startsWith('/authenticate'),
      {
        timeout: 30_000,
      },
    ),
    page.click('button[type="submit"]'),
  ]);
  return page;
}
