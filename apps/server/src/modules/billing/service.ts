import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import {
  can,
  currencyDigits,
  type BillingEstimate,
  type CreditNoteBody,
  type DueInvoice,
  type InvoiceDetail,
  type InvoiceListQuery,
  type InvoiceRunBody,
  type InvoiceRunResult,
  type InvoiceStatus,
  type InvoiceSummary,
  type PaymentBody,
  type Tariff,
  type TariffBody,
  type UsageQuery,
  type UsageRow,
} from '@lbs/contracts';
import { authorize, type Caller } from '../../access/caller.ts';
import { conflictOn, invalidField } from '../../access/problems.ts';
import { ownCompanyOf } from '../../access/scope.ts';
import { scoped } from '../../access/scoped.ts';
import type { BillingConfig } from '../../config.ts';
import type { Db, Executor } from '../../db/database.ts';
import { actorOf, audit, SYSTEM_ACTOR, type AuditActor } from '../../events/audit.ts';
import { emit } from '../../events/emit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { RowCache } from '../../lib/row-cache.ts';
import { companyTimeZone } from '../../lib/company-time-zone.ts';
import { buildInvoice, type MsisdnPeriod, type ProposedItem, type TariffTerms } from './build.ts';
import {
  addDays,
  companyBilling,
  localDate,
  localIsoDateTime,
  msisdnPeriods,
  periodDays,
  TARIFF_COLUMNS,
  tariffFor,
} from './facts.ts';
import { formatScaled, parseScaled } from './money.ts';
import type { InvoicePdfInput, PdfLocale } from './pdf.ts';
import { renderPdf as renderInvoicePdf } from './pdf-thread.ts';

/** A run's advisory lock class (the second key is the company and period). */
const RUN_LOCK = 7_305_114;

interface InvoiceRow {
  id: number;
  company_id: number;
  company_name: string;
  time_zone: string;
  period_start: string;
  period_end: string;
  status: InvoiceStatus;
  number: string | null;
  issued_at: Date | null;
  due_on: string | null;
  currency: string;
  tax_rate_percent: string;
  subtotal_minor: number;
  rebate_minor: number;
  tax_minor: number;
  total_minor: number;
  paid_minor: number;
  credited_minor: number;
  overdue: boolean;
  tariff_snapshot: TariffTerms;
  replaces_invoice_id: number | null;
  replaces_number: string | null;
  replaced_by_id: number | null;
  replaced_by_draft: boolean | null;
  void_reason: string | null;
  pdf_sha256: string | null;
}

/** The invoice columns every read uses (`i` the invoice, `c` its company); overdue derived in the company's zone. */
const INVOICE_SELECT = sql`
  select i.id, i.company_id, c.name as company_name,
         ${companyTimeZone('c')} as time_zone,
         to_char(i.period_start, 'YYYY-MM-DD') as period_start, to_char(i.period_end, 'YYYY-MM-DD') as period_end,
         i.status, i.number, i.issued_at, to_char(i.due_on, 'YYYY-MM-DD') as due_on, i.currency,
         i.tax_rate_percent::text as tax_rate_percent, i.subtotal_minor, i.rebate_minor, i.tax_minor, i.total_minor,
         i.paid_minor, i.credited_minor,
         (i.status in ('ISSUED', 'PARTIALLY_PAID') and i.total_minor > i.paid_minor + i.credited_minor
           and i.due_on < (now() at time zone ${companyTimeZone('c')})::date) as overdue,
         i.tariff_snapshot, i.replaces_invoice_id, r.number as replaces_number,
         (select n.id from invoices n where n.replaces_invoice_id = i.id order by n.id desc limit 1) as replaced_by_id,
         (select n.status = 'DRAFT' from invoices n where n.replaces_invoice_id = i.id order by n.id desc limit 1)
           as replaced_by_draft,
         i.void_reason, i.pdf_sha256
  from invoices i join companies c on c.id = i.company_id
  left join invoices r on r.id = i.replaces_invoice_id`;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The language of a company's documents: its country's (Arabic for Saudi Arabia …), English otherwise. */
export function documentLocale(country: string | null): PdfLocale {
  switch ((country ?? '').toUpperCase()) {
    case 'SA':
    case 'AE':
    case 'EG':
    case 'KW':
    case 'QA':
    case 'BH':
    case 'OM':
    case 'JO':
      return 'ar-SA';
    case 'CN':
      return 'zh-Hans-CN';
    case 'IT':
      return 'it-IT';
    case 'ES':
    case 'MX':
    case 'AR':
    case 'CO':
      return 'es';
    case 'FR':
    case 'BE':
    case 'MA':
      return 'fr-FR';
    default:
      return 'en-US';
  }
}

function abilitiesOf(caller: Caller, row: InvoiceRow): InvoiceSummary['abilities'] {
  const role = caller.user.role;
  const open = row.status === 'ISSUED' || row.status === 'PARTIALLY_PAID';
  const balance = row.total_minor - row.paid_minor - row.credited_minor;
  return {
    run: can(role, 'invoice', 'run') && row.status === 'DRAFT',
    issue: can(role, 'invoice', 'issue') && row.status === 'DRAFT',
    void:
      can(role, 'invoice', 'void') &&
      row.status === 'ISSUED' &&
      row.paid_minor === 0 &&
      row.credited_minor === 0,
    creditNote: can(role, 'invoice', 'creditNote') && open && balance > 0,
    recordPayment: can(role, 'invoice', 'recordPayment') && open && balance > 0,
  };
}

