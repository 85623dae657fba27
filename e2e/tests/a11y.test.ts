import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MESSAGES, ROUTES, type Role } from '@lbs/contracts';
import arabicErrors from '../../apps/web/src/i18n/errors/ar-SA.ts';
import { auditRole, type RoleAudit } from '../src/a11y.ts';
import { launchBrowser } from '../src/browser.ts';

/**
 * WCAG 2.2 AA in the browser (issue 19): every route of the SPEC table each role may open, and the sign-in page, in
 * English and in Arabic (right to left), checked with axe-core — no violation of impact serious or critical, and no
 * content outside a landmark — and, in Arabic, by a contrast check of our own (axe skips joined Arabic text): every
 * visible text node against its effective background, 4.5:1 (3:1 for large text). Param routes open the first item
 * the role's own API list returns. Each role signs in once per language and moves inside the single-page app. No page
 * shows an interface key instead of its text (a string of an area the page did not declare).
 */

const baseUrl = inject('baseUrl');

const ACCOUNTS: { username: string; role: Role }[] = [
  { username: 'superadmin', role: 'SuperAdmin' },
  { username: 'companyadmin', role: 'CompanyAdmin' },
  { username: 'deptadmin', role: 'DepartmentAdmin' },
  { username: 'zoneadmin', role: 'ZoneAdmin' },
];
const LOCALES = ['en-US', 'ar-SA'] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The heading of the page shown instead of one the role may not open, by language. */
const UNAUTHORIZED: Record<(typeof LOCALES)[number], string> = {
  'en-US': MESSAGES['error.unauthorizedPage'],
  'ar-SA': arabicErrors['error.unauthorizedPage']!,
};

/**
 * One line per problem: where (role, locale, route, path), which rule, which elements. A route of the role's table
 * that showed the Unauthorized page or ended elsewhere than its path is one too (the shell suite loads each route
 * from its address only for its share of the roles; every role opens every route of its table here).
 */
function problemsOf(role: Role, locale: (typeof LOCALES)[number], audit: RoleAudit): string[] {
  const lines: string[] = [];
  for (const page of audit.pages) {
    const where = `${role} ${locale} ${page.route} ${page.path}`;
    if (page.route !== 'login') {
      if (page.location !== page.path) lines.push(`${where}: ended at ${page.location}`);
      if (page.heading === UNAUTHORIZED[locale]) lines.push(`${where}: shows the Unauthorized page`);
    }
    for (const finding of page.axe)
      lines.push(`${where}: axe ${finding.rule} (${finding.impact}) on ${finding.targets.join(' | ')}`);
    if (page.outsideLandmarks.length > 0)
      lines.push(`${where}: axe region (content outside landmarks) on ${page.outsideLandmarks.join(' | ')}`);
    for (const key of page.untranslated) lines.push(`${where}: untranslated key ${key}`);
    if (page.overflowX > 0)
      lines.push(`${where}: ${page.overflowX} px wider than the window (scrolls sideways)`);
    for (const c of page.contrast)
      lines.push(
        `${where}: contrast ${c.ratio}:1 < ${c.required}:1, ${c.foreground} on ${c.background}, "${c.text}" at ${c.target}`,
      );
  }
  return lines;
}

describe.each(ACCOUNTS)('as $username ($role)', ({ username, role }) => {
  it('every route of its table and the sign-in page pass axe and the contrast check, in English and Arabic', async () => {
    // The two languages side by side: two browser contexts, each signed in once.
    const audits = await Promise.all(
      LOCALES.map(async (locale) => ({
        locale,
        audit: await auditRole(browser, baseUrl, username, role, locale),
      })),
    );
    const expected = ['login', ...ROUTES.filter((r) => r.roles.includes(role)).map((r) => r.id)];
    for (const { locale, audit } of audits) {
      expect(audit.unresolved, `${role} ${locale}: param routes without an item to open`).toEqual([]);
      expect(
        audit.pages.map((p) => p.route),
        `${role} ${locale}: routes audited`,
      ).toEqual(expected);
    }
    expect(audits.flatMap(({ locale, audit }) => problemsOf(role, locale, audit))).toEqual([]);
  }, 600_000);
});
