import { sql } from 'kysely';
import { ROLES } from '@lbs/contracts';
import type { ReportDefinition, ReportRun } from '../definition.ts';
import { EMPLOYEE_SORT, msisdnIdsOf, padded } from './shared.ts';

/** The audit actions that show where people are or were (each read of a location is audited, events/audit.ts). */
const ACTIONS = ['location.view', 'location.locate'];

/** What showed the location, from the audit entry (contracts LOCATION_VIEW_ACTIONS). */
const ACTION = sql<string>`case
  when a.action = 'location.locate' then 'LOCATE'
  else case a.detail->>'view'
    when 'monitor' then 'MONITOR'
    when 'stream' then 'LIVE'
    when 'history' then 'HISTORY'
    when 'visits' then 'VISITS'
    when 'poi-presence' then 'POI_PRESENCE'
    when 'attendance' then 'ATTENDANCE'
    when 'attendanceSheet' then 'ATTENDANCE_SHEET'
    when 'report' then 'REPORT'
    else 'OTHER' end
  end`;

/** The viewed thing in words: the report, the day, the month or the period asked for. */
const DETAIL = sql<string | null>`case
  when a.detail->>'view' = 'report' then a.detail->>'report'
  when a.detail ? 'date' then a.detail->>'date'
  when a.detail ? 'month' then a.detail->>'month'
  when a.detail ? 'from' and a.detail ? 'to' then (a.detail->>'from') || ' – ' || (a.detail->>'to')
  end`;

/** The viewer's role: the highest it holds (contracts ROLES order). */
const ROLE = sql<string | null>`(select r.role from user_roles r where r.user_id = a.actor_user_id
  order by array_position(array[${sql.join(ROLES.map((r) => sql.lit(r)))}]::text[], r.role) nulls last limit 1)`;

/**
 * The audited views of location in the company and period, one row per MSISDN each showed (an entry names one by
 * its entity, or several in `detail.msisdnIds`), kept to the run's MSISDNs. A view naming none (a report, the
 * attendance sheet, the live stream) is listed once with empty employee columns — only to a company-wide caller
 * (company or SuperAdmin tier) with no hierarchy or MSISDN filter, since it cannot be placed in a department.
 */
function views(run: ReportRun) {
  const shown = sql<number>`(
    select distinct x.id from (
      select a.entity_id::int as id where a.entity = 'msisdn' and a.entity_id ~ '^[0-9]+$'
      union all
      select e::int from jsonb_array_elements_text(
        case when jsonb_typeof(a.detail->'msisdnIds') = 'array' then a.detail->'msisdnIds' else '[]'::jsonb end) e
    ) x)`;
  const { params, scope } = run;
  const unplaced =
    (scope.tier === 'company' || scope.tier === 'all') &&
    params.departmentId === undefined &&
    params.zoneId === undefined &&
    params.designationId === undefined &&
    !params.msisdnIds?.length;
  return run.db
    .selectFrom('audit_log as a')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom(sql`${shown}`.as('s'))
          .select(sql<number>`s.id`.as('id'))
          .as('v'),
      (j) => j.onTrue(),
    )
    .where('a.company_id', '=', run.company.id)
    .where('a.at', '>=', run.start)
    .where('a.at', '<', run.end)
    .where('a.action', 'in', ACTIONS)
    .where((e) =>
      unplaced
        ? e.or([e('v.id', 'in', msisdnIdsOf(run)), e('v.id', 'is', null)])
        : e('v.id', 'in', msisdnIdsOf(run)),
    )
    .select([
      'a.id',
      'a.at',
      'a.actor',
      'a.actor_user_id',
      'v.id as msisdn_id',
      ACTION.as('action'),
      DETAIL.as('detail'),
    ]);
}

/** Who looked at whose location, and when. */
export const locationViews: ReportDefinition = {
  key: 'locationViews',
  query: (run) =>
    run.db
      .selectFrom(views(run).as('a'))
      .leftJoin('msisdns as m', 'm.id', 'a.msisdn_id')
      .leftJoin('departments as d', 'd.id', 'm.department_id')
      .leftJoin('zones as z', 'z.id', 'm.zone_id')
      .leftJoin('users as u', 'u.id', 'a.actor_user_id')
      .select([
        'a.at as time',
        sql<string>`coalesce(u.full_name, a.actor)`.as('viewer'),
        ROLE.as('viewerRole'),
        'a.action as action',
        'm.msisdn as msisdn',
        'm.employee_name as employee',
        'd.name as department',
        'z.name as zone',
        'a.detail as detail',
      ]),
  sortBy: {
    ...EMPLOYEE_SORT,
    time: 'a.at',
    viewer: sql`lower(coalesce(u.full_name, a.actor))`,
  },
  tieBreaker: sql`${padded('a.id')} || coalesce(${padded('a.msisdn_id')}, '')`,
};
