import type { TaskEvidence } from '@lbs/contracts';
import type { Executor } from '../db/database.ts';
import { emit } from '../events/emit.ts';
import { localTime } from '../location/tracking-window.ts';
import type { DemoCompany } from './organisation.ts';
import { demoWorkdays } from './pois.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/**
 * Field employees sent on each weekly inspection. Network fixes place someone at a client site only now and then (a
 * cell is often larger than the site), so a few are sent for the history to complete some inspections by a visit.
 */
const INSPECTORS = 6;

/** The domain event of an assignment completed by hand, as the tasks service writes it with the completion. */
export function emitCompletedByHand(
  db: Executor,
  c: { companyId: number; msisdnId: number; taskId: number; title: string; taskCompleted: boolean; at: Date },
) {
  return emit(db, {
    type: 'TASK_COMPLETED',
    companyId: c.companyId,
    msisdnId: c.msisdnId,
    subject: { type: 'task', id: c.taskId },
    payload: {
      taskId: c.taskId,
      title: c.title,
      source: 'MANUAL',
      visitKey: null,
      taskCompleted: c.taskCompleted,
    },
    occurredAt: c.at,
  });
}

/**
 * Where the inspections' window starts: at the local start of the company's third working day before today, and at
 * least three days back. Three calendar days may hold a single working day, and part of it (early on a Sunday in Saudi
 * Arabia, a Monday in Europe), and the history's visits, which complete some inspections, happen on working days.
 */
function inspectionsFrom(at: number, timezone: string): Date {
  const workdays = demoWorkdays(timezone);
  for (let k = 1, found = 0; k <= 14; k++) {
    const t = at - k * DAY;
    const local = localTime(timezone, t);
    if (workdays.includes(local.isoDay) && ++found === 3)
      return new Date(Math.min(t - (local.hour * 60 + local.minute) * 60_000, at - 3 * DAY));
  }
  return new Date(at - 3 * DAY);
}

/**
 * Demo tasks for every company at its POIs, assigned to the employees the simulator sends there: inspections whose
 * window covers the last three working days (the seeded history completes some of them with evidence once its visits
 * are processed), deliveries due today that complete while the user watches, an overdue task, a task at the kiosk that
 * the network cannot resolve (so it may also be completed by hand, and one was, with a reason), a cancelled one, and a
 * recurring morning round (its tasks are made by the tasks.recurring job).
 */
