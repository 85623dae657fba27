import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { API_BASE_PATH, routeById } from '@lbs/contracts';
import { launchBrowser, signIn } from '../src/browser.ts';
import { accessTokenOf, apiAs, fillField, idInUrl, pickEntity } from '../src/forms.ts';
import { waitForMail } from '../src/mailbox.ts';
import { acceptNotice, acceptNoticeIfShown, expectedSidebarHrefs, sidebarHrefs } from '../src/portal.ts';

/**
 * The organisation issue end to end: a SuperAdmin builds a company through the screens, invites its Company Admin
 * (the invitation arrives over real SMTP), the invitee sets a password and signs in; the SuperAdmin adds an employee
 * number whose consent the employee grants by SMS; another company's admin sees none of it.
 */

const baseUrl = inject('baseUrl');
const mailboxUrl = inject('mailboxUrl');
const smsWebhookToken = inject('smsWebhookToken');

/** A valid, unused-looking French mobile number (+33 6 12 …: an allocated range; not every +33 6 block is). */
const frenchMobile = () => `+33612${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
const suffix = Date.now().toString(36).toUpperCase().slice(-6);
const COMPANY = { name: `Orbit Survey ${suffix}`, code: `ORB${suffix}` };
const DEPARTMENT = `Survey Crew ${suffix}`;
const DESIGNATION = `Surveyor ${suffix}`;
const ADMIN = {
  fullName: `Nadia Orbit ${suffix}`,
  username: `nadia.${suffix.toLowerCase()}`,
  email: `nadia.${suffix.toLowerCase()}@example.com`,
};
const ADMIN_PASSWORD = 'Welcome!2026orbit';
const EMPLOYEE = {
  number: frenchMobile(),
  name: `Elena Orbit ${suffix}`,
  code: `ORB-${suffix}`,
};
const IMPORTED = {
  number: frenchMobile(),
  name: `Imported Orbit ${suffix}`,
};
const NOT_FOUND = 'The requested item was not found.';

let browser: Browser;
let saContext: BrowserContext;
let sa: Page;
let companyId: number;
let msisdnId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  saContext = await browser.newContext({ locale: 'en-US' });
  sa = await signIn(saContext, baseUrl, 'superadmin');
  await acceptNoticeIfShown(sa);
});
afterEach(async (context) => {
  // A failed step leaves the SuperAdmin's page as it was, for the log.
  if (context.task.result?.state !== 'fail' || !sa) return;
  const file = path.join(tmpdir(), `lbs-e2e-organisation-${Date.now()}.png`);
  await sa.screenshot({ path: file, fullPage: true }).catch(() => {});
  console.error(`SuperAdmin page at ${sa.url()}: ${file}`);
});
afterAll(async () => {
  await browser?.close();
});

/** Submits the page's form and waits to leave `fromPath` (the forms go to the new item's page). */
async function submitAndLeave(page: Page, fromPath: string): Promise<void> {
  await Promise.all([
    page.waitForURL((url) => url.pathname !== fromPath, { timeout: 20_000 }),
    page.locator('form button[type="submit"]').click(),
  ]);
}

const consentChip = (page: Page) => page.locator('main [data-consent]').first();

describe('organisation: company, invitation, MSISDN consent and tenant isolation', () => {
  it('SuperAdmin creates a company, a department and (for the form) a designation through the screens', async () => {
    await sa.goto(`${baseUrl}${routeById('companyAdd').path}`);
    await fillField(sa, 'name', COMPANY.name);
    await fillField(sa, 'code', COMPANY.code);
    await submitAndLeave(sa, routeById('companyAdd').path);
    companyId = idInUrl(sa);

    for (const [routeId, name] of [
      ['departmentAdd', DEPARTMENT],
      ['designationAdd', DESIGNATION],
    ] as const) {
      await sa.goto(`${baseUrl}${routeById(routeId).path}`);
      await pickEntity(sa, 'companyId', COMPANY.name);
      await fillField(sa, 'name', name);
      await submitAndLeave(sa, routeById(routeId).path);
      await sa.getByText(name).first().waitFor();
    }

    const token = await accessTokenOf(sa);
    const departments = await apiAs(baseUrl, token, 'GET', `/departments?companyId=${companyId}`);
    expect((departments.json as { items: { name: string }[] }).items.map((d) => d.name)).toEqual([
      DEPARTMENT,
    ]);
  });

  it('SuperAdmin invites a Company Admin; the invitee sets a password from the e-mail and signs in', async () => {
    await sa.goto(`${baseUrl}${routeById('userAdd').path}`);
    await fillField(sa, 'fullName', ADMIN.fullName);
    await fillField(sa, 'username', ADMIN.username);
    await fillField(sa, 'email', ADMIN.email);
    await sa.locator('form input[name="roles"]').locator('xpath=..').getByRole('combobox').click();
    await sa.getByRole('option', { name: 'Company Admin' }).click();
    await sa.keyboard.press('Escape');
    await pickEntity(sa, 'companyId', COMPANY.name);
    await submitAndLeave(sa, routeById('userAdd').path);

    const mail = await waitForMail(mailboxUrl, ADMIN.email);
    expect(mail.subject).toBe('Your LBS Portal account: security code');
    const code = /security code is (\d{6})\./.exec(mail.text)?.[1];
    const link = /(https?:\/\/\S+\/set-password\?email=\S+)/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(link).toBe(`${baseUrl}/set-password?email=${encodeURIComponent(ADMIN.email)}`);

    const context = await browser.newContext({ locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.goto(link!);
      expect(await page.locator('form [name="email"]').inputValue()).toBe(ADMIN.email);
      await fillField(page, 'code', code!);
      await fillField(page, 'password', ADMIN_PASSWORD);
      await fillField(page, 'confirmPassword', ADMIN_PASSWORD);
      await page.locator('form button[type="submit"]').click();
      await page.getByText('Password set successfully').waitFor({ timeout: 20_000 });

      const portal = await signIn(context, baseUrl, ADMIN.username, { password: ADMIN_PASSWORD });
      expect(new URL(portal.url()).pathname).toBe('/monitor');
      await acceptNotice(portal);
      expect(await sidebarHrefs(portal)).toEqual(
        expectedSidebarHrefs('CompanyAdmin', (id) => routeById(id).path),
      );
      await portal.getByRole('button', { name: new RegExp(ADMIN.fullName) }).waitFor();
    } catch (error) {
      for (const [i, p] of context.pages().entries()) {
        const file = path.join(tmpdir(), `lbs-e2e-invitee-${i}-${Date.now()}.png`);
        await p.screenshot({ path: file, fullPage: true }).catch(() => {});
        console.error(`invitee page ${i} at ${p.url()}: ${file}`);
      }
      throw error;
    } finally {
      await context.close();
    }
  });

  it('SuperAdmin adds an employee MSISDN: consent PENDING, the SMS reply YES grants it', async () => {
    await sa.goto(`${baseUrl}${routeById('msisdnAdd').path}`);
    await pickEntity(sa, 'companyId', COMPANY.name);
    await fillField(sa, 'msisdn', '12');
    await fillField(sa, 'employeeName', EMPLOYEE.name);
    await sa.locator('form button[type="submit"]').click();
    // the shared rule of contracts, before any request
    await sa.getByText('Enter a valid phone number').waitFor();
    await fillField(sa, 'msisdn', EMPLOYEE.number);
    await fillField(sa, 'employeeCode', EMPLOYEE.code);
    await pickEntity(sa, 'departmentId', DEPARTMENT);
    await pickEntity(sa, 'designationId', DESIGNATION);
    await submitAndLeave(sa, routeById('msisdnAdd').path);

    expect(new URL(sa.url()).pathname).toMatch(/^\/msisdn-details\/\d+$/);
    msisdnId = idInUrl(sa);
    await sa.getByText(`A consent request SMS was sent to ${EMPLOYEE.number}`, { exact: false }).waitFor();
    expect(await consentChip(sa).getAttribute('data-consent')).toBe('PENDING');
    await sa.getByRole('button', { name: 'Resend consent request' }).waitFor();

    const reply = await fetch(`${baseUrl}${API_BASE_PATH}/sms/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-token': smsWebhookToken },
      body: JSON.stringify({ from: EMPLOYEE.number, text: 'YES' }),
    });
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ handled: true, consentStatus: 'GRANTED' });

    await sa.reload();
    await expect
      .poll(() => consentChip(sa).getAttribute('data-consent'), { timeout: 15_000 })
      .toBe('GRANTED');
    expect(await consentChip(sa).textContent()).toContain('Granted');
    expect(await sa.getByRole('button', { name: 'Resend consent request' }).count()).toBe(0);

    await sa.goto(`${baseUrl}${routeById('msisdnList').path}?q=${encodeURIComponent(EMPLOYEE.code)}`);
    const row = sa.getByRole('row', { name: new RegExp(EMPLOYEE.name) });
    await row.waitFor();
    expect(await row.locator('[data-consent]').getAttribute('data-consent')).toBe('GRANTED');
  });

  it('SuperAdmin imports a CSV for the company through the dialog: counts and the row error report', async () => {
    const csv = [
      'msisdn,employeeName,employeeCode,department,designation',
      `${IMPORTED.number},${IMPORTED.name},ORB-IMP,${DEPARTMENT},${DESIGNATION}`,
      `12,Bad Number,ORB-BAD,${DEPARTMENT},${DESIGNATION}`,
      `${EMPLOYEE.number},Taken Number,ORB-DUP,No Such Department,${DESIGNATION}`,
    ].join('\n');
    await sa.goto(`${baseUrl}${routeById('msisdnList').path}`);
    await sa.getByRole('button', { name: 'Import' }).click();
    const dialog = sa.getByRole('dialog', { name: 'Import employee MSISDNs' });
    const company = dialog.getByRole('combobox', { name: 'Company' });
    await company.click();
    await company.fill(COMPANY.name);
    await sa.getByRole('option', { name: COMPANY.name, exact: true }).click();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'orbit.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Upload and import' }).click();
    await dialog.getByText('Import finished: 1 of 3 rows imported.').waitFor({ timeout: 30_000 });
    const counts = await dialog
      .locator('[data-count]')
      .evaluateAll((els) => els.map((el) => [el.getAttribute('data-count'), el.textContent]));
    expect(counts).toEqual([
      ['total', '3'],
      ['succeeded', '1'],
      ['failed', '2'],
    ]);
    const rows = await dialog
      .getByRole('table', { name: 'Error report' })
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent)));
    expect(rows).toEqual([
      ['3', 'Mobile number', 'Enter a valid phone number'],
      ['4', 'Department', 'Department not found in this company'],
    ]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await sa.getByRole('searchbox').fill(IMPORTED.name);
    await sa.getByRole('grid').getByText(IMPORTED.name).waitFor();
  });

  it('companyadmin2 (another company) sees nothing of it: lists, details URL and API answer 404', async () => {
    const saToken = await accessTokenOf(sa);
    const alpha = (await apiAs(baseUrl, saToken, 'GET', '/companies?q=ALPHA')).json as {
      items: { id: number; name: string }[];
    };
    const alphaId = alpha.items.find((c) => c.name === 'Alpha Logistics')!.id;
    const alphaNumber = (
      (await apiAs(baseUrl, saToken, 'GET', `/msisdns?companyId=${alphaId}&size=1`)).json as {
        items: { id: number; msisdn: string; employeeName: string }[];
      }
    ).items[0]!;

    const context = await browser.newContext({ locale: 'en-US' });
    try {
      const page = await signIn(context, baseUrl, 'companyadmin2');
      await acceptNoticeIfShown(page);

      await page.goto(`${baseUrl}${routeById('msisdnList').path}`);
      const grid = page.getByRole('grid');
      await grid.getByRole('row').nth(1).waitFor();
      const listed = await grid.innerText();
      for (const foreign of [EMPLOYEE.number, EMPLOYEE.name, alphaNumber.msisdn, alphaNumber.employeeName])
        expect(listed).not.toContain(foreign);
      for (const q of [EMPLOYEE.number, alphaNumber.employeeName]) {
        await page.goto(`${baseUrl}${routeById('msisdnList').path}?q=${encodeURIComponent(q)}`);
        await page.getByText('No Record Found').waitFor();
      }

      await page.goto(`${baseUrl}${routeById('companyList').path}`);
      await page.getByRole('grid').getByText('Beta Construction').waitFor();
      const companies = await page.getByRole('grid').innerText();
      expect(companies).not.toContain(COMPANY.name);
      expect(companies).not.toContain('Alpha Logistics');

      for (const id of [msisdnId, alphaNumber.id]) {
        await page.goto(`${baseUrl}/msisdn-details/${id}`);
        await page.locator('main').getByText(NOT_FOUND).waitFor();
        expect(await page.locator('main').innerText()).not.toContain(
          id === msisdnId ? EMPLOYEE.name : alphaNumber.employeeName,
        );
      }

      const token = await accessTokenOf(page);
      for (const id of [msisdnId, alphaNumber.id]) {
        const answer = await apiAs(baseUrl, token, 'GET', `/msisdns/${id}`);
        expect(answer.status).toBe(404);
        expect(answer.json).toMatchObject({ status: 404, code: 'problem.notFound' });
      }
      expect((await apiAs(baseUrl, token, 'GET', `/companies/${companyId}`)).status).toBe(404);
    } finally {
      await context.close();
    }
  });

  it('a department that is not there, or another company’s, shows the not-found page with the way back to the list', async () => {
    /** The page's not-found state: the message, the link back to the department list, no Retry. */
    const expectNotFound = async (page: Page, path: string) => {
      await page.goto(`${baseUrl}${path}`);
      const main = page.locator('main');
      await main.getByText(NOT_FOUND).waitFor();
      expect(await main.getByRole('link', { name: 'Back to the list' }).getAttribute('href')).toBe(
        routeById('departmentList').path,
      );
      expect(await main.getByRole('button', { name: 'Retry' }).count()).toBe(0);
      expect(await main.innerText()).not.toContain('Some fields are not valid');
    };

    await expectNotFound(sa, '/department-details/abc');
    await expectNotFound(sa, '/department-details/edit/abc');

    const saToken = await accessTokenOf(sa);
    const alpha = (await apiAs(baseUrl, saToken, 'GET', '/companies?q=ALPHA')).json as {
      items: { id: number; name: string }[];
    };
    const alphaId = alpha.items.find((c) => c.name === 'Alpha Logistics')!.id;
    const alphaDepartment = (
      (await apiAs(baseUrl, saToken, 'GET', `/departments?companyId=${alphaId}&size=1`)).json as {
        items: { id: number; name: string }[];
      }
    ).items[0]!;

    const context = await browser.newContext({ locale: 'en-US' });
    try {
      const page = await signIn(context, baseUrl, 'companyadmin2');
      await acceptNoticeIfShown(page);
      const answer = await apiAs(
        baseUrl,
        await accessTokenOf(page),
        'GET',
        `/departments/${alphaDepartment.id}`,
      );
      expect(answer.status).toBe(404);
      for (const path of [
        `/department-details/${alphaDepartment.id}`,
        `/department-details/edit/${alphaDepartment.id}`,
      ]) {
        await expectNotFound(page, path);
        expect(await page.locator('main').innerText()).not.toContain(alphaDepartment.name);
      }
      // The way back leads to the caller's own list.
      await page.locator('main').getByRole('link', { name: 'Back to the list' }).click();
      await page.waitForURL((url) => url.pathname === routeById('departmentList').path);
      await page.getByRole('grid').getByRole('row').nth(1).waitFor();
      expect(await page.getByRole('grid').innerText()).not.toContain(alphaDepartment.name);
    } finally {
      await context.close();
    }
  });
});

