import { afterAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { switchLanguage } from '../../i18n/index.ts';
import { jsonResponse } from '../../lib/auth/test-helpers.ts';
import { problem, renderApp, setupSignedInTests, testUser } from '../../test/render-app.tsx';

/**
 * Field messages name their limit, in the user's language: the form's own check (the shared zod schema) and the
 * server's problem+json field errors (`code` + `params`) alike; an empty required field says it is required.
 */
setupSignedInTests();
afterAll(() => switchLanguage('en-US'));

const superAdmin = testUser('SuperAdmin', { companyId: null, companyName: null });
const lookups = (url: URL) =>
  /\/(departments|zones|designations|companies)$/.test(url.pathname)
    ? jsonResponse({ items: [], total: 0, page: 1, size: 100 })
    : undefined;

function inArabic() {
  localStorage.setItem('settings', JSON.stringify({ locale: 'ar-SA' }));
}

/** Fills the add-user form validly (a SuperAdmin with the Super Admin role) and submits it. */
async function submitValidUser() {
  fireEvent.change(await screen.findByRole('textbox', { name: /^Full name/ }), {
    target: { value: 'Ada Lovelace' },
  });
  fireEvent.change(screen.getByRole('textbox', { name: /^User name/ }), { target: { value: 'ada' } });
  fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), {
    target: { value: 'ada@example.com' },
  });
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Roles/ }));
  fireEvent.click(await screen.findByRole('option', { name: 'Super Admin' }));
  fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
  fireEvent.click(screen.getByRole('button', { name: 'Create and send invitation' }));
}

describe('user form messages', () => {
  it('English: a too-long name names the limit; an empty user name is required', async () => {
    renderApp('/user/add', superAdmin, lookups);
    const fullName = await screen.findByRole('textbox', { name: /^Full name/ });
    fireEvent.change(fullName, { target: { value: 'x'.repeat(121) } });
    fireEvent.click(screen.getByRole('button', { name: 'Create and send invitation' }));
    expect(await screen.findByText('At most 120 characters')).toBeInTheDocument();
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.queryByText('Username is not valid')).toBeNull();
    expect(screen.queryByText('Too long')).toBeNull();
  });

  it('English: the server’s field error carries its limit (params), and the form shows it', async () => {
    renderApp('/user/add', superAdmin, (url, init) => {
      if (url.pathname.endsWith('/users') && init?.method === 'POST')
        return jsonResponse(
          {
            type: 'urn:lbs:problem:problem.validation',
            title: 'Bad Request',
            status: 400,
            code: 'problem.validation',
            errors: [
              {
                path: 'address',
                code: 'validation.tooLong',
                params: { max: 300 },
                message: 'At most 300 characters',
              },
            ],
          },
          400,
        );
      return lookups(url);
    });
    await submitValidUser();
    expect(await screen.findByText('At most 300 characters')).toBeInTheDocument();
  });

  it('Arabic: the limit is named in Arabic, with Arabic digits; the empty user name is required', async () => {
    inArabic();
    renderApp('/user/add', superAdmin, lookups);
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    const fullName = await screen.findByRole('textbox', { name: /^الاسم الكامل/ });
    fireEvent.change(fullName, { target: { value: 'x'.repeat(121) } });
    fireEvent.click(screen.getByRole('button', { name: 'إنشاء وإرسال الدعوة' }));
    expect(await screen.findByText('يجب ألا يتجاوز عدد الأحرف ١٢٠')).toBeInTheDocument();
    expect(screen.getByText('اسم المستخدم مطلوب')).toBeInTheDocument();
  });

  it('a server problem without a matching field lists the message with its limit in the alert', async () => {
    renderApp('/user/add', superAdmin, (url, init) => {
      if (url.pathname.endsWith('/users') && init?.method === 'POST')
        return problem(400, 'problem.validation', [
          {
            path: 'nickname',
            code: 'validation.tooLong',
            message: 'At most 40 characters',
            params: { max: 40 },
          },
        ]);
      return lookups(url);
    });
    await submitValidUser();
    expect(await screen.findByText('At most 40 characters')).toBeInTheDocument();
  });
});