export async function seedTasks(db: Executor, companies: Iterable<DemoCompany>, now: Date): Promise<number> {
  let count = 0;
  const at = now.getTime();
  for (const company of companies) {
    const clients = await db
      .selectFrom('pois')
      .select(['id', 'name', 'external_ref'])
      .where('company_id', '=', company.id)
      .where('external_ref', 'like', `${company.seed.code}-C%`)
      .orderBy('external_ref')
      .execute();
    if (!clients.length) continue;
    const visitorsOf = async (poiId: number) =>
      (
        await db
          .selectFrom('poi_assignments')
          .select('msisdn_id')
          .where('poi_id', '=', poiId)
          .where('purpose', '=', 'VISIT')
          .orderBy('msisdn_id')
          .execute()
      ).map((r) => r.msisdn_id);
    const task = async (
      values: {
        title: string;
        description?: string;
        priority: 'LOW' | 'MEDIUM' | 'HIGH';
        labels: string[];
        poi_id: number | null;
        due_start: Date | null;
        due_end: Date | null;
        completion_rule: 'MANUAL' | 'AUTO_ON_VISIT' | 'AUTO_OR_MANUAL';
        assignment_mode: 'ANY' | 'EACH';
        status?: 'PENDING' | 'CANCELLED';
      },
      members: number[],
      manual?: { msisdnId: number; by: string; reason: string },
    ) => {
      const row = await db
        .insertInto('tasks')
        .values({
          company_id: company.id,
          title: values.title,
          description: values.description ?? null,
          priority: values.priority,
          labels: JSON.stringify(values.labels),
          poi_id: values.poi_id,
          due_start: values.due_start,
          due_end: values.due_end,
          completion_rule: values.completion_rule,
          assignment_mode: values.assignment_mode,
          status: values.status ?? 'PENDING',
          created_at: new Date(at - 4 * DAY),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (members.length)
        await db
          .insertInto('task_assignments')
          .values(
            members.map((m) => {
              const done = manual?.msisdnId === m;
              const evidence: TaskEvidence[] = done
                ? [
                    {
                      kind: 'MANUAL',
                      at: new Date(at - 20 * HOUR).toISOString(),
                      by: manual.by,
                      reason: manual.reason,
                      visit: null,
                      fixes: [],
                    },
                  ]
                : [];
              return {
                task_id: row.id,
                msisdn_id: m,
                company_id: company.id,
                completion_rule: values.completion_rule,
                ...(done
                  ? {
                      status: 'COMPLETED' as const,
                      completed_at: new Date(at - 20 * HOUR),
                      completion_source: 'MANUAL' as const,
                      completed_by: manual.by,
                      reason: manual.reason,
                    }
                  : {}),
                evidence: JSON.stringify(evidence),
              };
            }),
          )
          .execute();
      if (manual)
        await emitCompletedByHand(db, {
          companyId: company.id,
          msisdnId: manual.msisdnId,
          taskId: row.id,
          title: values.title,
          taskCompleted: values.assignment_mode === 'ANY' || members.length === 1,
          at: new Date(at - 20 * HOUR),
        });
      count++;
      return row.id;
    };

    const sites = clients.filter((c) => !c.name.startsWith('Kiosk'));
    const kiosk = clients.find((c) => c.name.startsWith('Kiosk'));
    for (const [k, site] of sites.slice(0, 3).entries()) {
      const visitors = await visitorsOf(site.id);
      await task(
        {
          title: `Weekly inspection: ${site.name.replace('Client site: ', '')}`,
          description: 'Walk the site with the client’s facility manager and note any issue.',
          priority: k === 0 ? 'HIGH' : 'MEDIUM',
          labels: ['inspection'],
          poi_id: site.id,
          due_start: inspectionsFrom(at, company.seed.timezone),
          due_end: new Date(at + DAY),
          completion_rule: 'AUTO_OR_MANUAL',
          assignment_mode: 'EACH',
        },
        visitors.slice(0, INSPECTORS),
      );
      await task(
        {
          title: `Deliver documents: ${site.name.replace('Client site: ', '')}`,
          priority: 'MEDIUM',
          labels: ['delivery'],
          poi_id: site.id,
          due_start: new Date(at - 2 * HOUR),
          due_end: new Date(at + 8 * HOUR),
          completion_rule: 'AUTO_ON_VISIT',
          assignment_mode: 'ANY',
        },
        visitors.slice(2, 5),
      );
    }
    const anyone = await visitorsOf(sites[0]!.id);
    await task(
      {
        title: 'Collect the signed contract',
        description: 'The client signs on paper; bring the original back to the office.',
        priority: 'LOW',
        labels: ['paperwork'],
        poi_id: null,
        due_start: null,
        due_end: new Date(at - DAY),
        completion_rule: 'MANUAL',
        assignment_mode: 'ANY',
      },
      anyone.slice(0, 1),
    );
    if (kiosk) {
      const members = (await visitorsOf(sites[1]?.id ?? sites[0]!.id)).slice(0, 2);
      await task(
        {
          title: 'Stock count at the kiosk',
          description:
            'The kiosk is smaller than a cell: the network cannot prove a visit, so it is confirmed by hand.',
          priority: 'MEDIUM',
          labels: ['inventory'],
          poi_id: kiosk.id,
          due_start: null,
          due_end: new Date(at + 2 * DAY),
          completion_rule: 'AUTO_OR_MANUAL',
          assignment_mode: 'EACH',
        },
        members,
        members[0]
          ? {
              msisdnId: members[0],
              by: 'companyadmin',
              reason: 'Counted on site; the manager signed the sheet',
            }
          : undefined,
      );
    }
    // A recurring round: every working day at the first client site (the job creates today's and tomorrow's).
    const roundMembers = (await visitorsOf(sites[0]!.id)).slice(0, 2);
    const config = await db
      .selectFrom('companies')
      .select('config')
      .where('id', '=', company.id)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('task_templates')
      .values({
        company_id: company.id,
        title: `Morning round: ${sites[0]!.name.replace('Client site: ', '')}`,
        description: 'Check the stock and the display before the client opens.',
        priority: 'MEDIUM',
        labels: JSON.stringify(['round']),
        poi_id: sites[0]!.id,
        completion_rule: 'AUTO_OR_MANUAL',
        assignment_mode: 'ANY',
        weekdays: JSON.stringify(demoWorkdays(company.seed.timezone)),
        start_time: '07:00',
        end_time: '12:00',
        time_zone: config.config.trackingWindow?.timezone ?? company.seed.timezone,
        msisdn_ids: JSON.stringify(roundMembers),
      })
      .execute();
    await task(
      {
        title: 'Spring promotion set-up',
        priority: 'LOW',
        labels: ['campaign'],
        poi_id: sites[0]!.id,
        due_start: null,
        due_end: new Date(at - 10 * DAY),
        completion_rule: 'AUTO_OR_MANUAL',
        assignment_mode: 'ANY',
        status: 'CANCELLED',
      },
      [],
    );
  }
  return count;
}
