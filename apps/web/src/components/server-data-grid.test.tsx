import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import type { GridColDef } from '@mui/x-data-grid';
import { orgUnitPageSchema, type OrgUnit } from '@lbs/contracts';
import { i18n, initI18n, loadAreas } from '../i18n/index.ts';
import { fetchList, listQueryOptions, listSearch } from '../lib/api/list-query.ts';
import { jsonResponse, stubFetch } from '../lib/auth/test-helpers.ts';
import { NotifierProvider } from './notifier.tsx';
import {
  gridLocaleText,
  paginationToParams,
  ServerDataGrid,
  sortModelToParam,
  sortParamToModel,
} from './server-data-grid.tsx';

const unit = (id: number, name: string): OrgUnit => ({
  id,
  companyId: 1,
  companyName: 'Alpha Logistics',
  name,
  description: null,
  msisdnCount: id,
  abilities: { update: true, delete: true },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

describe('list query parameters', () => {
  it('builds page (from 1), size, sort, trimmed q and non-empty filters', () => {
    expect(
      listSearch({
        page: 2,
        size: 50,
        sort: '-name',
        q: '  north ',
        filters: { companyId: 3, zoneId: null, departmentId: undefined, status: '' },
      }),
    ).toBe('?page=2&size=50&sort=-name&q=north&companyId=3');
    expect(listSearch({ page: 0, size: 500 })).toBe('?page=1&size=100');
    expect(listSearch({ page: 1, size: 20, q: '   ' })).toBe('?page=1&size=20');
  });

  it('maps the grid sort model to `sort` and back', () => {
    expect(
      sortModelToParam([
        { field: 'name', sort: 'desc' },
        { field: 'code', sort: 'asc' },
      ]),
    ).toBe('-name,code');
    expect(sortModelToParam([{ field: 'name', sort: null }])).toBeUndefined();
    expect(sortModelToParam([])).toBeUndefined();
    expect(sortParamToModel('-createdAt,name')).toEqual([
      { field: 'createdAt', sort: 'desc' },
      { field: 'name', sort: 'asc' },
    ]);
    expect(sortParamToModel(undefined)).toEqual([]);
  });

  it('maps the 0-based grid page to the API page from 1, clamping the size', () => {
    expect(paginationToParams({ page: 0, pageSize: 20 })).toEqual({ page: 1, size: 20 });
    expect(paginationToParams({ page: 4, pageSize: 250 })).toEqual({ page: 5, size: 100 });
  });

  it('has MUI X grid texts for the six languages', () => {
    expect(gridLocaleText('fr-FR')?.noRowsLabel).toBe('Pas de résultats');
    expect(gridLocaleText('ar-SA')?.noRowsLabel).not.toBe(gridLocaleText('en-US')?.noRowsLabel);
    expect(gridLocaleText('xx')).toBe(gridLocaleText('en-US'));
    // What MUI X's Arabic lacks (each header's menu button is named by it).
    expect(gridLocaleText('ar-SA')?.columnMenuAriaLabel?.('الاسم')).toBe('قائمة عمود الاسم');
  });
});

describe('ServerDataGrid', () => {
  beforeAll(async () => {
    await initI18n('en-US');
    await loadAreas(['org']); // the route would load them with the page
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function renderGrid(total = 45, exportList?: 'departments', defaultSort = 'name') {
    const { calls } = stubFetch({
      onApi: (raw) => {
        const url = new URL(raw, 'http://localhost');
        const page = Number(url.searchParams.get('page'));
        const size = Number(url.searchParams.get('size'));
        const q = url.searchParams.get('q');
        const items = q
          ? [unit(99, `Match ${q}`)]
          : Array.from({ length: Math.min(size, total - (page - 1) * size) }, (_, i) =>
              unit((page - 1) * size + i + 1, `Unit ${(page - 1) * size + i + 1}`),
            );
        if (url.pathname.includes('/list-exports/'))
          return new Response('\uFEFFName\r\n', {
            headers: {
              'content-type': 'text/csv',
              'content-disposition': 'attachment; filename="departments-2026-11-26.csv"',
            },
          });
        return jsonResponse({ items, total: q ? 1 : total, page, size });
      },
    });
    const onRowClick = vi.fn();
    const columns: GridColDef<OrgUnit>[] = [
      { field: 'name', headerName: 'Name', width: 200 },
      { field: 'msisdnCount', headerName: 'MSISDNs', type: 'number', width: 120 },
    ];
    const router = createMemoryRouter(
      [
        {
          path: '/list',
          element: (
            <ServerDataGrid<OrgUnit>
              label="Departments"
              query={(params) =>
                listQueryOptions(['/departments', 'list', listSearch(params)], (signal) =>
                  fetchList('/departments', orgUnitPageSchema, params, signal),
                )
              }
              columns={columns}
              defaultSort={defaultSort}
              filters={{ companyId: 7 }}
              onRowClick={onRowClick}
              {...(exportList ? { exportList } : {})}
              gridProps={{ disableVirtualization: true }}
            />
          ),
        },
      ],
      { initialEntries: ['/list'] },
    );
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <NotifierProvider>
            <RouterProvider router={router} />
          </NotifierProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const requests = () =>
      calls
        .map((c) => new URL(c.url, 'http://localhost'))
        .filter((u) => u.pathname.endsWith('/departments'))
        .map((u) => u.search);
    const exports = () =>
      calls
        .map((c) => new URL(c.url, 'http://localhost'))
        .filter((u) => u.pathname.includes('/list-exports/'))
        .map((u) => `${u.pathname.replace(/^.*\/list-exports/, '/list-exports')}${u.search}`);
    return { requests, exports, onRowClick, router };
  }

  it('sorts by a default that is no column without touching the URL while it first renders', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { requests, router } = renderGrid(45, undefined, '-createdAt');
      expect(await screen.findByText('Unit 1')).toBeInTheDocument();
      expect(requests()).toEqual(['?page=1&size=20&sort=-createdAt&companyId=7']);
      expect(router.state.location.search).toBe('');
      // The grid dropped the sort it has no column for and said so: React Router warned of a navigation in render.
      expect(warn.mock.calls.filter((c) => String(c[0]).includes('navigate()'))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it('asks for page 1 with the default sort and filters, then follows sorting, paging and the debounced search', async () => {
    const { requests, onRowClick, router } = renderGrid();
    expect(await screen.findByText('Unit 1')).toBeInTheDocument();
    expect(requests()).toEqual(['?page=1&size=20&sort=name&companyId=7']);

    // header click: name asc (the default) → desc
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByText('Name'));
    await waitFor(() => expect(requests().at(-1)).toBe('?page=1&size=20&sort=-name&companyId=7'));
    expect(router.state.location.search).toBe('?sort=-name');

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(requests().at(-1)).toBe('?page=2&size=20&sort=-name&companyId=7'));
    expect(await screen.findByText('Unit 21')).toBeInTheDocument();

    // typing waits for the pause, then searches from page 1
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'nor' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'north' } });
    await waitFor(() => expect(requests().at(-1)).toBe('?page=1&size=20&sort=-name&q=north&companyId=7'));
    expect(requests().some((r) => r.includes('q=nor&'))).toBe(false);
    fireEvent.click(await screen.findByText('Match north'));
    expect(onRowClick).toHaveBeenCalledWith(expect.objectContaining({ id: 99, name: 'Match north' }));
  });

  it('shows a translated message for a NUL in the search box and does not search for it', async () => {
    const { requests } = renderGrid();
    expect(await screen.findByText('Unit 1')).toBeInTheDocument();
    const before = requests().length;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'no\u0000rth' } });
    expect(
      await screen.findByText('Remove the hidden or broken characters (such as NUL) from this text'),
    ).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(requests()).toHaveLength(before);
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'north' } });
    await waitFor(() => expect(requests().at(-1)).toBe('?page=1&size=20&sort=name&q=north&companyId=7'));
    expect(
      screen.queryByText('Remove the hidden or broken characters (such as NUL) from this text'),
    ).toBeNull();
  });

  it('names each column header in full in a tooltip (a narrow column cuts its header short)', async () => {
    renderGrid();
    const header = await screen.findByText('MSISDNs');
    fireEvent.mouseOver(header);
    expect(await screen.findByRole('tooltip', { name: 'MSISDNs' })).toBeInTheDocument();
  });

  it('writes a count in the interface’s digits, not the browser’s', async () => {
    await i18n.changeLanguage('ar-SA');
    try {
      renderGrid(45);
      // Unit 12's count, in Arabic-Indic digits.
      expect(await screen.findByText('١٢')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });

  it('shows No Record Found for an empty page', async () => {
    renderGrid(0);
    expect(await screen.findByText('No Record Found')).toBeInTheDocument();
  });

  it('exports the whole list with the grid’s filters, search and sort, in the interface language', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { exports } = renderGrid(45, 'departments');
    await screen.findByText('Unit 1');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excel workbook (XLSX)' }));
    await waitFor(() =>
      expect(exports()).toEqual(['/list-exports/departments?sort=name&companyId=7&format=xlsx&locale=en-US']),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();
  });

  it('has no Export button unless the page asks for one', async () => {
    renderGrid(3);
    await screen.findByText('Unit 1');
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });
});
