import type { Page } from 'playwright-core';
import { isSidebarGroup, sidebarFor, type Role, type SidebarEntry } from '@lbs/contracts';

/** "Agree and Continue" in the portal's languages (a test may meet the notice in Arabic first). */
const AGREE =
  /^(Agree and Continue|الموافقة والمتابعة|Aceptar y continuar|Accepter et continuer|Accetta e continua|同意并继续)$/;

/** Ticks Accept and presses "Agree and Continue" on the privacy notice (it must be disabled before). */
export async function acceptNotice(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ state: 'visible', timeout: 30_000 });
  const agree = dialog.getByRole('button', { name: AGREE });
  if (!(await agree.isDisabled()))
    throw new Error('"Agree and Continue" must be disabled until Accept is ticked');
  await dialog.getByRole('checkbox').check();
  await agree.click();
  await dialog.waitFor({ state: 'detached', timeout: 30_000 });
}

/**
 * Accepts the privacy notice when it is shown: another test file may already have accepted it for this demo user
 * (acceptance is kept on the server), so a missing dialog is not an error here. The notice and the page's main region
 * are rendered together from the same answer (the signed-in user), so once either is on screen the notice is there
 * or will not come.
 */
export async function acceptNoticeIfShown(page: Page): Promise<void> {
  await page.locator('#main-content, [role="dialog"]').first().waitFor({ state: 'visible', timeout: 30_000 });
  if (await page.getByRole('dialog').isVisible()) await acceptNotice(page);
}

/** The sidebar a role must see, as hrefs in order, groups expanded (SPEC §2 via the shared table). */
export function expectedSidebarHrefs(role: Role, routePath: (routeId: string) => string): string[] {
  const hrefs: string[] = [];
  const visit = (entry: SidebarEntry) => {
    if (isSidebarGroup(entry)) entry.children.forEach(visit);
    else hrefs.push(routePath(entry.routeId));
  };
  sidebarFor(role).forEach(visit);
  return hrefs;
}

/** Expands every sidebar group and returns the hrefs of the sidebar's links in order. */
export async function sidebarHrefs(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation').first();
  await nav.waitFor({ state: 'visible' });
  const collapsed = nav.locator('button[aria-expanded="false"]');
  // Each click changes the set (the locator is live), so always open the first still-collapsed group.
  for (let guard = 0; (await collapsed.count()) > 0 && guard < 20; guard++) await collapsed.first().click();
  return nav
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

/**
 * Waits for the next minute of the clock. The simulated network's answer for a number (a fix, or "absent
 * subscriber" now and then) is stable within a minute, so asking again in the same minute cannot succeed.
 */
export async function nextNetworkMinute(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 60_000 - (Date.now() % 60_000) + 500));
}

/** How far a page's (first) list's columns reach beyond its width (px), either side: every column in view is 0. */
export async function gridOverflow(p: Page): Promise<number> {
  return p
    .locator('.MuiDataGrid-virtualScroller')
    .first()
    .evaluate((scroller) => {
      const box = scroller.getBoundingClientRect();
      const headers = Array.from(scroller.querySelectorAll('.MuiDataGrid-columnHeader')).map((h) =>
        h.getBoundingClientRect(),
      );
      return Math.max(0, ...headers.map((h) => Math.max(box.left - h.left, h.right - box.right)));
    });
}
