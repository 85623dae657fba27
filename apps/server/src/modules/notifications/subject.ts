import {
  can,
  type NotificationEventType,
  type NotificationFilters,
  type PermissionAction,
  type PermissionResource,
  type Role,
} from '@lbs/contracts';
import { companyReach, poiAllows, reaches, tierReach, type Scope } from '../../access/scope.ts';
import { unscoped } from '../../access/scoped.ts';
import type { Executor } from '../../db/database.ts';
import type { NotificationData } from '../../db/schema.ts';
import type { DomainEvent } from '../../events/types.ts';
import type { DeliveryRow } from './repository.ts';

/** What an event is about, as the rules filter it and the recipients' scopes are checked against it. */
export interface EventSubject {
  companyId: number;
  msisdn?: {
    id: number;
    msisdn: string;
    employeeName: string;
    departmentId: number;
    zoneId: number | null;
    designationId: number;
  };
  poi?: {
    id: number;
    name: string;
    categoryId: number | null;
    departmentId: number | null;
    zoneId: number | null;
  };
  task?: { id: number; title: string; departmentId: number | null; zoneId: number | null };
  /**
   * A report schedule (REPORT_READY): seen, as its page shows it, by its owner, the company's CompanyAdmins and the
   * operator; a rule's tier takes it when the tier reaches the owner.
   */
  report?: {
    scheduleId: number;
    ownerId: number;
    owner: { departmentId: number | null; zoneId: number | null };
  };
  /**
   * MSISDNs an event is about together (CONSENT_PENDING_EXPIRED): a recipient learns of those in its tier that pass
   * the rule's filters, and of nothing if none does (`narrowGroup`).
   */
  group?: GroupMember[];
  /** What the notification's text names: never a coordinate. */
  data: NotificationData;
  link:
    | { type: 'msisdn' | 'poi' | 'task' | 'invoice' | 'reportSchedule'; id: number }
    | { type: 'pendingConsent' }
    | null;
}

interface GroupMember {
  id: number;
  departmentId: number;
  zoneId: number | null;
  designationId: number;
}

/** The permission a recipient's role needs to learn of an event of each type (beside its scope). */
const NEEDS: Record<
  NotificationEventType,
  { [R in PermissionResource]: [R, PermissionAction<R>] }[PermissionResource]
> = {
  GEOFENCE_ENTER: ['location', 'view'],
  GEOFENCE_EXIT: ['location', 'view'],
  VISIT_CLOSED: ['location', 'view'],
  ATTENDANCE_LATE: ['attendance', 'list'],
  ATTENDANCE_ABSENT: ['attendance', 'list'],
  TASK_COMPLETED: ['task', 'list'],
  TASK_OVERDUE: ['task', 'list'],
  CONSENT_GRANTED: ['msisdn', 'read'],
  CONSENT_REVOKED: ['msisdn', 'read'],
  CONSENT_PENDING_EXPIRED: ['msisdn', 'read'],
  INVOICE_ISSUED: ['invoice', 'read'],
  INVOICE_OVERDUE: ['invoice', 'read'],
  REPORT_READY: ['reportSchedule', 'list'],
};

export function roleMayLearn(role: Role, type: NotificationEventType): boolean {
  const [resource, action] = NEEDS[type];
  return can(role, resource, action as never);
}

/**
 * Whether a scope reaches the event's subject: its company, the MSISDN's tier, and the POI and the task as that scope
 * sees POIs and tasks (company-wide ones and its own unit's). A report schedule: a recipient (`viewerId`) sees it as
 * the schedule's page does — its owner, a company-wide or the operator's scope; a rule's tier (no viewer) when it
 * reaches the owner.
 */
export function scopeReaches(scope: Scope, s: EventSubject, viewerId?: number): boolean {
  const { companyId } = s;
  if (!reaches(companyReach(scope), { companyId })) return false;
  if (s.report) {
    if (viewerId === undefined) return reaches(tierReach(scope), { companyId, ...s.report.owner });
    if (viewerId !== s.report.ownerId && scope.tier !== 'all' && scope.tier !== 'company') return false;
  }
  if (s.msisdn && !reaches(tierReach(scope), { companyId, ...s.msisdn })) return false;
  if (s.group && !s.group.some((m) => reaches(tierReach(scope), { companyId, ...m }))) return false;
  if (s.poi && !poiAllows(scope, 'see', { companyId, ...s.poi })) return false;
  return !s.task || poiAllows(scope, 'see', { companyId, ...s.task });
}

