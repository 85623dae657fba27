import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { DEFAULT_COMPANY_CONFIG, DEFAULT_PRICE_PLAN, type Company, type MsisdnImport } from '@lbs/contracts';
import { initI18n, loadAreas } from '../../../i18n/index.ts';
import { companyAbilitiesFor } from '../../../test/abilities.ts';
import { json, renderAs, stubApi } from '../test-harness.tsx';
import { ImportDialog } from './import-dialog.tsx';

const company: Company = {
  id: 1,
  companyId: 1,
  name: 'Alpha Logistics',
  code: 'ALPHA',
  contactEmail: null,
  contactPhone: null,
  address: null,
  city: null,
  country: null,
  status: 'ACTIVE',
  config: DEFAULT_COMPANY_CONFIG,
  pricePlan: DEFAULT_PRICE_PLAN,
  abilities: companyAbilitiesFor('SuperAdmin'),
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const JOB_ID = '6f1c2d0e-1b7a-4d8e-9c1f-0a2b3c4d5e6f';
const job = (patch: Partial<MsisdnImport>): MsisdnImport => ({
  id: JOB_ID,
  companyId: 1,
  fileName: 'staff.csv',
  format: 'CSV',
  status: 'QUEUED',
  total: 4,
  processed: 0,
  succeeded: 0,
  failed: 0,
  errors: [],
  createdAt: '2026-03-02T09:15:00.000Z',
  finishedAt: null,
  ...patch,
});

vi.setConfig({ testTimeout: 30_000 });

beforeAll(async () => {
  await initI18n('en-US');
  await loadAreas(['msisdn', 'org']); // the route would load them with the page
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function chooseCompanyAndFile(name = 'staff.csv') {
  const combobox = await screen.findByRole('combobox', { name: /Company/ });
  fireEvent.mouseDown(combobox);
  fireEvent.click(await screen.findByRole('option', { name: 'Alpha Logistics' }, { timeout: 10_000 }));
  const file = new File(['msisdn,employeeName,department,designation\n'], name, { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('Choose a file', { selector: 'input' }), {
    target: { files: [file] },
  });
  expect(screen.getByTestId('import-file-name')).toHaveTextContent(name);
}

describe('ImportDialog', () => {
  it('uploads the file for the chosen company, follows the job and reports the failed rows', async () => {
    const polls = [
      job({ status: 'RUNNING', processed: 2, succeeded: 1, failed: 1 }),
      job({
        status: 'COMPLETED',
        processed: 4,
        succeeded: 2,
        failed: 2,
        finishedAt: '2026-03-02T09:16:00.000Z',
        errors: [
          {
            row: 3,
            field: 'msisdn',
            code: 'validation.phoneInvalid',
            message: 'Enter a valid phone number',
          },
          {
            row: 5,
            field: 'department',
            code: 'org.departmentNotFound',
            message: 'Department not found in this company',
          },
          { row: 5, field: null, code: 'some.unknownCode', message: 'Server text kept as it is' },
        ],
      }),
    ];
    const calls = stubApi(({ method, path }) => {
      if (path.startsWith('/companies?')) return json({ items: [company], total: 1, page: 1, size: 100 });
      if (method === 'POST' && path.startsWith('/msisdns/imports?')) return json(job({}), 202);
      if (path === `/msisdns/imports/${JOB_ID}`) return json(polls.length > 1 ? polls.shift() : polls[0]);
      return undefined;
    });
    renderAs('SuperAdmin', [{ path: '/', element: <ImportDialog open onClose={() => {}} /> }], '/');
    const dialog = await screen.findByRole('dialog', { name: 'Import employee MSISDNs' });
    expect(within(dialog).getByRole('button', { name: 'Download the CSV template' })).toBeInTheDocument();

    await chooseCompanyAndFile();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload and import' }));

    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar).toBeInTheDocument();
    await screen.findByText('Import finished: 2 of 4 rows imported.', {}, { timeout: 15_000 });
    const upload = calls.find((c) => c.method === 'POST')!;
    expect(upload.path).toBe('/msisdns/imports?companyId=1&fileName=staff.csv');
    expect(upload.headers['content-type']).toBe('text/csv');
    expect(upload.body).toBeInstanceOf(File);

    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    const counts = Object.fromEntries(
      [...document.querySelectorAll('[data-count]')].map((el) => [
        el.getAttribute('data-count'),
        el.textContent,
      ]),
    );
    expect(counts).toEqual({ total: '4', succeeded: '2', failed: '2' });
    const rows = within(screen.getByRole('table', { name: 'Error report' }))
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .getAllByRole(row.querySelector('th') ? 'columnheader' : 'cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Row', 'Column', 'Problem'],
      ['3', 'Mobile number', 'Enter a valid phone number'],
      ['5', 'Department', 'Department not found in this company'],
      ['5', 'Whole row', 'Server text kept as it is'],
    ]);
  });

  it('asks for the company and the file before uploading, and shows a refused upload translated', async () => {
    const calls = stubApi(({ method, path }) => {
      if (path.startsWith('/companies?')) return json({ items: [company], total: 1, page: 1, size: 100 });
      if (method === 'POST') {
        return json(
          { type: 'about:blank', title: 'Bad Request', status: 400, code: 'import.missingColumns' },
          400,
        );
      }
      return undefined;
    });
    renderAs('SuperAdmin', [{ path: '/', element: <ImportDialog open onClose={() => {}} /> }], '/');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload and import' }));
    expect(within(dialog).getByText('Company is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a CSV or XLSX file')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await chooseCompanyAndFile('staff.xlsx');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload and import' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Required columns are missing: msisdn, employeeName, department, designation',
    );
    expect(calls.find((c) => c.method === 'POST')!.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });
});
