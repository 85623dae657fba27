import { sql } from 'kysely';
import { CONSENT_DEFAULTS, type CompanyConfig, type TrackingWindow } from '@lbs/contracts';
import type { Db } from '../../db/database.ts';
import { auditMany, SYSTEM_ACTOR } from '../../events/audit.ts';
import { emit } from '../../events/emit.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import { localTime } from '../../location/tracking-window.ts';
import { queueSms } from '../../messaging/queue.ts';
import { reminderText } from './consent.ts';

export const CONSENT_JOB = 'consent.reminders';
/** The consent job looks this often for reminders due and requests unanswered past the limit. */
export const CONSENT_EVERY_MS = 15 * 60_000;
/**
 * Hours of the company's wall clock (from, to) in which employees are reminded and admins told of unanswered
 * requests: a civil hour, whatever the tracking window (a night shift's window is no time for an SMS).
 */
export const CONSENT_CIVIL_HOURS = { from: 9, to: 20 } as const;
const DAY_MS = 86_400_000;
/** Reminders queued per transaction (each an SMS in the outbox, a reminder row and an audit row). */
const BATCH = 500;

export interface ConsentRunReport {
  reminded: number;
  flagged: number;
}

/** Whether `at` is a civil hour of one of the tracking window's days, on the company's wall clock. */
export function isCivilHour(window: TrackingWindow, at: Date): boolean {
  const local = localTime(window.timezone, at);
  return (
    window.days.includes(local.isoDay) &&
    local.hour >= CONSENT_CIVIL_HOURS.from &&
    local.hour < CONSENT_CIVIL_HOURS.to
  );
}

const settingsOf = (config: Partial<CompanyConfig>) => ({
  reminderDays: config.consentReminderDays ?? CONSENT_DEFAULTS.consentReminderDays,
  pendingDays: config.consentPendingDays ?? CONSENT_DEFAULTS.consentPendingDays,
});

/**
 * One pass of the consent job over the active companies whose wall clock shows a civil hour of a tracking-window
 * day: reminders to employees whose consent is GRANTED (every `consentReminderDays` since the grant; 0 is off), and
 * one CONSENT_PENDING_EXPIRED event per company for the requests newly unanswered past `consentPendingDays`.
 * Idempotent: a reminder row is unique per (MSISDN, grant, period) and written with its SMS in one transaction; a
 * flag is a column written with its event.
 */
export async function runConsentJob(db: Db, now: Date): Promise<ConsentRunReport> {
  const companies = await db
    .selectFrom('companies')
    .select(['id', 'name', 'config'])
    .where('status', '=', 'ACTIVE')
    .orderBy('id')
    .execute();
  const report: ConsentRunReport = { reminded: 0, flagged: 0 };
  for (const company of companies) {
    const window = company.config.trackingWindow;
    if (!window || !isCivilHour(window, now)) continue;
    const { reminderDays, pendingDays } = settingsOf(company.config);
    if (reminderDays > 0)
      report.reminded += await remind(db, { id: company.id, name: company.name, window }, reminderDays, now);
    report.flagged += await flagUnanswered(db, company.id, pendingDays, now);
  }
  return report;
}

/** Reminds, in batches, every GRANTED and tracked employee of the company whose reminder period is due. */
async function remind(
  db: Db,
  company: { id: number; name: string; window: TrackingWindow },
  days: number,
  now: Date,
): Promise<number> {
  const periodMs = days * DAY_MS;
  const dueBefore = new Date(now.getTime() - periodMs);
  const text = reminderText(company.name, company.window);
  let total = 0;
  for (;;) {
    const sent = await db.transaction().execute(async (trx) => {
      // The period counts whole reminder intervals since the grant; none is due twice, and none within an interval
      // of the last one (a shorter interval set since does not send a burst).
      const { rows } = await sql<{ id: number; msisdn: string; msisdn_id: number }>`
        insert into consent_reminders (msisdn_id, company_id, granted_at, period, sent_at)
        select m.id, m.company_id, m.consent_at,
               floor(extract(epoch from (${now}::timestamptz - m.consent_at)) * 1000 / ${periodMs})::int, ${now}
        from msisdns m
        where m.company_id = ${company.id} and m.consent_status = 'GRANTED' and m.tracking_enabled
          and m.consent_at <= ${dueBefore}
          and not exists (
            select 1 from consent_reminders r
            where r.msisdn_id = m.id
              and (r.sent_at > ${dueBefore}
                or (r.granted_at = m.consent_at
                    and r.period = floor(extract(epoch from (${now}::timestamptz - m.consent_at)) * 1000
                                         / ${periodMs})::int)))
        order by m.id
        limit ${BATCH}
        on conflict (msisdn_id, granted_at, period) do nothing
        returning id, msisdn_id, (select msisdn from msisdns where id = msisdn_id) as msisdn`.execute(trx);
      for (const row of rows) {
        const queued = await queueSms(trx, { to: row.msisdn, text, companyId: company.id });
        await trx
          .updateTable('consent_reminders')
          .set({ outbox_id: queued.id })
          .where('id', '=', row.id)
          .execute();
      }
      await auditMany(
        trx,
        SYSTEM_ACTOR('consent'),
        rows.map((row) => ({
          action: 'msisdn.consent.remind',
          entity: 'msisdn',
          entityId: row.msisdn_id,
          companyId: company.id,
          detail: { channel: 'SMS', everyDays: days },
        })),
      );
      return rows.length;
    });
    total += sent;
    if (sent < BATCH) return total;
  }
}

/** Flags the company's requests unanswered for `days` days (once per request) and tells its admins in one event. */
async function flagUnanswered(db: Db, companyId: number, days: number, now: Date): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS);
  return db.transaction().execute(async (trx) => {
    const flagged = await trx
      .updateTable('msisdns')
      .set({ consent_pending_flagged_at: now })
      .where('company_id', '=', companyId)
      .where('consent_status', '=', 'PENDING')
      .where('consent_requested_at', '<=', before)
      .where((eb) =>
        eb.or([
          eb('consent_pending_flagged_at', 'is', null),
          eb('consent_pending_flagged_at', '<', eb.ref('consent_requested_at')),
        ]),
      )
      .returning('id')
      .execute();
    if (!flagged.length) return 0;
    const msisdnIds = flagged.map((r) => r.id).sort((a, b) => a - b);
    await emit(trx, {
      type: 'CONSENT_PENDING_EXPIRED',
      companyId,
      subject: { type: 'company', id: companyId },
      payload: { msisdnIds, days },
      idempotencyKey: `CONSENT_PENDING_EXPIRED:${companyId}:${now.toISOString()}`,
      occurredAt: now,
    });
    return msisdnIds.length;
  });
}

/** The consent job on the durable runner (workers only). */
export function registerConsentJobs(runner: JobRunner, { db }: { db: Db }): void {
  runner
    .register(CONSENT_JOB, async (job) => {
      const report = await runConsentJob(db, job.now());
      if (report.reminded || report.flagged)
        job.log.info({ ...report }, 'consent: reminders sent, unanswered requests flagged');
    })
    .schedule({ name: CONSENT_JOB, kind: CONSENT_JOB, every: CONSENT_EVERY_MS });
}
