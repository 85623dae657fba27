import { sql } from 'kysely';
import { CONSENT_STATUSES } from '@lbs/contracts';
import type { ReportDefinition, ReportRun } from '../definition.ts';
import { EMPLOYEE_COLUMNS, EMPLOYEE_SORT, msisdnsOf } from './shared.ts';

/**
 * The consent history is the audit trail modules/msisdns writes: the employee's replies (grant; refuse and revoke
 * both leave REVOKED), an administrator's re-opened request and a new number (both PENDING again), and each request
 * SMS sent. A change's resulting state, from its audit action.
 */
const CHANGE_STATE = sql<string | null>`case
  when a.action = 'msisdn.consent.grant' then 'GRANTED'
  when a.action in ('msisdn.consent.refuse', 'msisdn.consent.revoke') then 'REVOKED'
  when a.action = 'msisdn.consent.reopen' then 'PENDING'
  when a.action = 'msisdn.update' and a.detail->>'consentReset' = 'true' then 'PENDING'
  end`;

/** Per MSISDN (by audit entity id): the period's consent changes and requests. */
function history(run: ReportRun) {
  return run.db
    .selectFrom('audit_log as a')
    .where('a.company_id', '=', run.company.id)
    .where('a.at', '>=', run.start)
    .where('a.at', '<', run.end)
    .where('a.entity', '=', 'msisdn')
    .where((e) => e.or([e('a.action', 'like', 'msisdn.consent.%'), e('a.action', '=', 'msisdn.update')]))
    .select([
      sql<number>`a.entity_id::int`.as('msisdn_id'),
      sql<number>`count(*) filter (where ${CHANGE_STATE} is not null)::int`.as('changes'),
      sql<number>`count(*) filter (where a.action = 'msisdn.consent.request')::int`.as('requests'),
      sql<string | null>`(array_agg(${CHANGE_STATE} order by a.at desc, a.id desc)
        filter (where ${CHANGE_STATE} is not null))[1]`.as('last_change'),
      sql<Date | null>`max(a.at) filter (where ${CHANGE_STATE} is not null)`.as('last_change_at'),
    ])
    .groupBy('a.entity_id');
}

/** Each number's consent state now, its changes in the period and the requests sent. */
export const consent: ReportDefinition = {
  key: 'consent',
  query: (run) => {
    let q = run.db
      .selectFrom(msisdnsOf(run))
      .leftJoin(history(run).as('h'), 'h.msisdn_id', 'm.id')
      .innerJoin('departments as d', 'd.id', 'm.department_id')
      .leftJoin('zones as z', 'z.id', 'm.zone_id')
      .select([
        ...EMPLOYEE_COLUMNS,
        'm.consent_status as status',
        'm.consent_at as since',
        sql<number>`coalesce(h.changes, 0)`.as('changesInPeriod'),
        'h.last_change as lastChange',
        'h.last_change_at as lastChangeAt',
        sql<number>`coalesce(h.requests, 0)`.as('requestsSent'),
        'm.tracking_enabled as trackingEnabled',
      ]);
    if (run.params.status) q = q.where('m.consent_status', '=', run.params.status as 'PENDING');
    return q;
  },
  sortBy: {
    ...EMPLOYEE_SORT,
    since: 'm.consent_at',
  },
  tieBreaker: 'm.id',
  async chart(run) {
    const rows = await run.db
      .selectFrom(consent.query(run).as('r'))
      .select(['r.status', sql<number>`count(*)::int`.as('n')])
      .groupBy('r.status')
      .execute();
    const counts = new Map(rows.map((r) => [r.status as string, r.n]));
    return {
      chart: 'consentStates',
      labels: [...CONSENT_STATUSES],
      series: [{ key: 'msisdns', values: CONSENT_STATUSES.map((s) => counts.get(s) ?? 0) }],
    };
  },
};
