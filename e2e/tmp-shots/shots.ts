import { launchBrowser, signIn } from '../src/browser.ts';
import { acceptNoticeIfShown } from '../src/portal.ts';

const base = process.env['BASE'] ?? 'http://localhost:8097';
const user = process.env['USER_NAME'] ?? 'companyadmin';
const pages = (process.env['PAGES'] ?? '/attendance/list').split(',');
const locales = (process.env['LOCALES'] ?? 'en-US,ar-SA').split(',');
const click = process.env['CLICK'];
const browser = await launchBrowser();
for (const locale of locales) {
  const context = await browser.newContext({ locale, viewport: { width: 1440, height: 900 } });
  const page = await signIn(context, base, user, { path: pages[0] });
  await acceptNoticeIfShown(page);
  for (const p of pages) {
    await page.goto(`${base}${p}`);
    await page.waitForTimeout(4000);
    await acceptNoticeIfShown(page);
    if (click) {
      const target = page.getByText(click).first();
      if (await target.count()) {
        await target.click();
        await page.waitForTimeout(3000);
      }
    }
    const name = `${p.replace(/[^a-z0-9]+/gi, '_')}-${locale}`;
    await page.screenshot({ path: `/tmp/lbs-shot/${name}.png` });
    console.log('shot', name);
  }
  await context.close();
}
await browser.close();