describe('organisation: finding what was created (issue 19)', () => {
  it('SuperAdmin finds the company it created through its directory, /operator/companies, and opens it', async () => {
    await sa.goto(`${baseUrl}${routeById('monitor').path}`);
    const nav = sa.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Companies', exact: true }).click();
    await sa.waitForURL((url) => url.pathname === routeById('operatorCompanies').path);
    await sa.getByRole('heading', { level: 1, name: 'Companies' }).waitFor();

    await sa.getByRole('searchbox').fill(COMPANY.code.toLowerCase());
    await sa.waitForURL((url) => url.searchParams.get('q') === COMPANY.code.toLowerCase());
    const grid = sa.getByRole('grid', { name: 'Companies' });
    const row = grid.getByRole('row', { name: new RegExp(COMPANY.name) });
    await row.waitFor();
    // the search reached the server: this company alone
    await expect.poll(() => grid.locator('[role="row"][data-id]').count(), { timeout: 30_000 }).toBe(1);

    await row.getByText(COMPANY.name).click();
    await sa.waitForURL((url) => url.pathname === `/company-details/edit/${companyId}`);
    await sa.getByRole('heading', { level: 1, name: `Edit Company: ${COMPANY.name}` }).waitFor();
  });

  it('CompanyAdmin adds a zone from its company’s details and sees it listed there', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const zone = `East Gate ${suffix}`;
    try {
      const page = await signIn(context, baseUrl, 'companyadmin');
      await acceptNoticeIfShown(page);
      await page.goto(`${baseUrl}${routeById('companyList').path}`);
      await page.getByRole('grid').getByText('Alpha Logistics').click();
      await page.waitForURL((url) => /^\/company-details\/\d+$/.test(url.pathname));
      const detailsPath = new URL(page.url()).pathname;
      const departments = page.getByRole('grid', { name: 'Departments' });
      // the seed's Field Operations has employee MSISDNs: its count is the server's
      await departments.getByRole('row', { name: /Field Operations/ }).waitFor();

      const zones = page.getByRole('grid', { name: 'Zones' });
      await zones.getByRole('row', { name: /North/ }).waitFor();
      await page.getByRole('link', { name: 'Add Zone' }).click();
      await page.waitForURL((url) => url.pathname === routeById('zoneAdd').path);
      await fillField(page, 'name', zone);
      await submitAndLeave(page, routeById('zoneAdd').path);
      expect(new URL(page.url()).pathname).toBe(detailsPath);
      await page.getByText(`Zone “${zone}” created`).waitFor();
      const added = zones.getByRole('row', { name: new RegExp(zone) });
      await added.waitFor();
      expect(await added.locator('[data-field="msisdnCount"]').innerText()).toBe('0');
    } finally {
      await context.close();
    }
  });
});
