import type { Locator, Page } from 'playwright-core';
import { API_BASE_PATH, LOCAL_STORAGE_KEYS } from '@lbs/contracts';

/**
 * Helpers for the portal's forms and its API as a signed-in browser user. Form fields are found by their `name`
 * (react-hook-form's field path, stable across languages); buttons and texts by what the user reads.
 */

/** Fills a text field of the form on the page. */
export async function fillField(page: Page, name: string, value: string): Promise<void> {
  await page.locator(`form [name="${name}"]`).fill(value);
}

/**
 * Types into a picker field (MUI X, found by its form name) the way a person does: its first section, then the
 * sections' digits in turn (`keys`); waits until the field holds `shown` (in English).
 */
async function typeInPicker(scope: Page | Locator, name: string, keys: string, shown: string): Promise<void> {
  const field = scope.locator(`.MuiPickersTextField-root:has(input[name="${name}"])`);
  await field.getByRole('spinbutton').first().click();
  const page = 'keyboard' in scope ? scope : scope.page();
  await page.keyboard.type(keys);
  await field.locator(`input[name="${name}"][value="${shown}"]`).waitFor({ state: 'attached' });
}

/** Types a date (`YYYY-MM-DD`) into a date picker field, in the English order MM/DD/YYYY. */
export async function fillDate(scope: Page | Locator, name: string, isoDate: string): Promise<void> {
  const [year, month, day] = isoDate.split('-');
  await typeInPicker(scope, name, `${month}${day}${year}`, `${month}/${day}/${year}`);
}

/** Types a month (`YYYY-MM`) into a month picker field (MonthField) as MM/YYYY. */
export async function fillMonth(scope: Page | Locator, name: string, month: string): Promise<void> {
  const [year, mm] = month.split('-');
  await typeInPicker(scope, name, `${mm}${year}`, `${mm}/${year}`);
}

/**
 * Ticks the first `count` rows of the data grid on the page, one after another, each once the grid shows the one
 * before ticked. A grid's selection is its own state: the checkbox turns checked when the grid renders again, which
 * may come after the click has returned (Playwright's check() then reports that the click changed nothing).
 */
export async function tickRows(page: Page, count: number): Promise<void> {
  const selector = '.MuiDataGrid-row input[type="checkbox"]';
  await page.waitForSelector('.MuiDataGrid-row', { timeout: 30_000 });
  for (let i = 0; i < count; i++) {
    await page.locator(selector).nth(i).click();
    await page.waitForFunction(
      ([sel, n]) => (document.querySelectorAll(sel)[n] as HTMLInputElement | undefined)?.checked === true,
      [selector, i] as const,
      { timeout: 10_000, polling: 50 },
    );
  }
}

/** Picks an option of a company/department/zone/designation select (type-ahead, then the exact option). */
export async function pickEntity(page: Page, name: string, optionName: string): Promise<void> {
  const input = page.locator(`form input[name="${name}"]`);
  await input.click();
  await input.fill(optionName);
  await page.getByRole('option', { name: optionName, exact: true }).click();
}

/** The access token the portal keeps for the signed-in user (SPEC §9 `authData`). */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { accessToken?: string }).accessToken : undefined;
  }, LOCAL_STORAGE_KEYS.authData);
  if (!token) throw new Error('no access token in localStorage authData');
  return token;
}

/** Calls the backend with the signed-in user's bearer token, from the test process. */
export async function apiAs(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${baseUrl}${API_BASE_PATH}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
}

/** The numeric id at the end of the page's path (`/company-details/edit/12` → 12). */
export function idInUrl(page: Page): number {
  const match = /\/(\d+)(?:[/?#]|$)/.exec(new URL(page.url()).pathname);
  if (!match) throw new Error(`no id in ${page.url()}`);
  return Number(match[1]);
}