function summaryOf(caller: Caller, row: InvoiceRow): InvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    companyId: row.company_id,
    companyName: row.company_name,
    period: row.period_start.slice(0, 7),
    periodStart: row.period_start,
    periodEnd: row.period_end,
    status: row.status,
    overdue: row.overdue,
    issuedAt: iso(row.issued_at),
    dueOn: row.due_on,
    currency: row.currency,
    subtotalMinor: Number(row.subtotal_minor),
    rebateMinor: Number(row.rebate_minor),
    taxMinor: Number(row.tax_minor),
    totalMinor: Number(row.total_minor),
    paidMinor: Number(row.paid_minor),
    creditedMinor: Number(row.credited_minor),
    balanceMinor: Number(row.total_minor) - Number(row.paid_minor) - Number(row.credited_minor),
    abilities: abilitiesOf(caller, row),
  };
}

const SORT_SQL: Record<string, string> = {
  period: 'i.period_start',
  number: 'i.number',
  issuedAt: 'i.issued_at',
  dueOn: 'i.due_on',
  totalMinor: 'i.total_minor',
  companyName: 'c.name',
  status: 'i.status',
};

export type BillingService = ReturnType<typeof billingService>;

/**
 * Invoices, tariffs and usage for callers (scoped: a CompanyAdmin reaches its company's issued invoices, a SuperAdmin
 * every company's, drafts too), and the runs, issues, voids, credits and payments that keep them. Every write is
 * audited in its own transaction; the database refuses what must never happen (see migration 0013).
 */
