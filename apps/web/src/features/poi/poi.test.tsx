import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Poi, PoiAssignment } from '@lbs/contracts';
import { jsonResponse } from '../../lib/auth/test-helpers.ts';
import { msisdnOf } from '../../test/msisdn-fixture.ts';
import { pickerInput } from '../../test/pickers.ts';
import { testPoi } from '../../test/poi-fixture.ts';
import { problem, renderApp, setupSignedInTests, testUser } from '../../test/render-app.tsx';

const poi: Poi = testPoi({
  address: 'King Fahd Road',
  externalRef: 'ALPHA-C1',
  insideCount: 1,
});
const assignment: PoiAssignment = {
  id: 11,
  companyId: 1,
  poiId: 7,
  poiName: 'City Mall',
  msisdnId: 40,
  msisdn: '+966501234567',
  employeeName: 'Omar Haddad',
  departmentName: 'Field Operations',
  zoneName: 'North',
  purpose: 'VISIT',
  days: [7, 1, 2, 3, 4],
  windows: [{ start: '08:00', end: '18:00' }],
  validFrom: null,
  validTo: null,
  minDwellMinutes: null,
  notifyOnEnter: false,
  notifyOnExit: false,
  shiftId: null,
  shiftName: null,
  presence: 'INSIDE',
  detectability: {
    status: 'UNDETECTABLE',
    rEffM: 60,
    basis: { source: 'NETWORK', samples: 200, p50M: 900, p90M: 1800 },
    perSource: [{ source: 'NETWORK', samples: 200, p50M: 900, p90M: 1800 }],
    adviceRadiusM: 900,
  },
  abilities: { update: true, delete: true },
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
};
const pageOf = <T,>(items: T[]) => jsonResponse({ items, total: items.length, page: 1, size: 20 });

setupSignedInTests();

