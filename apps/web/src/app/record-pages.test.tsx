import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { canOpenRouteId, ROUTES, type Role, type RouteDef } from '@lbs/contracts';
import { jsonResponse } from '../lib/auth/test-helpers.ts';
import { orgUnitAbilitiesFor } from '../test/abilities.ts';
import { problem, renderApp, setupSignedInTests, testUser } from '../test/render-app.tsx';

/**
 * Every details and edit page of the shared route table (each `:id` route) reads its record the same way
 * (components/route-record.tsx): a record that is not there says so, with the way back to its list and no Retry.
 */

setupSignedInTests();

const NOT_FOUND = 'The requested item was not found.';
const RECORD_ROUTES = ROUTES.filter((r) => r.path.includes(':id'));

/**
 * The list a record of `route` belongs to, among those the role may open (first of its area in the table): the SPEC's
 * lists, and the operator's directories (a SuperAdmin's way back to companies, users and invoices).
 */
const listOf = (route: RouteDef, role: Role) =>
  ROUTES.find(
    (r) =>
      r.area === route.area &&
      !r.path.includes(':id') &&
      /(List|Invoices|Companies|Users)$/.test(r.id) &&
      canOpenRouteId(r.id, role),
  );

/** A role that may open the page, preferably one that may open its list too. */
const roleFor = (route: RouteDef): Role => route.roles.find((r) => listOf(route, r)) ?? route.roles[0]!;

async function expectNotFoundState(route: RouteDef, role: Role) {
  expect((await screen.findAllByText(NOT_FOUND)).length).toBeGreaterThan(0);
  const list = listOf(route, role);
  const back = screen.queryByRole('link', { name: 'Back to the list' });
  if (list) expect(back).toHaveAttribute('href', list.path);
  else expect(back).toBeNull();
  expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  expect(screen.queryByText('Some fields are not valid')).toBeNull();
}

describe.each(RECORD_ROUTES.map((route) => [route.path, route] as const))('%s', (_path, route) => {
  const role = roleFor(route);

  it('an id that is no id (abc): not found, back to the list, no Retry, and the server is not asked', async () => {
    const { apiCalls } = renderApp(route.path.replace(':id', 'abc'), testUser(role));
    await expectNotFoundState(route, role);
    expect(apiCalls().filter((c) => c.url.pathname.includes('abc'))).toEqual([]);
  });

  it('an id the server answers 404 for (unknown, or another company’s): the same not-found state', async () => {
    const { apiCalls } = renderApp(route.path.replace(':id', '987'), testUser(role), (url) =>
      url.pathname.endsWith('/987') ? problem(404, 'problem.notFound') : undefined,
    );
    await expectNotFoundState(route, role);
    expect(apiCalls().some((c) => c.url.pathname.endsWith('/987'))).toBe(true);
  });
});

describe('a record page whose request failed otherwise', () => {
  const department = {
    id: 5,
    companyId: 1,
    companyName: 'Alpha Logistics',
    name: 'Field Operations',
    description: null,
    msisdnCount: 0,
    abilities: orgUnitAbilitiesFor('CompanyAdmin', 'department'),
    createdAt: '2025-01-01T08:00:00.000Z',
    updatedAt: '2025-01-02T08:00:00.000Z',
  };

  it('offers Retry where retrying can help (the server failed), and Retry loads it', async () => {
    let failing = true;
    renderApp('/department-details/5', testUser('CompanyAdmin'), (url) => {
      if (!url.pathname.endsWith('/departments/5')) return undefined;
      return failing ? problem(503, 'problem.unavailable') : jsonResponse(department);
    });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.queryByText(NOT_FOUND)).toBeNull();
    failing = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Field Operations' })).toBeInTheDocument();
  });

  it('no Retry for a refusal (403): asking again gets the same answer', async () => {
    renderApp('/department-details/5', testUser('CompanyAdmin'), (url) =>
      url.pathname.endsWith('/departments/5') ? problem(403, 'auth.forbidden') : undefined,
    );
    await screen.findByRole('alert');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull());
    expect(screen.queryByText(NOT_FOUND)).toBeNull();
  });
});
