import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../events/audit.ts';
import { CALLERS, useOrgFixtures, type OrgFixtures, type Who } from '../organisation/test-fixtures.ts';
import { billingService } from './service.ts';

/**
 * Every billing endpoint × {anonymous, SuperAdmin, CompanyAdmin, DepartmentAdmin, ZoneAdmin of company A, CompanyAdmin
 * of company B} → the exact status, written out by hand. Invoices, their PDFs, tariffs and usage are read by
 * SuperAdmin (every company's) and CompanyAdmin (its own company's); a draft is the operator's until issued, so a
 * CompanyAdmin does not see even its own company's. Runs, issues, voids, credit notes, payments and new tariffs are
 * the SuperAdmin's alone: the permission is checked before the scope and before the body, so every other role gets
 * 403 whatever the invoice or company. DepartmentAdmin and ZoneAdmin have no billing permission at all.
 * Columns: anon SA CA DA ZA CB. 401 anonymous · 403 a role without the permission · 404 outside the scope (another
 * company, a draft for a CompanyAdmin) · 400 a query the caller must complete (a SuperAdmin names no company) ·
 * 409 a state the action does not apply to · 2xx allowed.
 */
interface Target {
  id: number;
}
interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  target?: (f: OrgFixtures) => Promise<Target>;
  fresh?: boolean;
  body?: (f: OrgFixtures, target: Target | undefined) => unknown | Promise<unknown>;
  expect: string;
}

const f = useOrgFixtures();
const A = 'ALPHA';
const B = 'BETA';
const actor = SYSTEM_ACTOR('test');
const service = (x: OrgFixtures) => billingService({ db: x.db, config: f.server.config.billing });

/** The month before the demo's six invoiced months: its MSISDNs were active, nothing is invoiced yet. */
function beforeTheDemo(): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 7, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The first month the demo invoiced (six months back). */
function firstDemoMonth(): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 6, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

async function companyOf(x: OrgFixtures, code: string): Promise<Target> {
  return { id: await x.companyId(code) };
}

