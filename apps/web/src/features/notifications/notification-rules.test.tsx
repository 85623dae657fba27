import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationRule } from '@lbs/contracts';
import { switchLanguage } from '../../i18n/index.ts';
import { jsonResponse } from '../../lib/auth/test-helpers.ts';
import { problem, renderApp, setupSignedInTests, testUser } from '../../test/render-app.tsx';
import { testRule } from './testing/rule-fixture.ts';

const rule = testRule();
const consent: NotificationRule = {
  ...rule,
  id: 1,
  defaultKey: 'consent',
  name: 'Consent changes',
  eventTypes: ['CONSENT_GRANTED', 'CONSENT_REVOKED'],
  recipients: { users: [], roles: ['CompanyAdmin'] },
  throttle: { mode: 'NONE', minIntervalMinutes: 0 },
  active: false,
  abilities: { update: false, delete: false },
};
const pageOf = (items: NotificationRule[]) => jsonResponse({ items, total: items.length, page: 1, size: 20 });
const usersPage = jsonResponse({ items: [], total: 0, page: 1, size: 50 });

setupSignedInTests();

describe('/notification-rules', () => {
  it('lists the rules with translated events, channels and recipients; deletes only where the server allows', async () => {
    const { apiCalls } = renderApp('/notification-rules', testUser('CompanyAdmin'), (url, init) => {
      if (url.pathname.endsWith('/notification-rules/4') && init?.method === 'DELETE')
        return new Response(null, { status: 204 });
      if (url.pathname.endsWith('/notification-rules')) return pageOf([rule, consent]);
      return undefined;
    });
    const grid = await screen.findByRole('grid', { name: 'Notification Rules' });
    expect(await within(grid).findByRole('link', { name: 'Arrivals at City Mall' })).toHaveAttribute(
      'href',
      '/notification-rules/4',
    );
    // Lists read as the language writes them ("… and …").
    expect(within(grid).getByText('Consent given and Consent withdrawn')).toBeInTheDocument();
    expect(within(grid).getAllByText('In the portal and E-mail')).toHaveLength(2);
    expect(within(grid).getByText('Company Admin and Sara Admin')).toBeInTheDocument();
    expect(within(grid).getByText('Default rule')).toBeInTheDocument();
    expect(within(grid).getByText('Paused')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add rule' })).toHaveAttribute('href', '/notification-rules/new');
    // One delete button: the default consent rule's abilities say no.
    const deletes = within(grid).getAllByRole('button', { name: 'Delete' });
    expect(deletes).toHaveLength(1);
    fireEvent.click(deletes[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Delete the rule “Arrivals at City Mall”\?/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Rule deleted')).toBeInTheDocument();
    expect(
      apiCalls()
        .filter((c) => c.init?.method === 'DELETE')
        .map((c) => c.url.pathname),
    ).toEqual(['/api/v1/lbs-backend/notification-rules/4']);
  });

  it('joins the lists of a rule as Arabic does, with no Latin comma', async () => {
    renderApp('/notification-rules', testUser('CompanyAdmin'), (url) =>
      url.pathname.endsWith('/notification-rules') ? pageOf([rule]) : undefined,
    );
    await screen.findByRole('grid', { name: 'Notification Rules' });
    await act(() => switchLanguage('ar-SA'));
    try {
      const grid = await screen.findByRole('grid', { name: 'قواعد الإشعارات' });
      expect(await within(grid).findByText('داخل البوابة والبريد الإلكتروني')).toBeInTheDocument();
      expect(grid.textContent).not.toContain(',');
    } finally {
      await act(() => switchLanguage('en-US'));
    }
  });

  it('/notification-rules/new shows the contracts’ messages, then the server’s field errors, then creates', async () => {
    let attempts = 0;
    const { apiCalls, router } = renderApp(
      '/notification-rules/new',
      testUser('CompanyAdmin'),
      (url, init) => {
        if (url.pathname.endsWith('/users')) return usersPage;
        if (url.pathname.endsWith('/notification-rules') && init?.method === 'POST') {
          attempts++;
          if (attempts === 1)
            return problem(400, 'problem.validation', [
              { path: 'name', code: 'validation.nameRequired', message: 'x' },
            ]);
          return jsonResponse({ ...rule, id: 9, name: 'Late arrivals' }, 201);
        }
        if (url.pathname.endsWith('/notification-rules')) return pageOf([]);
        return undefined;
      },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Create rule' }));
    expect(await screen.findByText('Choose at least one event')).toBeInTheDocument();
    expect(screen.getByText('Add at least one recipient: a user or a role')).toBeInTheDocument();
    expect(apiCalls().filter((c) => c.init?.method === 'POST')).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: 'Late arrivals' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Events/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Late arrival' }));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Recipient roles/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Zone Admin' }));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Create rule' }));
    // The server's answer lands on its field, in the user's language.
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create rule' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notification-rules'));
    expect(await screen.findByText('Rule “Late arrivals” created')).toBeInTheDocument();
    const posts = apiCalls().filter((c) => c.init?.method === 'POST');
    expect(JSON.parse(String(posts.at(-1)!.init!.body))).toEqual({
      name: 'Late arrivals',
      eventTypes: ['ATTENDANCE_LATE'],
      channels: ['IN_APP'],
      filters: {
        poiIds: [],
        poiCategoryIds: [],
        msisdnIds: [],
        departmentIds: [],
        zoneIds: [],
        designationIds: [],
      },
      recipients: { userIds: [], roles: ['ZoneAdmin'] },
      activeHours: null,
      throttle: { mode: 'NONE', minIntervalMinutes: 0 },
      digest: 'IMMEDIATE',
      maxAgeMinutes: 15,
      active: true,
    });
  });

  it('/notification-rules/{id} saves the changed rule with PATCH, its filters and hours as they were', async () => {
    const { apiCalls } = renderApp('/notification-rules/4', testUser('CompanyAdmin'), (url, init) => {
      if (url.pathname.endsWith('/users')) return usersPage;
      if (url.pathname.endsWith('/notification-rules/4') && init?.method === 'PATCH')
        return jsonResponse({ ...rule, throttle: { mode: 'MSISDN_POI', minIntervalMinutes: 60 } });
      if (url.pathname.endsWith('/notification-rules/4')) return jsonResponse(rule);
      if (url.pathname.endsWith('/notification-rules')) return pageOf([rule]);
      return undefined;
    });
    const name = await screen.findByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Arrivals at City Mall');
    expect(screen.getByRole('spinbutton', { name: /Minimum interval/ })).toHaveValue(30);
    expect(screen.getByText('Sara Admin')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('spinbutton', { name: /Minimum interval/ }), {
      target: { value: '60' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Rule “Arrivals at City Mall” saved')).toBeInTheDocument();
    const patch = apiCalls().find((c) => c.init?.method === 'PATCH')!;
    const body = JSON.parse(String(patch.init!.body)) as Record<string, unknown>;
    expect(body['throttle']).toEqual({ mode: 'MSISDN_POI', minIntervalMinutes: 60 });
    expect(body['recipients']).toEqual({ userIds: [2], roles: ['CompanyAdmin'] });
    // Filters and active hours untouched on the form: sent as they were stored.
    expect(body['filters']).toEqual(rule.filters);
    expect(body['activeHours']).toBeNull();
    expect(body).not.toHaveProperty('companyId');
  });

  it('/notification-rules/{id} of a rule the server does not let the user change is shown read-only', async () => {
    renderApp('/notification-rules/1', testUser('DepartmentAdmin'), (url) => {
      if (url.pathname.endsWith('/users')) return usersPage;
      if (url.pathname.endsWith('/notification-rules/1')) return jsonResponse(consent);
      return undefined;
    });
    expect(await screen.findByText('You can see this rule but not change it.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
