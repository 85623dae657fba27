import { scheduleCron, type ReportKey, type ReportSchedulePreset, type TaskEvidence } from '@lbs/contracts';
import { nextSlot } from '../modules/reports/index.ts';
import type { Executor } from '../db/database.ts';
import { emitConsentRevoked } from '../events/emit.ts';
import { companyTimeZone } from '../lib/company-time-zone.ts';
import type { DemoCompany } from './organisation.ts';
import { emitCompletedByHand } from './tasks.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * What the reports of the current and the previous month read beyond the positions, visits, attendance, locates
 * and invoices the other seeds make: each number's consent history (the request SMS and the employee's reply, in the
 * audit trail as modules/msisdns writes it, a withdrawal with its domain event; the revoked ones withdrew this month,
 * the pending ones were reminded), the demo accounts' views of location (history, Monitor, locate, the attendance
 * sheet, a report — each in its account's scope), and tasks of the previous month (done by hand with their events,
 * one left overdue). Times spread from the first of the previous month to `now`, never after it.
 */
export async function seedReportHistory(
  db: Executor,
  companies: Iterable<DemoCompany>,
  now: Date,
): Promise<void> {
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
  const span = now.getTime() - first;
  /** An instant at a fraction of the span (0 the first of the previous month, 1 now), kept before now. */
  const at = (fraction: number, plus = 0) =>
    new Date(Math.min(first + fraction * span + plus, now.getTime() - 60_000));

  for (const company of companies) {
    const msisdns = await db
      .selectFrom('msisdns')
      .select(['id', 'msisdn', 'consent_status', 'consent_requested_at'])
      .where('company_id', '=', company.id)
      .orderBy('id')
      .execute();
    const audit: {
      at: Date;
      actor_user_id: number | null;
      actor: string;
      action: string;
      entity: string;
      entity_id: string | null;
      company_id: number;
      detail: string;
    }[] = [];
    const sms = (id: number, action: string, when: Date, detail: Record<string, unknown>) =>
      audit.push({
        at: when,
        actor_user_id: null,
        actor: 'system:sms',
        action,
        entity: 'msisdn',
        entity_id: String(id),
        company_id: company.id,
        detail: JSON.stringify(detail),
      });

    // Consent: asked in the first half of the span, answered a day or three later. A pending request keeps the time
    // the organisation seed gave it (those unanswered for three weeks are flagged already: a reminder after the flag
    // would make them answerable again), and was first asked three days or more before it.
    for (const [i, m] of msisdns.entries()) {
      const pendingSince = m.consent_status === 'PENDING' ? m.consent_requested_at : null;
      let asked = at(0.05 + ((i * 7) % 40) / 100);
      if (pendingSince && asked.getTime() > pendingSince.getTime() - 3 * DAY)
        asked = new Date(pendingSince.getTime() - 3 * DAY);
      sms(m.id, 'msisdn.consent.request', asked, { channel: 'SMS' });
      let consentAt: Date | null = null;
      if (m.consent_status !== 'PENDING') {
        consentAt = at(0.05 + ((i * 7) % 40) / 100, (1 + (i % 3)) * DAY);
        sms(m.id, 'msisdn.consent.grant', consentAt, {
          reply: 'YES',
          previous: 'PENDING',
          consentStatus: 'GRANTED',
        });
      }
      let requested = asked;
      if (m.consent_status === 'REVOKED') {
        consentAt = at(0.7 + (i % 20) / 100);
        sms(m.id, 'msisdn.consent.revoke', consentAt, {
          reply: 'STOP',
          previous: 'GRANTED',
          consentStatus: 'REVOKED',
        });
        // With its domain event, as the consent service writes them (the consent-changes rule tells the admins).
        await emitConsentRevoked(
          db,
          { id: m.id, msisdn: m.msisdn, companyId: company.id },
          { via: 'SMS', previous: 'GRANTED', at: consentAt },
        );
      }
      if (pendingSince) {
        requested = pendingSince;
        sms(m.id, 'msisdn.consent.request', requested, { channel: 'SMS', reminder: true });
      }
      await db
        .updateTable('msisdns')
        .set({ consent_at: consentAt, consent_requested_at: requested })
        .where('id', '=', m.id)
        .execute();
    }

    // Views of location by each account of the company, over the numbers in its scope.
    const users = await db
      .selectFrom('users as u')
      .innerJoin('user_roles as r', 'r.user_id', 'u.id')
      .select(['u.id', 'u.username', 'u.department_id', 'u.zone_id', 'r.role'])
      .where('u.company_id', '=', company.id)
      .where('r.role', 'in', ['CompanyAdmin', 'DepartmentAdmin', 'ZoneAdmin'])
      .orderBy('u.id')
      .execute();
    for (const [u, user] of users.entries()) {
      let q = db.selectFrom('msisdns').select('id').where('company_id', '=', company.id);
      if (user.role === 'DepartmentAdmin' && user.department_id !== null)
        q = q.where('department_id', '=', user.department_id);
      if (user.role === 'ZoneAdmin' && user.zone_id !== null) q = q.where('zone_id', '=', user.zone_id);
      const seen = (await q.orderBy('id').limit(8).execute()).map((r) => r.id);
      if (!seen.length) continue;
      const view = (
        fraction: number,
        action: string,
        entity: string,
        entityId: number | null,
        detail: Record<string, unknown>,
      ) =>
        audit.push({
          at: at(fraction, u * 37 * 60_000),
          actor_user_id: user.id,
          actor: user.username,
          action,
          entity,
          entity_id: entityId === null ? null : String(entityId),
          company_id: company.id,
          detail: JSON.stringify(detail),
        });
      for (const [k, fraction] of [0.1, 0.3, 0.5, 0.7, 0.9].entries()) {
        const target = seen[k % seen.length]!;
        const viewedAt = at(fraction);
        view(fraction, 'location.view', 'msisdn', target, {
          view: 'history',
          from: new Date(viewedAt.getTime() - DAY).toISOString(),
          to: viewedAt.toISOString(),
          count: 96,
        });
        view(fraction + 0.02, 'location.view', 'msisdn', null, {
          view: 'monitor',
          count: seen.length,
          msisdnIds: seen,
        });
      }
      view(0.45, 'location.locate', 'msisdn', seen[0]!, { result: 'LOCATED' });
      view(0.2, 'location.view', 'attendance', null, {
        view: 'attendanceSheet',
        month: new Date(first).toISOString().slice(0, 7),
        count: seen.length,
      });
      view(0.95, 'location.view', 'report', null, {
        view: 'report',
        report: 'visits',
        params: { from: new Date(first).toISOString().slice(0, 10), to: now.toISOString().slice(0, 10) },
      });
    }
    if (audit.length)
      for (let i = 0; i < audit.length; i += 1000)
        await db
          .insertInto('audit_log')
          .values(audit.slice(i, i + 1000))
          .execute();

    // Tasks of the previous month at the first client sites: a stock count done by hand, a safety walk one
    // assignee did and another let pass its due end.
    const sites = await db
      .selectFrom('pois')
      .select(['id', 'name'])
      .where('company_id', '=', company.id)
      .where('external_ref', 'like', `${company.seed.code}-C%`)
      .where('name', 'not like', 'Kiosk%')
      .orderBy('external_ref')
      .limit(2)
      .execute();
    for (const [k, site] of sites.entries()) {
      const visitors = (
        await db
          .selectFrom('poi_assignments')
          .select('msisdn_id')
          .where('poi_id', '=', site.id)
          .where('purpose', '=', 'VISIT')
          .orderBy('msisdn_id')
          .execute()
      ).map((r) => r.msisdn_id);
      if (!visitors.length) continue;
      const place = site.name.replace('Client site: ', '');
      for (const [title, day, mode] of [
        [`Monthly stock count: ${place}`, 9 + k, 'ANY'],
        [`Safety walk: ${place}`, 19 + k, 'EACH'],
      ] as const) {
        const dueEnd = new Date(first + day * DAY + 14 * HOUR);
        const doneAt = new Date(dueEnd.getTime() - 5 * HOUR);
        const doer = visitors[0]!;
        const missed = mode === 'EACH' ? visitors.slice(1, 2) : [];
        const task = await db
          .insertInto('tasks')
          .values({
            company_id: company.id,
            title,
            description: null,
            priority: mode === 'EACH' ? 'HIGH' : 'MEDIUM',
            labels: JSON.stringify(['monthly']),
            poi_id: site.id,
            due_start: new Date(dueEnd.getTime() - 2 * DAY),
            due_end: dueEnd,
            completion_rule: 'AUTO_OR_MANUAL',
            assignment_mode: mode,
            status: missed.length ? 'PENDING' : 'COMPLETED',
            completed_at: missed.length ? null : doneAt,
            // Its overdue notice went out when it passed (the sweep does not announce it again).
            overdue_event_for: missed.length ? dueEnd : null,
            created_at: new Date(dueEnd.getTime() - 7 * DAY),
            updated_at: doneAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const evidence: TaskEvidence[] = [
          {
            kind: 'MANUAL',
            at: doneAt.toISOString(),
            by: 'companyadmin',
            reason: 'Checklist signed on site',
            visit: null,
            fixes: [],
          },
        ];
        await db
          .insertInto('task_assignments')
          .values([
            {
              task_id: task.id,
              msisdn_id: doer,
              company_id: company.id,
              completion_rule: 'AUTO_OR_MANUAL',
              status: 'COMPLETED',
              completed_at: doneAt,
              completion_source: 'MANUAL',
              completed_by: 'companyadmin',
              reason: 'Checklist signed on site',
              evidence: JSON.stringify(evidence),
              created_at: new Date(dueEnd.getTime() - 7 * DAY),
              updated_at: doneAt,
            },
            ...missed.map((m) => ({
              task_id: task.id,
              msisdn_id: m,
              company_id: company.id,
              completion_rule: 'AUTO_OR_MANUAL' as const,
              evidence: '[]',
              created_at: new Date(dueEnd.getTime() - 7 * DAY),
              updated_at: dueEnd,
            })),
          ])
          .execute();
        await emitCompletedByHand(db, {
          companyId: company.id,
          msisdnId: doer,
          taskId: task.id,
          title,
          taskCompleted: missed.length === 0,
          at: doneAt,
        });
      }
    }
  }
}

/** The demo's scheduled reports: what a company admin would set up first. */
const DEMO_SCHEDULES: {
  name: string;
  report: ReportKey;
  format: 'csv' | 'xlsx' | 'pdf';
  preset: ReportSchedulePreset;
  weekday?: number;
  monthDay?: number;
  time: string;
  period: 'previousDay' | 'previousWeek' | 'previousMonth';
}[] = [
  {
    name: 'Weekly attendance',
    report: 'attendanceDaily',
    format: 'xlsx',
    preset: 'weekly',
    weekday: 1,
    time: '07:00',
    period: 'previousWeek',
  },
  {
    name: 'Monthly locate usage',
    report: 'locateUsage',
    format: 'pdf',
    preset: 'monthly',
    monthDay: 1,
    time: '08:00',
    period: 'previousMonth',
  },
];

/**
 * Every company admin's scheduled reports (the "Scheduled" tab of /reports is not empty on first start): the
 * previous week's attendance every Monday and the previous month's locate usage on the 1st, mailed to themselves in
 * the company's time zone, next run from `now`.
 */
export async function seedReportSchedules(db: Executor, now: Date): Promise<number> {
  const admins = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as r', 'r.user_id', 'u.id')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .select(['u.id', 'u.company_id', companyTimeZone('c').as('time_zone')])
    .where('r.role', '=', 'CompanyAdmin')
    .orderBy('u.id')
    .execute();
  const rows = admins.flatMap((admin) =>
    DEMO_SCHEDULES.map((s) => {
      const cron = scheduleCron(s);
      return {
        company_id: admin.company_id!,
        owner_id: admin.id,
        name: s.name,
        report: s.report,
        format: s.format,
        locale: 'en-US',
        recipients: JSON.stringify([admin.id]),
        preset: s.preset,
        weekday: s.weekday ?? null,
        month_day: s.monthDay === undefined ? null : String(s.monthDay),
        time_of_day: s.time,
        cron,
        time_zone: admin.time_zone,
        period: s.period,
        next_run_at: nextSlot(cron, admin.time_zone, now),
      };
    }),
  );
  if (rows.length) await db.insertInto('report_schedules').values(rows).execute();
  return rows.length;
}