/** A filter's list of ids and the subject's value it must hold. */
type FilterCheck = [readonly number[] | undefined, number | null | undefined];

/** Whether the event passes a rule's filters: every non-empty list must hold the subject's value. */
export function passesFilters(filters: Partial<NotificationFilters>, s: EventSubject): boolean {
  if (s.group) return s.group.some((m) => memberPasses(filters, m));
  const checks: FilterCheck[] = [
    [filters.poiIds, s.poi?.id],
    [filters.poiCategoryIds, s.poi?.categoryId],
    [filters.msisdnIds, s.msisdn?.id],
    [filters.departmentIds, s.msisdn?.departmentId ?? s.task?.departmentId],
    [filters.zoneIds, s.msisdn?.zoneId ?? s.task?.zoneId],
    [filters.designationIds, s.msisdn?.designationId],
  ];
  return listsHold(checks);
}

function memberPasses(filters: Partial<NotificationFilters>, m: GroupMember): boolean {
  const checks: FilterCheck[] = [
    [filters.msisdnIds, m.id],
    [filters.departmentIds, m.departmentId],
    [filters.zoneIds, m.zoneId],
    [filters.designationIds, m.designationId],
  ];
  return listsHold(checks);
}

/** Every filter list that is not empty holds its value (an empty list, or none, matches everything). */
function listsHold(checks: FilterCheck[]): boolean {
  return checks.every(([list, value]) => !list?.length || (value != null && list.includes(value)));
}

/**
 * The subject as one recipient of one rule may learn it: a group keeps the MSISDNs in the recipient's tier that
 * pass the rule's filters, and its count says how many; undefined when none is left (not a recipient of it).
 */
export function narrowGroup(
  s: EventSubject,
  scope: Scope,
  filters: Partial<NotificationFilters>,
): EventSubject | undefined {
  if (!s.group) return s;
  const reach = tierReach(scope);
  const group = s.group.filter(
    (m) => reaches(reach, { companyId: s.companyId, ...m }) && memberPasses(filters, m),
  );
  if (!group.length) return undefined;
  return { ...s, group, data: { ...s.data, count: group.length } };
}