/** A demo invoice of the company in that status (the newest one). */
async function demoInvoice(x: OrgFixtures, code: string, status: 'ISSUED' | 'PAID'): Promise<Target> {
  const row = await x.db
    .selectFrom('invoices')
    .select('id')
    .where('company_id', '=', await x.companyId(code))
    .where('status', '=', status)
    .orderBy('period_start', 'desc')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

/** Company A's DRAFT of the month before the demo (one per period: every call answers the same draft). */
async function draftOfA(x: OrgFixtures): Promise<Target> {
  const { invoiceId } = await service(x).runPeriod(await x.companyId(A), beforeTheDemo(), actor);
  if (invoiceId === null) throw new Error('Alpha has nothing to bill before the demo history');
  return { id: invoiceId };
}

/** A fresh company (not A, not B) with one tracked MSISDN, active since before the demo's history. */
async function freshCompany(x: OrgFixtures): Promise<Target> {
  const companyId = await x.freshCompany();
  const unit = (table: 'departments' | 'designations') =>
    x.db
      .insertInto(table)
      .values({ company_id: companyId, name: `U ${x.unique()}`, description: null })
      .returning('id')
      .executeTakeFirstOrThrow();
  const [department, designation] = await Promise.all([unit('departments'), unit('designations')]);
  await x.db
    .insertInto('msisdns')
    .values({
      company_id: companyId,
      department_id: department.id,
      designation_id: designation.id,
      msisdn: x.nextNumber(),
      employee_name: `Employee ${x.unique()}`,
      consent_status: 'GRANTED',
    })
    .execute();
  await sql`update msisdn_activity set at = '2024-12-20T00:00:00Z' where company_id = ${companyId}`.execute(
    x.db,
  );
  return { id: companyId };
}

/** The DRAFT of a fresh company for the month before the demo. */
async function freshDraft(x: OrgFixtures): Promise<Target> {
  const { id: companyId } = await freshCompany(x);
  const { invoiceId } = await service(x).runPeriod(companyId, beforeTheDemo(), actor);
  if (invoiceId === null) throw new Error('The fresh company has nothing to bill');
  return { id: invoiceId };
}

/** An ISSUED invoice of a fresh company, without payments or credits (its PDF left for later). */
async function freshIssued(x: OrgFixtures): Promise<Target> {
  const { id } = await freshDraft(x);
  await service(x).issueInvoice(id, actor, { renderPdf: false });
  return { id };
}

const CASES: Case[] = [
  { name: 'list invoices', method: 'GET', path: '/invoices', expect: '401 200 200 403 403 200' },
  {
    name: "list invoices filtered to A's (B's admin: an empty page)",
    method: 'GET',
    path: '/invoices?companyId={id}',
    target: (x) => companyOf(x, A),
    expect: '401 200 200 403 403 200',
  },
  {
    name: 'estimate of the month so far (own company; a SuperAdmin must name one)',
    method: 'GET',
    path: '/invoices/estimate',
    expect: '401 400 200 403 403 200',
  },
  {
    name: 'estimate of A',
    method: 'GET',
    path: '/invoices/estimate?companyId={id}',
    target: (x) => companyOf(x, A),
    expect: '401 200 200 403 403 404',
  },
  {
    name: 'run the month of one company',
    method: 'POST',
    path: '/invoices/runs',
    target: (x) => freshCompany(x),
    fresh: true,
    body: (_x, t) => ({ companyId: t!.id, period: beforeTheDemo() }),
    expect: '401 200 403 403 403 403',
  },
  {
    name: "run A's month (a CompanyAdmin may not, even for its own company)",
    method: 'POST',
    path: '/invoices/runs',
    target: (x) => companyOf(x, A),
    body: (_x, t) => ({ companyId: t!.id, period: firstDemoMonth() }),
    expect: '401 200 403 403 403 403',
  },
  {
    name: 'run every company’s month (queued)',
    method: 'POST',
    path: '/invoices/runs',
    body: () => ({ period: beforeTheDemo() }),
    expect: '401 200 403 403 403 403',
  },
  {
    name: 'read an issued invoice of A',
    method: 'GET',
    path: '/invoices/{id}',
    target: (x) => demoInvoice(x, A, 'ISSUED'),
    expect: '401 200 200 403 403 404',
  },
  {
    name: 'read a paid invoice of B',
    method: 'GET',
    path: '/invoices/{id}',
    target: (x) => demoInvoice(x, B, 'PAID'),
    expect: '401 200 404 403 403 200',
  },
  {
    name: 'read a draft of A (the operator’s until issued)',
    method: 'GET',
    path: '/invoices/{id}',
    target: (x) => draftOfA(x),
    expect: '401 200 404 403 403 404',
  },
  {
    name: 'read an invoice that does not exist',
    method: 'GET',
    path: '/invoices/{id}',
    target: async () => ({ id: 2_000_000_000 }),
    expect: '401 404 404 403 403 404',
  },
  {
    name: 'PDF of an issued invoice of A',
    method: 'GET',
    path: '/invoices/{id}/pdf',
    target: (x) => demoInvoice(x, A, 'ISSUED'),
    expect: '401 200 200 403 403 404',
  },
  {
    name: 'PDF of a paid invoice of B',
    method: 'GET',
    path: '/invoices/{id}/pdf',
    target: (x) => demoInvoice(x, B, 'PAID'),
    expect: '401 200 404 403 403 200',
  },
  {
    name: 'PDF preview of a draft of A',
    method: 'GET',
    path: '/invoices/{id}/pdf',
    target: (x) => draftOfA(x),
    expect: '401 200 404 403 403 404',
  },
  {
    name: 'issue a draft',
    method: 'POST',
    path: '/invoices/{id}/issue',
    target: (x) => freshDraft(x),
    fresh: true,
    expect: '401 200 403 403 403 403',
  },
  {
    name: 'issue an issued invoice of A (permission before scope and state)',
    method: 'POST',
    path: '/invoices/{id}/issue',
    target: (x) => demoInvoice(x, A, 'ISSUED'),
    expect: '401 409 403 403 403 403',
  },
  {
    name: 'void an issued invoice without payments',
    method: 'POST',
    path: '/invoices/{id}/void',
    target: (x) => freshIssued(x),
    fresh: true,
    body: () => ({ reason: 'Wrong tariff' }),
    expect: '401 200 403 403 403 403',
  },
  {
    name: 'void a paid invoice of A',
    method: 'POST',
    path: '/invoices/{id}/void',
    target: (x) => demoInvoice(x, A, 'PAID'),
    body: () => ({ reason: 'Wrong tariff' }),
    expect: '401 409 403 403 403 403',
  },
  {
    name: 'credit part of an issued invoice',
    method: 'POST',
    path: '/invoices/{id}/credit-notes',
    target: (x) => freshIssued(x),
    fresh: true,
    body: () => ({ amountMinor: 1, reason: 'Network outage' }),
    expect: '401 200 403 403 403 403',
  },
  {
    name: 'record a payment of an issued invoice',
    method: 'POST',
    path: '/invoices/{id}/payments',
    target: (x) => freshIssued(x),
    fresh: true,
    body: () => ({ amountMinor: 1, paidOn: '2025-02-10', method: 'BANK_TRANSFER', reference: 'T1' }),
    expect: '401 200 403 403 403 403',
  },
  {
    name: 'record a payment of a paid invoice of A',
    method: 'POST',
    path: '/invoices/{id}/payments',
    target: (x) => demoInvoice(x, A, 'PAID'),
    body: () => ({ amountMinor: 1, paidOn: '2025-02-10', method: 'BANK_TRANSFER', reference: 'T1' }),
    expect: '401 409 403 403 403 403',
  },
  {
    name: 'tariffs of A',
    method: 'GET',
    path: '/companies/{id}/tariffs',
    target: (x) => companyOf(x, A),
    expect: '401 200 200 403 403 404',
  },
  {
    name: 'tariffs of B',
    method: 'GET',
    path: '/companies/{id}/tariffs',
    target: (x) => companyOf(x, B),
    expect: '401 200 404 403 403 200',
  },
  {
    name: 'add a tariff version',
    method: 'POST',
    path: '/companies/{id}/tariffs',
    target: (x) => freshCompany(x),
    fresh: true,
    body: () => ({ effectiveFrom: '2030-01', currency: 'EUR', monthlyFee: '2', pricePerLocate: '0.02' }),
    expect: '401 201 403 403 403 403',
  },
  {
    name: 'add a tariff version to A from a month already invoiced',
    method: 'POST',
    path: '/companies/{id}/tariffs',
    target: (x) => companyOf(x, A),
    body: () => ({
      effectiveFrom: firstDemoMonth(),
      currency: 'SAR',
      monthlyFee: '20',
      pricePerLocate: '0.05',
    }),
    expect: '401 409 403 403 403 403',
  },
  {
    name: 'usage (own company; a SuperAdmin must name one)',
    method: 'GET',
    path: '/usage',
    expect: '401 400 200 403 403 200',
  },
  {
    name: 'usage of A',
    method: 'GET',
    path: '/usage?companyId={id}',
    target: (x) => companyOf(x, A),
    expect: '401 200 200 403 403 404',
  },
];

describe('Billing authorization matrix', () => {
  // An issued demo invoice's PDF is rendered on its first download (seconds for the larger ones).
  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s',
    async (_name, c) => {
      const expected = c.expect.split(/\s+/).map(Number);
      expect(expected).toHaveLength(CALLERS.length);
      const shared = c.target && !c.fresh ? await c.target(f) : undefined;
      const actual: Record<string, number> = {};
      const wanted: Record<string, number> = {};
      for (const [i, who] of CALLERS.entries()) {
        const target = c.fresh && c.target ? await c.target(f) : shared;
        const path = target ? c.path.replace('{id}', String(target.id)) : c.path;
        const body = c.body ? await c.body(f, target) : undefined;
        const response = await f.call(who as Who, c.method, path, body);
        actual[who] = response.statusCode;
        wanted[who] = expected[i]!;
        if (response.statusCode >= 400)
          expect(response.headers['content-type'], `${who} ${c.method} ${path}`).toMatch(
            /^application\/problem\+json/,
          );
      }
      expect(actual).toEqual(wanted);
    },
    60_000,
  );
});
