import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { InvoiceDetail, Me } from '@lbs/contracts';
import { SYSTEM_ACTOR } from '../../events/audit.ts';
import { useOrgFixtures } from '../organisation/test-fixtures.ts';
import { notifyOverdue } from './jobs.ts';
import { billingService } from './service.ts';

/**
 * Billing against the real database: runs that cannot double, numbers that cannot gap, issued invoices the database
 * itself keeps unchanged, usage counted once, deletion mid-month, payments and the due lock, and scope.
 */
const f = useOrgFixtures();
const actor = SYSTEM_ACTOR('test');
const service = () => billingService({ db: f.db, config: f.server.config.billing });

/** A fresh company with `count` tracked MSISDNs, active since before January 2025. */
async function companyWith(count: number): Promise<{ companyId: number; msisdnIds: number[] }> {
  const companyId = await f.freshCompany();
  const unit = (table: 'departments' | 'designations') =>
    f.db
      .insertInto(table)
      .values({ company_id: companyId, name: `U ${f.unique()}`, description: null })
      .returning('id')
      .executeTakeFirstOrThrow();
  const [department, designation] = await Promise.all([unit('departments'), unit('designations')]);
  const msisdnIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const row = await f.db
      .insertInto('msisdns')
      .values({
        company_id: companyId,
        department_id: department.id,
        designation_id: designation.id,
        msisdn: f.nextNumber(),
        employee_name: `Employee ${i}`,
        consent_status: 'GRANTED',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    msisdnIds.push(row.id);
  }
  await sql`update msisdn_activity set at = '2024-12-20T00:00:00Z' where company_id = ${companyId}`.execute(
    f.db,
  );
  return { companyId, msisdnIds };
}

/** One locate request of the company at `at`, with a result code per MSISDN ('0' = located). */
async function locate(companyId: number, at: string, results: Record<number, string>): Promise<number> {
  const row = await f.db
    .insertInto('locate_requests')
    .values({
      requested_at: at,
      company_id: companyId,
      requested_by: 'SCHEDULE',
      gmlc: 'test',
      msisdn_ids: Object.keys(results).map(Number),
      msisdn_count: Object.keys(results).length,
      located: Object.values(results).filter((c) => c === '0').length,
      result_code: 'PARTIAL',
      results: JSON.stringify(results),
      latency_ms: 10,
      attempts: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The month before the demo's six invoiced months: its MSISDNs were active, nothing is invoiced yet. */
function beforeTheDemo(): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 7, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

async function invoicesOf(companyId: number) {
  return f.db.selectFrom('invoices').selectAll().where('company_id', '=', companyId).orderBy('id').execute();
}

describe('Usage', () => {
  it('is one row per (locate request, MSISDN), written with the request, success only for result 0', async () => {
    const { companyId, msisdnIds } = await companyWith(2);
    const [a, b] = msisdnIds as [number, number];
    const requestId = await locate(companyId, '2025-01-10T09:00:00Z', { [a]: '0', [b]: '6' });
    const rows = await f.db
      .selectFrom('locate_usage')
      .select(['msisdn_id', 'success', 'result_code'])
      .where('locate_request_id', '=', String(requestId))
      .orderBy('msisdn_id')
      .execute();
    expect(rows).toEqual([
      { msisdn_id: a, success: true, result_code: '0' },
      { msisdn_id: b, success: false, result_code: '6' },
    ]);
    // The same (request, MSISDN) cannot be counted twice, whoever tries.
    await expect(
      f.db
        .insertInto('locate_usage')
        .values({
          locate_request_id: String(requestId),
          company_id: companyId,
          msisdn_id: a,
          at: new Date(),
          requested_by: 'USER',
          result_code: '0',
          success: true,
        })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });
});

describe('Invoice runs', () => {
  it('build one draft however many runs, concurrent or repeated, with the same content; an issued month stays', async () => {
    const { companyId, msisdnIds } = await companyWith(3);
    for (let k = 0; k < 5; k++)
      await locate(
        companyId,
        `2025-01-1${k}T10:00:00Z`,
        Object.fromEntries(msisdnIds.map((id) => [id, '0'])),
      );
    const s = service();
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => s.runPeriod(companyId, '2025-01', actor)),
    );
    expect(new Set(outcomes.map((o) => o.invoiceId)).size).toBe(1);
    const [draft] = await invoicesOf(companyId);
    expect(await invoicesOf(companyId)).toHaveLength(1);
    // Fee 1.00 × 3 and 5 locates × 0.01 × 3 (price_plan of the fresh company: no included locates).
    expect(draft).toMatchObject({ status: 'DRAFT', subtotal_minor: 315, total_minor: 315 });
    const items = await f.db
      .selectFrom('invoice_items')
      .selectAll()
      .where('invoice_id', '=', draft!.id)
      .execute();
    expect(items).toHaveLength(6);
    // Run again later: nothing changed, nothing rewritten.
    expect(await s.runPeriod(companyId, '2025-01', actor)).toEqual({
      outcome: 'DRAFTED',
      invoiceId: draft!.id,
    });
    expect((await invoicesOf(companyId))[0]!.content_hash).toBe(draft!.content_hash);
    // Issued: a run leaves it alone, even when usage arrives late.
    await s.issueInvoice(draft!.id, actor, { renderPdf: false });
    await locate(companyId, '2025-01-20T10:00:00Z', { [msisdnIds[0]!]: '0' });
    expect(await s.runPeriod(companyId, '2025-01', actor)).toEqual({
      outcome: 'ALREADY_ISSUED',
      invoiceId: draft!.id,
    });
    expect(await invoicesOf(companyId)).toHaveLength(1);
    expect((await invoicesOf(companyId))[0]!.total_minor).toBe(315);
  });

  it('bills only ended months, nothing for a free tariff, and settles a fully rebated invoice as it is issued', async () => {
    const { companyId } = await companyWith(2);
    const current = new Date().toISOString().slice(0, 7);
    const early = await f.call('SA', 'POST', '/invoices/runs', { companyId, period: current });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'billing.periodNotEnded' });
    const s = service();
    await f.db
      .updateTable('tariffs')
      .set({ monthly_fee: '0', price_per_locate: '0' })
      .where('company_id', '=', companyId)
      .execute();
    expect(await s.runPeriod(companyId, '2025-01', actor)).toEqual({
      outcome: 'NOTHING_TO_BILL',
      invoiceId: null,
    });
    await f.db
      .updateTable('tariffs')
      .set({ monthly_fee: '3', rebate_kind: 'FIXED', rebate_value: '100' })
      .where('company_id', '=', companyId)
      .execute();
    const { invoiceId } = await s.runPeriod(companyId, '2025-01', actor);
    await s.issueInvoice(invoiceId!, actor, { renderPdf: false });
    const [invoice] = await invoicesOf(companyId);
    expect(invoice).toMatchObject({ status: 'PAID', subtotal_minor: 600, rebate_minor: 600, total_minor: 0 });
    // Payments and credits only reach an issued, unsettled invoice — the database says so too.
    await expect(
      sql`insert into payments (invoice_id, amount_minor, paid_on, method, recorded_by)
          values (${invoiceId}, 1, '2025-02-01', 'CASH', 'test')`.execute(f.db),
    ).rejects.toThrow(/only an issued, unsettled invoice/);
  });

  it('keeps the other terms of a tariff when the company form changes its price plan', async () => {
    const { companyId } = await companyWith(1);
    await f.db
      .updateTable('tariffs')
      .set({ tax_rate_percent: '15', included_locates: 50, grace_days: 9 })
      .where('company_id', '=', companyId)
      .execute();
    await f.db
      .updateTable('companies')
      .set({ price_plan: JSON.stringify({ currency: 'EUR', monthlyFeePerMsisdn: 7, feePerLocate: 0.02 }) })
      .where('id', '=', companyId)
      .execute();
    const versions = await sql<{ fee: string; tax: string; included: number; grace: number }>`
      select monthly_fee::text as fee, tax_rate_percent::text as tax, included_locates as included, grace_days as grace
      from tariffs where company_id = ${companyId} order by effective_from desc`.execute(f.db);
    expect(versions.rows).toHaveLength(2);
    expect(versions.rows[0]).toEqual({ fee: '7.000000', tax: '15.000000', included: 50, grace: 9 });
  });

  it('leaves nothing behind when a run dies midway, and the next run makes the one invoice', async () => {
    const { companyId } = await companyWith(3);
    // A fault after the draft and some of its lines are written (as a crash would cut the transaction).
    await sql
      .raw(
        `create or replace function test_fail_items() returns trigger language plpgsql as $$
      begin if new.position = 3 then raise exception 'injected crash'; end if; return new; end $$`,
      )
      .execute(f.db);
    await sql
      .raw(
        `create trigger test_fail_items before insert on invoice_items
      for each row execute function test_fail_items()`,
      )
      .execute(f.db);
    try {
      await expect(service().runPeriod(companyId, '2025-01', actor)).rejects.toThrow(/injected crash/);
    } finally {
      await sql.raw('drop trigger test_fail_items on invoice_items').execute(f.db);
    }
    expect(await invoicesOf(companyId)).toEqual([]);
    await service().runPeriod(companyId, '2025-01', actor);
    const [invoice] = await invoicesOf(companyId);
    expect(await invoicesOf(companyId)).toHaveLength(1);
    const lines = await f.db
      .selectFrom('invoice_items')
      .select('id')
      .where('invoice_id', '=', invoice!.id)
      .execute();
    expect(lines).toHaveLength(3);
  });

  it('bills the days a deleted MSISDN was active, and only the months it was', async () => {
    const { companyId, msisdnIds } = await companyWith(2);
    const gone = msisdnIds[1]!;
    await f.db.deleteFrom('msisdns').where('id', '=', gone).execute();
    // Deleted on 10 February (the trigger recorded it now: move it there).
    await sql`update msisdn_activity set at = '2025-02-10T12:00:00Z'
              where msisdn_id = ${gone} and not active`.execute(f.db);
    await f.db
      .updateTable('tariffs')
      .set({ proration: 'DAILY' })
      .where('company_id', '=', companyId)
      .execute();
    const s = service();
    await s.runPeriod(companyId, '2025-02', actor);
    await s.runPeriod(companyId, '2025-03', actor);
    const [feb, mar] = await invoicesOf(companyId);
    const febItems = await f.db
      .selectFrom('invoice_items')
      .select(['msisdn_id', 'active_days', 'amount_minor'])
      .where('invoice_id', '=', feb!.id)
      .orderBy('position')
      .execute();
    // 1.00 × 10/28 = 0.357… → 36 cents for the ten days (1–10 February) it was active.
    expect(febItems).toEqual(
      expect.arrayContaining([{ msisdn_id: gone, active_days: 10, amount_minor: 36 }]),
    );
    const marItems = await f.db
      .selectFrom('invoice_items')
      .select('msisdn_id')
      .where('invoice_id', '=', mar!.id)
      .execute();
    expect(marItems.map((i) => i.msisdn_id)).toEqual([msisdnIds[0]]);
  });

  it('a voided month is drafted again as its replacement', async () => {
    const { companyId } = await companyWith(1);
    const s = service();
    const { invoiceId } = await s.runPeriod(companyId, '2025-01', actor);
    await s.issueInvoice(invoiceId!, actor, { renderPdf: false });
    const voided = await f.call('SA', 'POST', `/invoices/${invoiceId}/void`, { reason: 'Wrong tariff' });
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toMatchObject({ status: 'VOID', voidReason: 'Wrong tariff' });
    const again = await s.runPeriod(companyId, '2025-01', actor);
    expect(again.invoiceId).not.toBe(invoiceId);
    const replacement = (await f.call('SA', 'GET', `/invoices/${again.invoiceId}`)).json() as InvoiceDetail;
    expect(replacement).toMatchObject({ status: 'DRAFT', replacesInvoiceId: invoiceId });
  });
});

describe('Issuing', () => {
  it('numbers 100 concurrent issues gaplessly and uniquely', async () => {
    const s = service();
    const drafts: number[] = [];
    for (let i = 0; i < 100; i++) {
      const { companyId } = await companyWith(1);
      drafts.push((await s.runPeriod(companyId, '2025-01', actor)).invoiceId!);
    }
    const before = await sql<{ last: number }>`
      select coalesce(max(last), 0) as last from billing_counters where series = 'INV' and year = ${new Date().getUTCFullYear()}`.execute(
      f.db,
    );
    // Twice each: the second of a pair finds the invoice issued (409) and takes no number.
    const results = await Promise.allSettled(
      [...drafts, ...drafts].map((id) => s.issueInvoice(id, actor, { renderPdf: false })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(100);
    const rows = await f.db.selectFrom('invoices').select('number').where('id', 'in', drafts).execute();
    const numbers = rows.map((r) => Number(r.number!.slice(-6))).sort((a, b) => a - b);
    const first = Number(before.rows[0]!.last) + 1;
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => first + i));
    expect(rows.every((r) => /^INV-\d{4}-\d{6}$/.test(r.number!))).toBe(true);
  });

  it('is refused by the database itself to change or delete an issued invoice, its items or its payments', async () => {
    const { companyId } = await companyWith(2);
    const s = service();
    const { invoiceId } = await s.runPeriod(companyId, '2025-01', actor);
    await s.issueInvoice(invoiceId!, actor, { renderPdf: false });
    const attempts = [
      sql`update invoices set total_minor = total_minor + 1 where id = ${invoiceId}`,
      sql`update invoices set number = 'INV-1999-000001' where id = ${invoiceId}`,
      sql`update invoices set status = 'DRAFT' where id = ${invoiceId}`,
      sql`delete from invoices where id = ${invoiceId}`,
      sql`update invoice_items set amount_minor = 0 where invoice_id = ${invoiceId}`,
      sql`delete from invoice_items where invoice_id = ${invoiceId}`,
      sql`insert into invoice_items (invoice_id, position, kind, quantity, unit_price, amount_minor)
          values (${invoiceId}, 99, 'ADJUSTMENT', 1, 1, 100)`,
    ];
    for (const attempt of attempts) await expect(attempt.execute(f.db)).rejects.toThrow(/issued|cannot/);
    // Payments are append-only; status moves forward only.
    const paid = await f.call('SA', 'POST', `/invoices/${invoiceId}/payments`, {
      amountMinor: 100,
      paidOn: '2025-02-10',
      method: 'BANK_TRANSFER',
      reference: 'T1',
    });
    expect(paid.statusCode).toBe(200);
    await expect(
      sql`update payments set amount_minor = 1 where invoice_id = ${invoiceId}`.execute(f.db),
    ).rejects.toThrow(/never changed/);
    await expect(sql`delete from payments where invoice_id = ${invoiceId}`.execute(f.db)).rejects.toThrow(
      /never changed/,
    );
    await expect(
      sql`update invoices set status = 'ISSUED' where id = ${invoiceId}`.execute(f.db),
    ).rejects.toThrow(/status cannot move/);
  });

  it('stores the PDF once: the download is the stored bytes and matches the stored hash', async () => {
    const { companyId } = await companyWith(2);
    const s = service();
    const { invoiceId } = await s.runPeriod(companyId, '2025-01', actor);
    const issued = await f.call('SA', 'POST', `/invoices/${invoiceId}/issue`);
    expect(issued.statusCode).toBe(200);
    const detail = issued.json() as InvoiceDetail;
    expect(detail).toMatchObject({ status: 'ISSUED', number: expect.stringMatching(/^INV-/) });
    const first = await f.call('SA', 'GET', `/invoices/${invoiceId}/pdf`);
    const second = await f.call('SA', 'GET', `/invoices/${invoiceId}/pdf`);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
    expect(createHash('sha256').update(first.rawPayload).digest('hex')).toBe(detail.pdfSha256);
    const dir = mkdtempSync(path.join(tmpdir(), 'invoice-'));
    writeFileSync(path.join(dir, 'i.pdf'), first.rawPayload);
    const text = execFileSync('pdftotext', [path.join(dir, 'i.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain(detail.number);
    expect(text).toContain('Employee 0');
    // Issuing again is refused; the number stays.
    expect((await f.call('SA', 'POST', `/invoices/${invoiceId}/issue`)).statusCode).toBe(409);
  }, 60_000);
});

describe('Payments and the due lock', () => {
  it('follow the balance: partial, full, over-payment refused; the lock lifts once nothing is overdue', async () => {
    const me = async () => (await f.call('CB', 'GET', '/user-management/me')).json() as Me;
    const beta = await f.companyId('BETA');
    const s = service();
    // An old Beta invoice, issued and long past due (the demo's Beta has none overdue).
    const { invoiceId } = await s.runPeriod(beta, beforeTheDemo(), actor);
    if (invoiceId === null) throw new Error('Beta has nothing to bill before the demo history');
    await s.issueInvoice(invoiceId, actor, { renderPdf: false });
    await sql`alter table invoices disable trigger invoices_guard`.execute(f.db);
    await sql`update invoices set due_on = current_date - 30 where id = ${invoiceId}`.execute(f.db);
    await sql`alter table invoices enable trigger invoices_guard`.execute(f.db);
    const locked = await me();
    expect(locked.hasDueInvoice).toBe(true);
    expect(locked.dueInvoiceList.map((i) => i.id)).toContain(invoiceId);
    const total = locked.dueInvoiceList.find((i) => i.id === invoiceId)!.totalMinor;

    const over = await f.call('SA', 'POST', `/invoices/${invoiceId}/payments`, {
      amountMinor: total + 1,
      paidOn: '2025-01-20',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0]).toMatchObject({
      path: 'amountMinor',
      code: 'billing.amountAboveBalance',
    });
    const part = await f.call('SA', 'POST', `/invoices/${invoiceId}/payments`, {
      amountMinor: 100,
      paidOn: '2025-01-20',
    });
    expect(part.json()).toMatchObject({ status: 'PARTIALLY_PAID', balanceMinor: total - 100 });
    expect((await me()).hasDueInvoice).toBe(true);
    // The company's admin may read it but not record payments.
    expect(
      (
        await f.call('CB', 'POST', `/invoices/${invoiceId}/payments`, {
          amountMinor: 1,
          paidOn: '2025-01-20',
        })
      ).statusCode,
    ).toBe(403);
    const rest = await f.call('SA', 'POST', `/invoices/${invoiceId}/payments`, {
      amountMinor: total - 100,
      paidOn: '2025-01-21',
      reference: 'SEPA 42',
    });
    expect(rest.json()).toMatchObject({ status: 'PAID', balanceMinor: 0, paidMinor: total });
    expect((await me()).dueInvoiceList.map((i) => i.id)).not.toContain(invoiceId);
  });
});

describe('Overdue notices', () => {
  it('emit INVOICE_OVERDUE once per overdue invoice, however often the job runs', async () => {
    await notifyOverdue(f.db);
    await notifyOverdue(f.db);
    const gamma = await f.companyId('GAMMA');
    const overdue = await f.db
      .selectFrom('invoices')
      .select('id')
      .where('company_id', '=', gamma)
      .where('status', '=', 'ISSUED')
      .where('due_on', '<', new Date().toISOString().slice(0, 10))
      .execute();
    expect(overdue.length).toBeGreaterThan(0);
    const events = await f.db
      .selectFrom('domain_events')
      .select(['subject_id', 'company_id'])
      .where('type', '=', 'INVOICE_OVERDUE')
      .where('company_id', '=', gamma)
      .execute();
    expect(events.map((e) => Number(e.subject_id)).sort((a, b) => a - b)).toEqual(
      overdue.map((i) => i.id).sort((a, b) => a - b),
    );
  });
});

describe('Scope', () => {
  it('answers 404 for another company’s invoice and PDF, 403 for the operator’s actions, and hides drafts', async () => {
    const gamma = await f.companyId('GAMMA');
    const [gammaInvoice] = await f.db
      .selectFrom('invoices')
      .select('id')
      .where('company_id', '=', gamma)
      .where('status', '<>', 'DRAFT')
      .execute();
    expect((await f.call('CA', 'GET', `/invoices/${gammaInvoice!.id}`)).statusCode).toBe(404);
    expect((await f.call('CA', 'GET', `/invoices/${gammaInvoice!.id}/pdf`)).statusCode).toBe(404);
    expect((await f.call('CA', 'POST', `/invoices/${gammaInvoice!.id}/issue`)).statusCode).toBe(403);
    expect((await f.call('DA', 'GET', '/invoices')).statusCode).toBe(403);
    const own = (await f.call('CA', 'GET', '/invoices?size=100')).json() as {
      items: { companyId: number }[];
    };
    const alpha = await f.companyId('ALPHA');
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((i) => i.companyId === alpha)).toBe(true);
    // A draft of Alpha is the operator's until issued.
    const { invoiceId } = await service().runPeriod(alpha, beforeTheDemo(), actor);
    expect(invoiceId).not.toBeNull();
    expect((await f.call('CA', 'GET', `/invoices/${invoiceId}`)).statusCode).toBe(404);
    expect((await f.call('SA', 'GET', `/invoices/${invoiceId}`)).json()).toMatchObject({
      status: 'DRAFT',
      abilities: { issue: true, run: true },
    });
  });

  it('answers field errors for bad input, never a 5xx', async () => {
    const bad = await f.call('SA', 'POST', '/invoices/runs', { period: '2025-13' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ path: 'period', code: 'billing.periodInvalid' });
    const tariff = await f.call('SA', 'POST', `/companies/${await f.companyId('BETA')}/tariffs`, {
      effectiveFrom: '2030-01',
      currency: 'XXY',
      monthlyFee: '-1',
      pricePerLocate: '0.1234567',
      rebateKind: 'PERCENT',
      rebateValue: '150',
    });
    expect(tariff.statusCode).toBe(400);
    expect(
      tariff
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['currency', 'monthlyFee', 'pricePerLocate', 'rebateValue'].sort());
  });
});