export function billingService({
  db,
  config,
  now = () => new Date(),
}: {
  db: Db;
  config: BillingConfig;
  now?: () => Date;
}) {
  /** The ids of invoices the caller reaches (drafts only for those who may run them). */
  function reachable(caller: Caller) {
    let q = scoped(db, caller.scope).companyOwned('invoices').select('invoices.id');
    if (!can(caller.user.role, 'invoice', 'run')) q = q.where('invoices.status', '<>', 'DRAFT');
    return q;
  }

  async function rowOf(dbx: Executor, id: number, lock = false): Promise<InvoiceRow | undefined> {
    const { rows } =
      await sql<InvoiceRow>`${INVOICE_SELECT} where i.id = ${id} ${lock ? sql`for update of i` : sql``}`.execute(
        dbx,
      );
    return rows[0];
  }

  async function rowInScope(caller: Caller, id: number): Promise<InvoiceRow> {
    const found = await reachable(caller).where('invoices.id', '=', id).executeTakeFirst();
    const row = found && (await rowOf(db, id));
    if (!row) throw notFound('The invoice');
    return row;
  }

  async function detailOf(caller: Caller, row: InvoiceRow, dbx: Executor = db): Promise<InvoiceDetail> {
    const [items, payments, credits] = await Promise.all([
      sql<{
        id: number;
        kind: InvoiceDetail['items'][number]['kind'];
        msisdn_id: number | null;
        msisdn: string | null;
        employee_name: string | null;
        quantity: string;
        unit_price: string;
        amount_minor: number;
        active_days: number | null;
        locates: number | null;
        included_locates: number | null;
      }>`select id, kind, msisdn_id, msisdn, employee_name, quantity::text as quantity, unit_price::text as unit_price,
                amount_minor, active_days, locates, included_locates
         from invoice_items where invoice_id = ${row.id} order by position`.execute(dbx),
      sql<{
        id: number;
        amount_minor: number;
        paid_on: string;
        method: InvoiceDetail['payments'][number]['method'];
        reference: string | null;
        recorded_by: string;
        created_at: Date;
      }>`select id, amount_minor, to_char(paid_on, 'YYYY-MM-DD') as paid_on, method, reference, recorded_by, created_at
         from payments where invoice_id = ${row.id} order by id`.execute(dbx),
      sql<{ id: number; number: string; amount_minor: number; reason: string; issued_at: Date }>`
         select id, number, amount_minor, reason, issued_at from credit_notes where invoice_id = ${row.id} order by id`.execute(
        dbx,
      ),
    ]);
    const t = row.tariff_snapshot;
    return {
      ...summaryOf(caller, row),
      items: items.rows.map((i) => ({
        id: Number(i.id),
        kind: i.kind,
        msisdnId: i.msisdn_id,
        msisdn: i.msisdn,
        employeeName: i.employee_name,
        quantity: i.quantity,
        unitPrice: i.unit_price,
        amountMinor: Number(i.amount_minor),
        activeDays: i.active_days,
        locates: i.locates,
        includedLocates: i.included_locates,
      })),
      payments: payments.rows.map((p) => ({
        id: p.id,
        amountMinor: Number(p.amount_minor),
        paidOn: p.paid_on,
        method: p.method,
        reference: p.reference,
        recordedBy: p.recorded_by,
        createdAt: new Date(p.created_at).toISOString(),
      })),
      creditNotes: credits.rows.map((c) => ({
        id: c.id,
        number: c.number,
        amountMinor: Number(c.amount_minor),
        reason: c.reason,
        issuedAt: new Date(c.issued_at).toISOString(),
      })),
      tariff: {
        effectiveFrom: t.effectiveFrom ?? row.period_start,
        currency: t.currency ?? row.currency,
        monthlyFee: t.monthlyFee ?? '0',
        pricePerLocate: t.pricePerLocate ?? '0',
        includedLocates: t.includedLocates ?? 0,
        billableLocates: t.billableLocates ?? 'SUCCESSFUL',
        proration: t.proration ?? 'FULL_MONTH',
        rebateKind: t.rebateKind ?? 'NONE',
        rebateValue: t.rebateValue ?? '0',
        taxRatePercent: t.taxRatePercent ?? row.tax_rate_percent,
        paymentTermsDays: t.paymentTermsDays ?? 30,
        graceDays: t.graceDays ?? 0,
        reviewDays: t.reviewDays ?? 0,
      },
      taxRatePercent: row.tax_rate_percent,
      voidReason: row.void_reason,
      replacesInvoiceId: row.replaces_invoice_id,
      replacesNumber: row.replaces_number,
      // A replacement still in draft is the operator's until issued.
      replacedById:
        row.replaced_by_draft && !can(caller.user.role, 'invoice', 'run') ? null : row.replaced_by_id,
      pdfSha256: row.pdf_sha256,
      paymentInstructions: config.paymentInstructions,
    };
  }

  // ── Runs ──

  /**
   * Builds the company's DRAFT for the period from the facts, or leaves it as it is when nothing changed, or does
   * nothing when the period is issued. Serialised per (company, period) by an advisory lock and guarded by the
   * unique index of one non-void invoice per period: any number of runs, concurrent or repeated after a crash,
   * leave one invoice with the same content.
   */
  async function runPeriod(
    companyId: number,
    period: string,
    actor: AuditActor,
  ): Promise<{ outcome: InvoiceRunResult['outcome']; invoiceId: number | null }> {
    return db.transaction().execute(async (tx) => {
      await sql`select pg_advisory_xact_lock(${RUN_LOCK}, hashtext(${`${companyId}:${period}`}))`.execute(tx);
      const company = await companyBilling(tx, companyId);
      if (!company) throw notFound('The company');
      // Only a month that has ended in the company's zone is billed (its usage is complete).
      if (period >= localDate(now(), company.timeZone).slice(0, 7))
        throw conflictOn('billing.periodNotEnded', 'period');
      const { start, end } = periodDays(period);
      const existing = (
        await sql<{ id: number; status: InvoiceStatus; content_hash: string }>`
          select id, status, content_hash from invoices
          where company_id = ${companyId} and period_start = ${start}::date and status <> 'VOID' for update`.execute(
          tx,
        )
      ).rows[0];
      if (existing && existing.status !== 'DRAFT')
        return { outcome: 'ALREADY_ISSUED', invoiceId: existing.id };
      const { terms, proposed } = await proposeFor(tx, companyId, period, company.timeZone);
      // No line with an amount (no active MSISDN, or a free tariff): no invoice; a draft from an earlier run goes.
      if (!proposed || proposed.subtotalMinor === 0) {
        if (existing) {
          await tx.deleteFrom('invoice_items').where('invoice_id', '=', existing.id).execute();
          await tx.deleteFrom('invoices').where('id', '=', existing.id).execute();
          await audit(tx, actor, {
            action: 'invoice.discard',
            entity: 'invoice',
            entityId: existing.id,
            companyId,
            detail: { period, reason: 'nothing to bill' },
          });
        }
        return { outcome: 'NOTHING_TO_BILL', invoiceId: null };
      }
      if (existing?.content_hash === proposed.contentHash)
        return { outcome: 'DRAFTED', invoiceId: existing.id };
      const values = {
        currency: terms!.currency,
        tax_rate_percent: terms!.taxRatePercent,
        subtotal_minor: proposed.subtotalMinor,
        rebate_minor: proposed.rebateMinor,
        tax_minor: proposed.taxMinor,
        total_minor: proposed.totalMinor,
        tariff_snapshot: JSON.stringify(terms),
        content_hash: proposed.contentHash,
        updated_at: now(),
      };
      let invoiceId: number;
      if (existing) {
        invoiceId = existing.id;
        await tx.updateTable('invoices').set(values).where('id', '=', invoiceId).execute();
        await tx.deleteFrom('invoice_items').where('invoice_id', '=', invoiceId).execute();
      } else {
        const replaced = await tx
          .selectFrom('invoices')
          .select('id')
          .where('company_id', '=', companyId)
          .where('period_start', '=', start)
          .where('status', '=', 'VOID')
          .orderBy('id', 'desc')
          .executeTakeFirst();
        const inserted = await tx
          .insertInto('invoices')
          .values({
            company_id: companyId,
            period_start: start,
            period_end: end,
            status: 'DRAFT',
            replaces_invoice_id: replaced?.id ?? null,
            ...values,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        invoiceId = inserted.id;
      }
      // The lines as arrays, one statement whatever their number (a VALUES list binds 12 parameters per line).
      const lines = proposed.items;
      const col = <T>(pick: (item: ProposedItem) => T) => lines.map(pick);
      await sql`
        insert into invoice_items (invoice_id, position, kind, msisdn_id, msisdn, employee_name, quantity, unit_price,
                                   amount_minor, active_days, locates, included_locates)
        select ${invoiceId}, * from unnest(
          ${col((i) => i.position)}::int[], ${col((i) => i.kind)}::text[], ${col((i) => i.msisdnId)}::int[],
          ${col((i) => i.msisdn)}::text[], ${col((i) => i.employeeName)}::text[], ${col((i) => i.quantity)}::numeric[],
          ${col((i) => i.unitPrice)}::numeric[], ${col((i) => i.amountMinor)}::int8[], ${col((i) => i.activeDays)}::int[],
          ${col((i) => i.locates)}::int[], ${col((i) => i.includedLocates)}::int[]
        )`.execute(tx);
      await audit(tx, actor, {
        action: existing ? 'invoice.rebuild' : 'invoice.draft',
        entity: 'invoice',
        entityId: invoiceId,
        companyId,
        detail: { period, totalMinor: proposed.totalMinor, lines: proposed.items.length },
      });
      return { outcome: 'DRAFTED', invoiceId };
    });
  }

  // ── Issue ──

  async function nextNumber(tx: Executor, series: 'INV' | 'CN', year: number): Promise<string> {
    const { rows } = await sql<{ last: number }>`
      insert into billing_counters (series, year, last) values (${series}, ${year}, 1)
      on conflict (series, year) do update set last = billing_counters.last + 1
      returning last`.execute(tx);
    return `${series}-${year}-${String(rows[0]!.last).padStart(6, '0')}`;
  }

  async function pdfInputOf(dbx: Executor, row: InvoiceRow, detail: InvoiceDetail): Promise<InvoicePdfInput> {
    const company = await companyBilling(dbx, row.company_id);
    return {
      kind: 'INVOICE',
      locale: documentLocale(company?.country ?? null),
      number: row.number ?? 'DRAFT',
      seller: {
        name: config.sellerName,
        address: config.sellerAddress,
        vatNumber: config.sellerVatNumber ?? null,
        country: config.sellerCountry,
      },
      client: {
        name: row.company_name,
        address: company?.address ?? null,
        country: company?.country ?? null,
      },
      issuedAt: localIsoDateTime(row.issued_at ? new Date(row.issued_at) : now(), row.time_zone),
      dueOn: row.due_on,
      periodStart: row.period_start,
      periodEnd: row.period_end,
      currency: row.currency,
      minorDigits: currencyDigits(row.currency),
      taxRate: formatScaled(parseScaled(row.tax_rate_percent) / 100n),
      items: detail.items.map((i) => ({
        kind: i.kind,
        msisdn: i.msisdn,
        employeeName: i.employeeName,
        quantity: i.quantity,
        unitPrice: i.unitPrice,
        amountMinor: i.amountMinor,
      })),
      subtotalMinor: detail.subtotalMinor,
      rebateMinor: detail.rebateMinor,
      taxMinor: detail.taxMinor,
      totalMinor: detail.totalMinor,
      tariff: {
        monthlyFee: detail.tariff.monthlyFee,
        pricePerLocate: detail.tariff.pricePerLocate,
        includedLocates: detail.tariff.includedLocates,
      },
      replaces: detail.replacesNumber,
      paymentReference: config.paymentInstructions,
    };
  }

  /**
   * Issues a draft: the next gapless number (the counter row stays locked until commit, so a rolled-back issue
   * gives its number back), issue and due dates in the company's zone, the PDF rendered once and stored with its
   * SHA-256, INVOICE_ISSUED. A second issue of the same invoice finds it issued and answers 409.
   */
  async function issueInvoice(
    id: number,
    actor: AuditActor,
    { renderPdf = true }: { renderPdf?: boolean } = {},
  ): Promise<void> {
    await db.transaction().execute(async (tx) => {
      const row = await rowOf(tx, id, true);
      if (!row) throw notFound('The invoice');
      if (row.status !== 'DRAFT') throw conflictOn('billing.notDraft');
      const at = now();
      const today = localDate(at, row.time_zone);
      const number = await nextNumber(tx, 'INV', Number(today.slice(0, 4)));
      const dueOn = addDays(today, row.tariff_snapshot.paymentTermsDays ?? 30);
      // Nothing to pay (a rebate of the whole amount): settled as it is issued, never due.
      const status: InvoiceStatus = Number(row.total_minor) === 0 ? 'PAID' : 'ISSUED';
      await tx
        .updateTable('invoices')
        .set({ status, number, issued_at: at, due_on: dueOn, updated_at: at })
        .where('id', '=', id)
        .execute();
      await emit(tx, {
        type: 'INVOICE_ISSUED',
        companyId: row.company_id,
        subject: { type: 'invoice', id },
        payload: {
          number,
          period: row.period_start.slice(0, 7),
          currency: row.currency,
          totalMinor: Number(row.total_minor),
          dueOn,
        },
        idempotencyKey: `invoice-issued:${id}`,
      });
      await audit(tx, actor, {
        action: 'invoice.issue',
        entity: 'invoice',
        entityId: id,
        companyId: row.company_id,
        detail: { number, dueOn, status, totalMinor: Number(row.total_minor) },
      });
    });
    // The PDF after the commit (rendering takes seconds: the counter row and the connection are not held for it);
    // stored once. Should it fail, the first download renders it.
    if (renderPdf) await storedPdf(id, actor).catch(() => undefined);
  }

  /**
   * An issued invoice's PDF: the stored bytes; rendered and stored first when an issue left it for later (the demo
   * history, or a render that failed). Stored once: a concurrent first download keeps the first bytes.
   */
  async function storedPdf(id: number, actor: AuditActor = SYSTEM_ACTOR('billing.pdf')): Promise<Buffer> {
    const stored = await db.selectFrom('invoices').select('pdf').where('id', '=', id).executeTakeFirst();
    if (stored?.pdf) return Buffer.from(stored.pdf);
    const row = (await rowOf(db, id))!;
    let bytes: Buffer;
    try {
      bytes = await renderInvoicePdf(await pdfInputOf(db, row, await detailOf(systemCaller, row)));
    } catch (error) {
      throw new AppError(
        503,
        'billing.pdfUnavailable',
        `The invoice PDF could not be rendered: ${String(error)}`,
      );
    }
    const sha = createHash('sha256').update(bytes).digest('hex');
    await db.transaction().execute(async (tx) => {
      const written = await tx
        .updateTable('invoices')
        .set({ pdf: bytes, pdf_sha256: sha })
        .where('id', '=', id)
        .where('pdf', 'is', null)
        .executeTakeFirst();
      if (Number(written.numUpdatedRows) > 0)
        await audit(tx, actor, {
          action: 'invoice.pdf',
          entity: 'invoice',
          entityId: id,
          companyId: row.company_id,
          detail: { number: row.number, pdfSha256: sha, bytes: bytes.length },
        });
    });
    const kept = await db.selectFrom('invoices').select('pdf').where('id', '=', id).executeTakeFirstOrThrow();
    return Buffer.from(kept.pdf!);
  }

  /** A caller with the SuperAdmin's abilities, for work the system does on its own (automatic issue). */
  const systemCaller: Caller = {
    user: { id: 0, username: 'system', role: 'SuperAdmin' } as Caller['user'],
    scope: { tier: 'all' } as Caller['scope'],
    requestId: undefined,
  };

  async function settle(
    caller: Caller,
    id: number,
    what: 'payment' | 'credit',
    amountMinor: number,
    write: (tx: Executor, row: InvoiceRow) => Promise<Record<string, unknown>>,
  ): Promise<InvoiceDetail> {
    await rowInScope(caller, id);
    return db.transaction().execute(async (tx) => {
      const row = (await rowOf(tx, id, true))!;
      if (row.status !== 'ISSUED' && row.status !== 'PARTIALLY_PAID') throw conflictOn('billing.notOpen');
      const balance = Number(row.total_minor) - Number(row.paid_minor) - Number(row.credited_minor);
      if (amountMinor > balance) throw invalidField('amountMinor', 'billing.amountAboveBalance');
      const paid = Number(row.paid_minor) + (what === 'payment' ? amountMinor : 0);
      const credited = Number(row.credited_minor) + (what === 'credit' ? amountMinor : 0);
      const left = Number(row.total_minor) - paid - credited;
      const status: InvoiceStatus = left === 0 ? 'PAID' : paid > 0 ? 'PARTIALLY_PAID' : row.status;
      const detail = await write(tx, row);
      await tx
        .updateTable('invoices')
        .set({ paid_minor: paid, credited_minor: credited, status, updated_at: now() })
        .where('id', '=', id)
        .execute();
      if (what === 'payment')
        await emit(tx, {
          type: 'PAYMENT_RECORDED',
          companyId: row.company_id,
          subject: { type: 'invoice', id },
          payload: { number: row.number!, currency: row.currency, amountMinor, balanceMinor: left },
        });
      await audit(tx, actorOf(caller), {
        action: what === 'payment' ? 'invoice.payment' : 'invoice.creditNote',
        entity: 'invoice',
        entityId: id,
        companyId: row.company_id,
        detail: { ...detail, amountMinor, balanceMinor: left, status },
      });
      return detailOf(caller, (await rowOf(tx, id))!, tx);
    });
  }

  return {
    runPeriod,
    issueInvoice,

    async list(caller: Caller, query: InvoiceListQuery) {
      authorize(caller, 'invoice', 'list');
      const where = [sql`i.id in (${reachable(caller)})`];
      if (query.companyId !== undefined) where.push(sql`i.company_id = ${query.companyId}`);
      if (query.status) where.push(sql`i.status = ${query.status}`);
      if (query.period) where.push(sql`i.period_start = ${`${query.period}-01`}::date`);
      if (query.q) where.push(sql`(i.number ilike ${`%${query.q}%`} or c.name ilike ${`%${query.q}%`})`);
      const overdueSql = sql`(i.status in ('ISSUED', 'PARTIALLY_PAID') and i.total_minor > i.paid_minor + i.credited_minor
        and i.due_on < (now() at time zone ${companyTimeZone('c')})::date)`;
      if (query.overdue !== undefined) where.push(query.overdue ? overdueSql : sql`not ${overdueSql}`);
      const condition = sql.join(where, sql` and `);
      const [field, direction] = query.sort
        ? [query.sort.replace(/^-/, ''), query.sort.startsWith('-') ? 'desc' : 'asc']
        : ['period', 'desc'];
      const order = sql.raw(`${SORT_SQL[field] ?? 'i.period_start'} ${direction} nulls last, i.id desc`);
      const [{ rows }, total] = await Promise.all([
        sql<InvoiceRow>`${INVOICE_SELECT} where ${condition} order by ${order}
          limit ${query.size} offset ${(query.page - 1) * query.size}`.execute(db),
        sql<{ n: number }>`select count(*)::int as n from invoices i join companies c on c.id = i.company_id
          where ${condition}`.execute(db),
      ]);
      return {
        items: rows.map((r) => summaryOf(caller, r)),
        total: total.rows[0]!.n,
        page: query.page,
        size: query.size,
      };
    },

    async get(caller: Caller, id: number): Promise<InvoiceDetail> {
      authorize(caller, 'invoice', 'read');
      return detailOf(caller, await rowInScope(caller, id));
    },

    /** The PDF: the stored bytes of an issued invoice (its hash proves it), a preview of a draft. */
    async pdf(caller: Caller, id: number): Promise<{ bytes: Buffer; filename: string }> {
      authorize(caller, 'invoice', 'read');
      const row = await rowInScope(caller, id);
      if (row.status !== 'DRAFT') return { bytes: await storedPdf(id), filename: `${row.number}.pdf` };
      const detail = await detailOf(caller, row);
      const bytes = await renderInvoicePdf(await pdfInputOf(db, row, detail));
      return { bytes, filename: `${row.number ?? `draft-${row.period_start.slice(0, 7)}`}.pdf` };
    },

    async run(
      caller: Caller,
      body: InvoiceRunBody,
      enqueueAll: (period: string) => Promise<number>,
    ): Promise<InvoiceRunResult> {
      authorize(caller, 'invoice', 'run');
      if (body.companyId === undefined) {
        const queued = await enqueueAll(body.period);
        return { invoice: null, outcome: 'QUEUED', queued };
      }
      // The company is a field of the body here: one out of scope is a field error, not a missing resource.
      if (!(await companyVisible(caller, body.companyId)))
        throw invalidField('companyId', 'validation.companyRequired');
      const { outcome, invoiceId } = await runPeriod(body.companyId, body.period, actorOf(caller));
      const row = invoiceId === null ? undefined : await rowOf(db, invoiceId);
      return { invoice: row ? summaryOf(caller, row) : null, outcome, queued: 0 };
    },

    async issue(caller: Caller, id: number): Promise<InvoiceDetail> {
      authorize(caller, 'invoice', 'issue');
      await rowInScope(caller, id);
      await issueInvoice(id, actorOf(caller));
      return detailOf(caller, (await rowOf(db, id))!);
    },

    async void(caller: Caller, id: number, reason: string): Promise<InvoiceDetail> {
      authorize(caller, 'invoice', 'void');
      await rowInScope(caller, id);
      return db.transaction().execute(async (tx) => {
        const row = (await rowOf(tx, id, true))!;
        if (row.status === 'DRAFT') throw conflictOn('billing.notOpen');
        if (Number(row.paid_minor) > 0 || Number(row.credited_minor) > 0)
          throw conflictOn('billing.cannotVoidPaid');
        if (row.status !== 'ISSUED') throw conflictOn('billing.notOpen');
        await tx
          .updateTable('invoices')
          .set({ status: 'VOID', void_reason: reason, voided_at: now(), updated_at: now() })
          .where('id', '=', id)
          .execute();
        await audit(tx, actorOf(caller), {
          action: 'invoice.void',
          entity: 'invoice',
          entityId: id,
          companyId: row.company_id,
          detail: { number: row.number, reason },
        });
        return detailOf(caller, (await rowOf(tx, id))!, tx);
      });
    },

    async creditNote(caller: Caller, id: number, body: CreditNoteBody): Promise<InvoiceDetail> {
      authorize(caller, 'invoice', 'creditNote');
      return settle(caller, id, 'credit', body.amountMinor, async (tx, row) => {
        const number = await nextNumber(tx, 'CN', Number(localDate(now(), row.time_zone).slice(0, 4)));
        await tx
          .insertInto('credit_notes')
          .values({
            invoice_id: id,
            number,
            amount_minor: body.amountMinor,
            reason: body.reason,
            created_by: caller.user.username,
          })
          .execute();
        return { creditNote: number, reason: body.reason };
      });
    },

    async recordPayment(caller: Caller, id: number, body: PaymentBody): Promise<InvoiceDetail> {
      authorize(caller, 'invoice', 'recordPayment');
      return settle(caller, id, 'payment', body.amountMinor, async (tx) => {
        await tx
          .insertInto('payments')
          .values({
            invoice_id: id,
            amount_minor: body.amountMinor,
            paid_on: body.paidOn,
            method: body.method,
            reference: body.reference,
            recorded_by: caller.user.username,
          })
          .execute();
        return { paidOn: body.paidOn, method: body.method, reference: body.reference };
      });
    },

    // ── Tariffs ──

    async tariffs(caller: Caller, companyId: number): Promise<{ items: Tariff[] }> {
      authorize(caller, 'tariff', 'list');
      await companyInScope(caller, companyId);
      const { rows } = await sql<Tariff>`
        select id, company_id as "companyId", ${TARIFF_COLUMNS}, created_at as "createdAt"
        from tariffs where company_id = ${companyId} order by effective_from desc`.execute(db);
      return { items: rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })) };
    },

    async addTariff(caller: Caller, companyId: number, body: TariffBody): Promise<Tariff> {
      authorize(caller, 'tariff', 'create');
      await companyInScope(caller, companyId);
      const effectiveFrom = `${body.effectiveFrom}-01`;
      return db.transaction().execute(async (tx) => {
        const invoiced = await tx
          .selectFrom('invoices')
          .select('id')
          .where('company_id', '=', companyId)
          .where('period_start', '>=', effectiveFrom)
          .where('status', 'not in', ['DRAFT', 'VOID'])
          .executeTakeFirst();
        if (invoiced) throw conflictOn('billing.tariffPeriodInvoiced', 'effectiveFrom');
        // A version of the same month is replaced (its terms before are kept in the audit).
        const { rows: before } = await sql<Record<string, unknown>>`
          select ${TARIFF_COLUMNS} from tariffs where company_id = ${companyId} and effective_from = ${effectiveFrom}::date
          for update`.execute(tx);
        const values = {
          currency: body.currency,
          monthly_fee: body.monthlyFee,
          price_per_locate: body.pricePerLocate,
          included_locates: body.includedLocates,
          billable_locates: body.billableLocates,
          proration: body.proration,
          rebate_kind: body.rebateKind,
          rebate_value: body.rebateValue,
          tax_rate_percent: body.taxRatePercent,
          payment_terms_days: body.paymentTermsDays,
          grace_days: body.graceDays,
          review_days: body.reviewDays,
          created_by: caller.user.username,
        };
        const saved = await tx
          .insertInto('tariffs')
          .values({ company_id: companyId, effective_from: effectiveFrom, ...values })
          .onConflict((oc) => oc.columns(['company_id', 'effective_from']).doUpdateSet(values))
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(tx, actorOf(caller), {
          action: before.length ? 'tariff.update' : 'tariff.create',
          entity: 'tariff',
          entityId: saved.id,
          companyId,
          detail: before.length ? { before: before[0], after: { ...body } } : { ...body },
        });
        const { rows } = await sql<Tariff>`
          select id, company_id as "companyId", ${TARIFF_COLUMNS}, created_at as "createdAt"
          from tariffs where id = ${saved.id}`.execute(tx);
        return { ...rows[0]!, createdAt: new Date(rows[0]!.createdAt).toISOString() };
      });
    },

    // ── Usage and the month so far ──

    async usage(caller: Caller, query: UsageQuery) {
      authorize(caller, 'usage', 'list');
      const companyId = query.companyId ?? ownCompanyOf(caller.scope);
      if (companyId === undefined || companyId === null)
        throw invalidField('companyId', 'validation.companyRequired');
      const company = await companyInScope(caller, companyId);
      const where = [sql`u.company_id = ${companyId}`];
      if (query.msisdnId !== undefined) where.push(sql`u.msisdn_id = ${query.msisdnId}`);
      if (query.billable !== undefined) where.push(query.billable ? sql`u.success` : sql`not u.success`);
      if (query.period) {
        const { start } = periodDays(query.period);
        where.push(sql`u.at >= (${start}::date)::timestamp at time zone ${company.timeZone}
          and u.at < ((${start}::date + interval '1 month')::timestamp at time zone ${company.timeZone})`);
      }
      const condition = sql.join(where, sql` and `);
      const direction = sql.raw(query.sort === 'at' ? 'asc' : 'desc');
      const [{ rows }, total] = await Promise.all([
        sql<{
          id: number;
          at: Date;
          msisdn_id: number;
          msisdn: string | null;
          locate_request_id: number;
          requested_by: 'SCHEDULE' | 'USER';
          result_code: string;
          success: boolean;
        }>`select u.id, u.at, u.msisdn_id, coalesce(m.msisdn, '#' || u.msisdn_id) as msisdn, u.locate_request_id,
                  u.requested_by, u.result_code, u.success
           from locate_usage u left join msisdns m on m.id = u.msisdn_id
           where ${condition} order by u.at ${direction}, u.id ${direction}
           limit ${query.size} offset ${(query.page - 1) * query.size}`.execute(db),
        sql<{ n: number }>`select count(*)::int as n from locate_usage u where ${condition}`.execute(db),
      ]);
      await audit(db, actorOf(caller), {
        action: 'usage.view',
        entity: 'locate_usage',
        companyId,
        detail: { msisdnId: query.msisdnId ?? null, period: query.period ?? null },
      });
      const items: UsageRow[] = rows.map((r) => ({
        id: Number(r.id),
        at: new Date(r.at).toISOString(),
        msisdnId: r.msisdn_id,
        msisdn: r.msisdn ?? `#${r.msisdn_id}`,
        locateRequestId: Number(r.locate_request_id),
        requestedBy: r.requested_by,
        resultCode: r.result_code,
        success: r.success,
      }));
      return { items, total: total.rows[0]!.n, page: query.page, size: query.size };
    },

    async estimate(caller: Caller, companyIdParam: number | undefined): Promise<BillingEstimate> {
      authorize(caller, 'invoice', 'list');
      const companyId = companyIdParam ?? ownCompanyOf(caller.scope);
      if (companyId === undefined || companyId === null)
        throw invalidField('companyId', 'validation.companyRequired');
      const company = await companyInScope(caller, companyId);
      const at = now();
      const period = localDate(at, company.timeZone).slice(0, 7);
      const { terms, facts, proposed } = await proposeFor(db, companyId, period, company.timeZone, at);
      const rule = terms?.billableLocates ?? 'SUCCESSFUL';
      return {
        companyId,
        period,
        currency: terms?.currency ?? 'EUR',
        activeMsisdns: facts.filter((f) => f.activeDays > 0).length,
        locates: facts.reduce((n, f) => n + f.allLocates, 0),
        billableLocates: facts.reduce((n, f) => n + (rule === 'ALL' ? f.allLocates : f.successfulLocates), 0),
        subtotalMinor: proposed ? proposed.subtotalMinor - proposed.rebateMinor : 0,
        taxMinor: proposed?.taxMinor ?? 0,
        totalMinor: proposed?.totalMinor ?? 0,
      };
    },
  };

  async function companyVisible(caller: Caller, companyId: number): Promise<boolean> {
    const found = await scoped(db, caller.scope)
      .companies()
      .select('companies.id')
      .where('companies.id', '=', companyId)
      .executeTakeFirst();
    return found !== undefined;
  }

  async function companyInScope(caller: Caller, companyId: number) {
    const company = (await companyVisible(caller, companyId)) && (await companyBilling(db, companyId));
    if (!company) throw notFound('The company');
    return company;
  }
}

