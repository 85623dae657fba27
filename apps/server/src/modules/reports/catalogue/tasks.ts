import { sql } from 'kysely';
import { TASK_COMPLETION_SOURCES } from '@lbs/contracts';
import { scoped } from '../../../access/scoped.ts';
import type { ReportDefinition } from '../definition.ts';
import {
  EMPLOYEE_COLUMNS,
  EMPLOYEE_SORT,
  byDay,
  localDayText,
  msisdnsOf,
  padded,
  periodDays,
} from './shared.ts';

/** When a task falls in a period: its due end, else its due start, else its creation. */
const DUE = sql<Date>`coalesce(t.due_end, t.due_start, t.created_at)`;

/**
 * Task assignments (modules/tasks) of the run's MSISDNs to tasks the caller sees, whose task falls in the period: how each was completed and
 * how long it took, whether it ran past its due end, and whether the assignee visited the task's POI in its time.
 */
export const tasks: ReportDefinition = {
  key: 'tasks',
  query: (run) => {
    let q = run.db
      .selectFrom('task_assignments as ta')
      .innerJoin('tasks as t', 't.id', 'ta.task_id')
      .innerJoin(msisdnsOf(run), 'm.id', 'ta.msisdn_id')
      // The POI's name only where the caller sees the POI.
      .leftJoin(run.poiIds().as('sp'), 'sp.id', 't.poi_id')
      .leftJoin('pois as p', 'p.id', 'sp.id')
      .innerJoin('departments as d', 'd.id', 'm.department_id')
      .leftJoin('zones as z', 'z.id', 'm.zone_id')
      .where('ta.company_id', '=', run.company.id)
      // Assignments of the caller's MSISDNs to tasks the caller sees (the company's, or its unit's).
      .where('ta.task_id', 'in', scoped(run.db, run.scope).tasks('see').select('tasks.id'))
      .where(DUE, '>=', run.start)
      .where(DUE, '<', run.end)
      .select([
        't.title as task',
        'p.name as poi',
        't.priority as priority',
        ...EMPLOYEE_COLUMNS,
        'ta.status as status',
        't.due_end as due',
        'ta.completed_at as completedAt',
        'ta.completion_source as completionSource',
        sql<number | null>`round(extract(epoch from (ta.completed_at - ta.created_at)))`.as('timeToComplete'),
        sql<boolean | null>`case when t.due_end is null then false
          else coalesce(ta.completed_at > t.due_end, ta.status = 'PENDING' and t.due_end < now()) end`.as(
          'overdue',
        ),
        sql<boolean | null>`case when t.poi_id is null then null else exists (
          select 1 from visits v
          where v.msisdn_id = ta.msisdn_id and v.poi_id = t.poi_id
            and v.entered_at < coalesce(t.due_end, ta.completed_at, now())
            and coalesce(v.exited_at, 'infinity') >= coalesce(t.due_start, ta.created_at)) end`.as('visited'),
      ]);
    if (run.params.poiId !== undefined) q = q.where('t.poi_id', 'in', run.poiIds());
    if (run.params.status) q = q.where('ta.status', '=', run.params.status as 'PENDING');
    return q;
  },
  sortBy: {
    ...EMPLOYEE_SORT,
    task: sql`lower(t.title)`,
    due: 't.due_end',
    completedAt: 'ta.completed_at',
  },
  tieBreaker: sql`${padded('ta.task_id')} || ${padded('ta.msisdn_id')}`,
  async chart(run) {
    const days = periodDays(run);
    const rows = await run.db
      .selectFrom(tasks.query(run).as('r'))
      .where('r.completedAt', 'is not', null)
      .select([
        localDayText(run, 'r.completedAt').as('day'),
        ...TASK_COMPLETION_SOURCES.map((s) =>
          sql<number>`count(*) filter (where r."completionSource" = ${s})::int`.as(s),
        ),
      ])
      .groupBy('day')
      .execute();
    return {
      chart: 'tasksBySource',
      labels: days,
      series: TASK_COMPLETION_SOURCES.map((s) => ({
        key: s,
        values: byDay(days, rows as { day: string }[], (r) => Number((r as Record<string, unknown>)[s])),
      })),
    };
  },
};