type Payload = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' ? v : null);
const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** Reads what the event is about (a system read: the event names its own company's rows). */
export async function loadSubject(tx: Executor, event: DomainEvent): Promise<EventSubject | undefined> {
  if (event.companyId === null) return undefined;
  const p = event.payload as unknown as Payload;
  const s: EventSubject = { companyId: event.companyId, data: {}, link: null };
  const db = unscoped(tx);
  if (event.msisdnId !== null) {
    const m = await db
      .selectFrom('msisdns')
      .select(['id', 'msisdn', 'employee_name', 'department_id', 'zone_id', 'designation_id', 'company_id'])
      .where('id', '=', event.msisdnId)
      .executeTakeFirst();
    if (!m || m.company_id !== event.companyId) return undefined;
    s.msisdn = {
      id: m.id,
      msisdn: m.msisdn,
      employeeName: m.employee_name,
      departmentId: m.department_id,
      zoneId: m.zone_id,
      designationId: m.designation_id,
    };
    Object.assign(s.data, { msisdn: m.msisdn, employeeName: m.employee_name });
    s.link = { type: 'msisdn', id: m.id };
  }
  const taskId = num(p['taskId']);
  if (taskId !== null) {
    const t = await db
      .selectFrom('tasks')
      .select(['id', 'title', 'department_id', 'zone_id', 'poi_id', 'company_id'])
      .where('id', '=', taskId)
      .executeTakeFirst();
    if (!t || t.company_id !== event.companyId) return undefined;
    s.task = { id: t.id, title: t.title, departmentId: t.department_id, zoneId: t.zone_id };
    Object.assign(s.data, { taskId: t.id, title: t.title, pending: num(p['pending']) });
    s.link = { type: 'task', id: t.id };
  }
  const poiId = num(p['poiId']);
  if (poiId !== null) {
    const poi = await db
      .selectFrom('pois')
      .select(['id', 'name', 'category_id', 'department_id', 'zone_id', 'company_id'])
      .where('id', '=', poiId)
      .executeTakeFirst();
    if (!poi || poi.company_id !== event.companyId) return undefined;
    s.poi = {
      id: poi.id,
      name: poi.name,
      categoryId: poi.category_id,
      departmentId: poi.department_id,
      zoneId: poi.zone_id,
    };
    Object.assign(s.data, { poiId: poi.id, poiName: poi.name });
  }
  switch (event.type) {
    case 'VISIT_CLOSED':
      s.data['minutes'] = Math.round(num(p['dwellMinutes']) ?? 0);
      break;
    case 'ATTENDANCE_LATE':
      Object.assign(s.data, { date: str(p['date']), minutes: num(p['lateMinutes']) });
      break;
    case 'ATTENDANCE_ABSENT':
      s.data['date'] = str(p['date']);
      break;
    case 'CONSENT_GRANTED':
    case 'CONSENT_REVOKED':
      s.data['via'] = str(p['via']);
      break;
    case 'CONSENT_PENDING_EXPIRED': {
      const ids = Array.isArray(p['msisdnIds']) ? p['msisdnIds'].filter((v) => typeof v === 'number') : [];
      const rows = ids.length
        ? await db
            .selectFrom('msisdns')
            .select(['id', 'department_id', 'zone_id', 'designation_id'])
            .where('company_id', '=', event.companyId)
            .where('id', 'in', ids)
            .where('consent_status', '=', 'PENDING')
            .execute()
        : [];
      // Those answered or removed since are no longer news.
      if (!rows.length) return undefined;
      s.group = rows.map((r) => ({
        id: r.id,
        departmentId: r.department_id,
        zoneId: r.zone_id,
        designationId: r.designation_id,
      }));
      Object.assign(s.data, { count: rows.length, days: num(p['days']) });
      s.link = { type: 'pendingConsent' };
      break;
    }
    case 'INVOICE_ISSUED':
    case 'INVOICE_OVERDUE':
      Object.assign(s.data, {
        number: str(p['number']),
        currency: str(p['currency']),
        amountMinor: num(p['totalMinor']) ?? num(p['balanceMinor']),
        dueOn: str(p['dueOn']),
      });
      if (event.subjectId) s.link = { type: 'invoice', id: Number(event.subjectId) };
      break;
    case 'REPORT_READY': {
      const schedule =
        event.subjectType === 'reportSchedule' && event.subjectId
          ? await db
              .selectFrom('report_schedules as rs')
              .innerJoin('users as u', 'u.id', 'rs.owner_id')
              .select(['rs.id', 'rs.name', 'rs.company_id', 'rs.owner_id', 'u.department_id', 'u.zone_id'])
              .where('rs.id', '=', Number(event.subjectId))
              .executeTakeFirst()
          : undefined;
      // A schedule deleted since: nobody to point at.
      if (!schedule || schedule.company_id !== event.companyId) return undefined;
      s.report = {
        scheduleId: schedule.id,
        ownerId: schedule.owner_id,
        owner: { departmentId: schedule.department_id, zoneId: schedule.zone_id },
      };
      Object.assign(s.data, {
        scheduleName: schedule.name,
        report: str(p['report']),
        periodStart: str(p['periodStart']),
        periodEnd: str(p['periodEnd']),
        rows: num(p['rows']),
      });
      s.link = { type: 'reportSchedule', id: schedule.id };
      break;
    }
  }
  return s;
}

/**
 * What a recorded delivery is about, read again now (a digest checks each recipient against the subject as it stands
 * when it sends): the event is rebuilt from the delivery, which keeps what the subject is made of (events are pruned,
 * deliveries stay).
 */
export function deliverySubject(tx: Executor, d: DeliveryRow): Promise<EventSubject | undefined> {
  return loadSubject(tx, {
    id: d.event_id,
    type: d.event_type,
    companyId: d.company_id,
    msisdnId: d.msisdn_id,
    subjectType: d.subject_type,
    subjectId: d.subject_id,
    payload: { poiId: d.data['poiId'], taskId: d.data['taskId'] } as unknown as DomainEvent['payload'],
    occurredAt: d.occurred_at,
  });
}