/**
 * What the month would bill: the tariff in effect on its first day, the MSISDNs' days and locates (up to `until`,
 * for a month still running) and the invoice built from them (none without a tariff). The run and the estimate
 * both ask this.
 */
async function proposeFor(
  dbx: Executor,
  companyId: number,
  period: string,
  timeZone: string,
  until?: Date,
): Promise<{
  terms: TariffTerms | undefined;
  facts: MsisdnPeriod[];
  proposed: ReturnType<typeof buildInvoice> | undefined;
}> {
  const { start, days } = periodDays(period);
  const terms = await tariffFor(dbx, companyId, start);
  const facts = await msisdnPeriods(dbx, companyId, period, timeZone, until);
  return { terms, facts, proposed: terms ? buildInvoice(terms, days, facts) : undefined };
}

/**
 * `/me`'s due rule: the company's invoices that lock the portal — issued, not settled, past their due date plus
 * the tariff's grace days, in the company's time zone.
 */
export async function dueInvoicesOf(
  db: Executor,
  companyId: number,
  paymentInstructions: string | null = null,
): Promise<DueInvoice[]> {
  const { rows } = await sql<{
    id: number;
    number: string;
    company_id: number;
    company_name: string;
    period_start: string;
    issued_on: string;
    due_on: string;
    currency: string;
    total_minor: number;
    paid_minor: number;
    credited_minor: number;
    status: InvoiceStatus;
  }>`
    select i.id, i.number, i.company_id, c.name as company_name, to_char(i.period_start, 'YYYY-MM-DD') as period_start,
           to_char((i.issued_at at time zone ${companyTimeZone('c')})::date, 'YYYY-MM-DD') as issued_on,
           to_char(i.due_on, 'YYYY-MM-DD') as due_on, i.currency, i.total_minor, i.paid_minor, i.credited_minor, i.status
    from invoices i join companies c on c.id = i.company_id
    where i.company_id = ${companyId} and i.status in ('ISSUED', 'PARTIALLY_PAID')
      and i.total_minor > i.paid_minor + i.credited_minor
      and i.due_on + coalesce((i.tariff_snapshot->>'graceDays')::int, 0)
          < (now() at time zone ${companyTimeZone('c')})::date
    order by i.due_on, i.id`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    companyId: r.company_id,
    companyName: r.company_name,
    period: r.period_start.slice(0, 7),
    issuedOn: r.issued_on,
    dueOn: r.due_on,
    currency: r.currency,
    totalMinor: Number(r.total_minor),
    balanceMinor: Number(r.total_minor) - Number(r.paid_minor) - Number(r.credited_minor),
    status: r.status,
    paymentInstructions,
  }));
}

/**
 * dueInvoicesOf through a cache that row changes keep current (events/row-changes.ts): an entry goes when one of
 * the company's invoices changes (issued, paid, credited, voided) or the company does (its time zone). A due date
 * that passes at the company's midnight is seen within the cache's time limit.
 */
export function cachedDueInvoices(
  db: Executor,
  cache: RowCache<DueInvoice[]>,
  paymentInstructions: string | null = null,
): (companyId: number) => Promise<DueInvoice[]> {
  return async (companyId) =>
    (await cache.get(String(companyId), async () => ({
      value: await dueInvoicesOf(db, companyId, paymentInstructions),
      tags: [`company-invoices:${companyId}`, `company:${companyId}`],
    }))) ?? [];
}