describe('POI pages', () => {
  it('/poi lists the POIs; selecting one shows who is inside and its visits', async () => {
    renderApp('/poi', testUser('CompanyAdmin'), (url) => {
      if (url.pathname.endsWith('/pois')) return pageOf([poi]);
      if (url.pathname.endsWith('/pois/features')) return jsonResponse({ items: [], truncated: false });
      if (url.pathname.endsWith('/pois/7')) return jsonResponse(poi);
      if (url.pathname.endsWith('/pois/7/presence'))
        return jsonResponse({
          poiId: 7,
          items: [
            {
              msisdnId: 40,
              msisdn: '+966501234567',
              employeeName: 'Omar Haddad',
              state: 'INSIDE',
              since: '2026-11-24T07:00:00.000Z',
              lastFixAt: '2026-11-24T07:30:00.000Z',
            },
          ],
        });
      if (url.pathname.endsWith('/visits'))
        return pageOf([
          {
            id: 1,
            msisdnId: 41,
            poiId: 7,
            poiName: 'City Mall',
            msisdn: '+966501111111',
            employeeName: 'Layla Nasser',
            assigned: false,
            enteredAt: '2026-11-23T08:00:00.000Z',
            enteredEarliest: null,
            enteredLatest: '2026-11-23T08:00:00.000Z',
            exitedAt: '2026-11-23T09:30:00.000Z',
            exitedEarliest: null,
            exitedLatest: null,
            dwellMinutes: 90,
            confidence: 0.93,
            fixCount: 7,
            sources: ['NETWORK'],
            closedBy: 'EXIT',
          },
        ]);
      return undefined;
    });
    fireEvent.click(await screen.findByText('City Mall'));
    expect(await screen.findByText(/Omar Haddad · \+966501234567/)).toBeInTheDocument();
    expect(
      await screen.findByText(/90 min · left · confidence 93 % · not assigned here/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Assign employees' })).toHaveAttribute('href', '/poi-assign/7');
  });

  it('/poi names each POI’s company to the operator, who sees every company’s', async () => {
    renderApp('/poi', testUser('SuperAdmin'), (url) => {
      if (url.pathname.endsWith('/pois')) return pageOf([poi]);
      if (url.pathname.endsWith('/pois/features')) return jsonResponse({ items: [], truncated: false });
      return undefined;
    });
    const grid = await screen.findByRole('grid');
    expect(await within(grid).findByText('City Mall')).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: 'Company' })).toBeInTheDocument();
    expect(within(grid).getByText('Alpha Logistics')).toBeInTheDocument();
  });

  it('/poi-create sends a typed circle and shows the server’s field error on the form', async () => {
    const { calls } = renderApp('/poi-create', testUser('CompanyAdmin'), (url, init) => {
      if (url.pathname.endsWith('/poi-categories')) return pageOf([]);
      if (url.pathname.endsWith('/pois/features')) return jsonResponse({ items: [], truncated: false });
      if (url.pathname.endsWith('/pois') && init?.method === 'POST')
        return problem(409, 'poi.externalRefTaken', [
          { path: 'externalRef', code: 'poi.externalRefTaken', message: 'taken' },
        ]);
      return undefined;
    });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'North gate' } });
    fireEvent.change(screen.getByLabelText('External reference'), { target: { value: 'ALPHA-C1' } });
    fireEvent.change(screen.getByLabelText('Centre latitude'), { target: { value: '24.7' } });
    fireEvent.change(screen.getByLabelText('Centre longitude'), { target: { value: '46.6' } });
    fireEvent.change(screen.getByLabelText('Radius (m)'), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create POI' }));
    // On the field itself (and in the form's alert).
    expect(
      (await screen.findAllByText('Another POI of this company has this external reference')).length,
    ).toBeGreaterThan(0);
    await waitFor(() =>
      expect(screen.getByLabelText('External reference')).toHaveAttribute('aria-invalid', 'true'),
    );
    const post = calls.find((c) => c.init?.method === 'POST' && c.url.endsWith('/pois'))!;
    expect(JSON.parse(String(post.init!.body))).toMatchObject({
      name: 'North gate',
      externalRef: 'ALPHA-C1',
      geometry: { type: 'CIRCLE', center: { lat: 24.7, lon: 46.6 }, radiusM: 250 },
    });
  });

  it('/poi-create marks each wrong circle field: a latitude out of range, a radius too small', async () => {
    const { calls } = renderApp('/poi-create', testUser('CompanyAdmin'), (url) => {
      if (url.pathname.endsWith('/poi-categories')) return pageOf([]);
      if (url.pathname.endsWith('/pois/features')) return jsonResponse({ items: [], truncated: false });
      return undefined;
    });
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'North gate' } });
    fireEvent.change(screen.getByLabelText('Centre latitude'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('Centre longitude'), { target: { value: '46.6' } });
    fireEvent.change(screen.getByLabelText('Radius (m)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create POI' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Centre latitude')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByLabelText('Radius (m)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Centre longitude')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Centre latitude')).toHaveAccessibleDescription(
      'Latitude must be between -90 and 90 and longitude between -180 and 180',
    );
    expect(screen.getByLabelText('Radius (m)')).toHaveAccessibleDescription(
      'The radius must be between 25 m and 50 km',
    );
    expect(calls.some((c) => c.init?.method === 'POST')).toBe(false);
  });

  it('/poi-assign/{id} starts the days and hours at the company’s tracking window (Sunday to Thursday in Riyadh)', async () => {
    const { calls } = renderApp('/poi-assign/7', testUser('CompanyAdmin'), (url, init) => {
      if (url.pathname.endsWith('/pois/7')) return jsonResponse(poi);
      if (url.pathname.endsWith('/msisdns'))
        return pageOf([msisdnOf({ id: 40, employeeName: 'Omar Haddad' })]);
      if (url.pathname.endsWith('/poi-assignments') && init?.method === 'POST')
        return jsonResponse({ items: [{ ...assignment, id: 12 }] }, 201);
      if (url.pathname.endsWith('/poi-assignments')) return pageOf([]);
      return undefined;
    });
    const days = await screen.findByRole('group', { name: 'Days' });
    const pressed = () =>
      within(days)
        .getAllByRole('button')
        .filter((b) => b.getAttribute('aria-pressed') === 'true')
        .map((b) => b.textContent);
    await waitFor(() => expect(pressed()).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Sun']));
    expect(pickerInput('From')).toHaveValue('07:00');
    expect(pickerInput('To')).toHaveValue('19:00');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Select row/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign (1)' }));
    await waitFor(() => expect(calls.some((c) => c.init?.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.init?.method === 'POST')!;
    expect(JSON.parse(String(post.init!.body))).toMatchObject({
      poiId: 7,
      msisdnIds: [40],
      days: [7, 1, 2, 3, 4],
      windows: [{ start: '07:00', end: '19:00' }],
    });
  });

  it('/poi-assign/list shows detectability with its advice and asks before removing', async () => {
    const { calls } = renderApp('/poi-assign/list', testUser('CompanyAdmin'), (url, init) => {
      if (url.pathname.endsWith('/poi-assignments')) return pageOf([assignment]);
      if (url.pathname.endsWith('/poi-assignments/11') && init?.method === 'DELETE')
        return new Response(null, { status: 204 });
      return undefined;
    });
    expect(await screen.findByText('Undetectable by network location')).toBeInTheDocument();
    expect(screen.getByText('Inside')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Omar Haddad will no longer be evaluated at City Mall.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(calls.some((c) => c.init?.method === 'DELETE' && c.url.endsWith('/poi-assignments/11'))).toBe(
        true,
      ),
    );
  });
});
