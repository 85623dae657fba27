import { sql } from 'kysely';
import type {
  PoiGeometry,
  TaskAssignmentListQuery,
  TaskAssignmentMode,
  TaskAssignmentStatus,
  TaskCompletionRule,
  TaskCompletionSource,
  TaskEvidence,
  TaskListQuery,
  TaskPriority,
  TaskStatus,
} from '@lbs/contracts';
import type { Executor } from '../../db/database.ts';
import { scoped, unscoped } from '../../access/scoped.ts';
import type { Scope } from '../../access/scope.ts';
import { applyPage, applySearch, applySort, countOf } from '../../lib/listing.ts';

/** Tasks and their assignments: every read through the caller's scope (the processor names its reads unscoped). */

export interface TaskRecord {
  id: number;
  company_id: number;
  company_name: string;
  department_id: number | null;
  department_name: string | null;
  zone_id: number | null;
  zone_name: string | null;
  title: string;
  description: string | null;
  priority: TaskPriority;
  labels: string[];
  poi_id: number | null;
  poi_name: string | null;
  due_start: Date | null;
  due_end: Date | null;
  completion_rule: TaskCompletionRule;
  required_dwell_minutes: number | null;
  category_dwell: number | null;
  assignment_mode: TaskAssignmentMode;
  status: TaskStatus;
  completed_at: Date | null;
  assignee_count: number;
  completed_count: number;
  /** Any assignment completed, in scope or not (such a task is cancelled, not deleted). */
  has_completions: boolean;
  others_pending: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface AssignmentRecord {
  task_id: number;
  task_title: string;
  task_status: TaskStatus;
  company_id: number;
  department_id: number | null;
  zone_id: number | null;
  poi_id: number | null;
  poi_name: string | null;
  poi_r_eff_m: number | null;
  msisdn_id: number;
  msisdn: string;
  employee_name: string;
  status: TaskAssignmentStatus;
  completion_rule: TaskCompletionRule;
  completed_at: Date | null;
  completion_source: TaskCompletionSource | null;
  completed_by: string | null;
  reason: string | null;
  evidence: TaskEvidence[];
  due_end: Date | null;
  created_at: Date;
}

const TASK_SORT = {
  title: 'tasks.title',
  priority: sql`case tasks.priority when 'HIGH' then 3 when 'MEDIUM' then 2 else 1 end`,
  status: 'tasks.status',
  dueEnd: 'tasks.due_end',
  poiName: 'p.name',
  companyName: 'c.name',
  createdAt: 'tasks.created_at',
  updatedAt: 'tasks.updated_at',
};
const ASSIGNMENT_SORT = {
  taskTitle: 't.title',
  employeeName: 'm.employee_name',
  status: 'task_assignments.status',
  completedAt: 'task_assignments.completed_at',
  dueEnd: 't.due_end',
  createdAt: 'task_assignments.created_at',
};

/** Pending and past its due end, at `now`. */
const overdueSql = (now: Date, table = 'tasks') =>
  sql<boolean>`(${sql.ref(`${table}.status`)} = 'PENDING' and ${sql.ref(`${table}.due_end`)} < ${now})`;

export function tasksRepository(db: Executor) {
  const s = (scope: Scope) => scoped(db, scope);

  function selectTasks(scope: Scope) {
    const inScope = s(scope).msisdns().select('msisdns.id');
    return s(scope)
      .tasks('see')
      .innerJoin('companies as c', 'c.id', 'tasks.company_id')
      .leftJoin('departments as d', 'd.id', 'tasks.department_id')
      .leftJoin('zones as z', 'z.id', 'tasks.zone_id')
      .leftJoin('pois as p', 'p.id', 'tasks.poi_id')
      .leftJoin('poi_categories as pc', 'pc.id', 'p.category_id')
      .select((eb) => [
        'tasks.id',
        'tasks.company_id',
        'c.name as company_name',
        'tasks.department_id',
        'd.name as department_name',
        'tasks.zone_id',
        'z.name as zone_name',
        'tasks.title',
        'tasks.description',
        'tasks.priority',
        'tasks.labels',
        'tasks.poi_id',
        'p.name as poi_name',
        'tasks.due_start',
        'tasks.due_end',
        'tasks.completion_rule',
        'tasks.required_dwell_minutes',
        'pc.default_min_dwell_minutes as category_dwell',
        'tasks.assignment_mode',
        'tasks.status',
        'tasks.completed_at',
        'tasks.created_at',
        'tasks.updated_at',
        eb
          .selectFrom('task_assignments as ta')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('ta.task_id', '=', 'tasks.id')
          .where('ta.msisdn_id', 'in', inScope)
          .as('assignee_count'),
        eb
          .selectFrom('task_assignments as ta')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('ta.task_id', '=', 'tasks.id')
          .where('ta.msisdn_id', 'in', inScope)
          .where('ta.status', '=', 'COMPLETED')
          .as('completed_count'),
        sql<boolean>`exists (select 1 from task_assignments x where x.task_id = tasks.id and x.status = 'COMPLETED')`.as(
          'has_completions',
        ),
        eb
          .exists(
            eb
              .selectFrom('task_assignments as ta')
              .select('ta.task_id')
              .whereRef('ta.task_id', '=', 'tasks.id')
              .where('ta.status', '=', 'PENDING')
              .where('ta.msisdn_id', 'not in', inScope),
          )
          .as('others_pending'),
      ]);
  }

  function taskFilters(scope: Scope, query: Partial<TaskListQuery>, now: Date) {
    let base = s(scope).tasks('see');
    if (query.companyId !== undefined) base = base.where('tasks.company_id', '=', query.companyId);
    if (query.departmentId !== undefined) base = base.where('tasks.department_id', '=', query.departmentId);
    if (query.zoneId !== undefined) base = base.where('tasks.zone_id', '=', query.zoneId);
    if (query.poiId !== undefined) base = base.where('tasks.poi_id', '=', query.poiId);
    if (query.status !== undefined) base = base.where('tasks.status', '=', query.status);
    if (query.priority !== undefined) base = base.where('tasks.priority', '=', query.priority);
    if (query.label !== undefined) base = base.where(sql<boolean>`tasks.labels ? ${query.label}`);
    if (query.overdue !== undefined)
      base = base.where(
        query.overdue ? overdueSql(now) : sql<boolean>`not coalesce(${overdueSql(now)}, false)`,
      );
    if (query.from !== undefined) base = base.where('tasks.due_end', '>=', query.from);
    if (query.to !== undefined)
      base = base.where(sql<boolean>`coalesce(tasks.due_start, tasks.due_end) <= ${query.to}`);
    return applySearch(base, query.q, ['tasks.title', 'tasks.description']);
  }

  function selectAssignments(scope: Scope) {
    const seenTasks = s(scope).tasks('see').select('tasks.id');
    return s(scope)
      .msisdnOwned('task_assignments', 'msisdn_id')
      .where('task_assignments.task_id', 'in', seenTasks)
      .innerJoin('tasks as t', 't.id', 'task_assignments.task_id')
      .innerJoin('msisdns as m', 'm.id', 'task_assignments.msisdn_id')
      .leftJoin('pois as p', 'p.id', 't.poi_id')
      .select([
        'task_assignments.task_id',
        't.title as task_title',
        't.status as task_status',
        't.company_id',
        't.department_id',
        't.zone_id',
        't.poi_id',
        'p.name as poi_name',
        'p.r_eff_m as poi_r_eff_m',
        'task_assignments.msisdn_id',
        'm.msisdn',
        'm.employee_name',
        'task_assignments.status',
        'task_assignments.completion_rule',
        'task_assignments.completed_at',
        'task_assignments.completion_source',
        'task_assignments.completed_by',
        'task_assignments.reason',
        'task_assignments.evidence',
        't.due_end',
        'task_assignments.created_at',
      ]);
  }

  const counted = <T extends { assignee_count: unknown; completed_count: unknown }>(r: T) => ({
    ...r,
    assignee_count: Number(r.assignee_count ?? 0),
    completed_count: Number(r.completed_count ?? 0),
  });

  return {
    async listTasks(scope: Scope, query: TaskListQuery, now: Date) {
      const base = taskFilters(scope, query, now);
      const rows = selectTasks(scope).where('tasks.id', 'in', base.select('tasks.id'));
      const [total, page] = await Promise.all([
        countOf(base),
        applyPage(applySort(rows, query.sort, TASK_SORT, 'tasks.id', '-createdAt'), query).execute(),
      ]);
      return { total, rows: page.map((r) => counted(r) as TaskRecord) };
    },
    async findTask(scope: Scope, id: number): Promise<TaskRecord | undefined> {
      const row = await selectTasks(scope).where('tasks.id', '=', id).executeTakeFirst();
      return row && (counted(row) as TaskRecord);
    },
    /** The task for a write, locked: `manage` to change it, `see` to assign to it or complete its assignments. */
    lock(scope: Scope, id: number, purpose: 'see' | 'manage' = 'manage') {
      return s(scope)
        .tasks(purpose)
        .selectAll('tasks')
        .where('tasks.id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },
    /** The POI a task body names: one the caller sees, in the task's company. */
    poiFor(scope: Scope, companyId: number, poiId: number) {
      return s(scope)
        .pois('see')
        .leftJoin('poi_categories as pc', 'pc.id', 'pois.category_id')
        .select(['pois.id', 'pois.r_eff_m', 'pc.default_min_dwell_minutes as category_dwell'])
        .where('pois.id', '=', poiId)
        .where('pois.company_id', '=', companyId)
        .executeTakeFirst();
    },
    /** MSISDNs the caller sees in the company, of those asked. */
    async msisdnsIn(scope: Scope, companyId: number, ids: readonly number[]) {
      if (!ids.length) return [];
      return s(scope)
        .msisdns()
        .select(['msisdns.id', 'msisdns.msisdn'])
        .where('msisdns.company_id', '=', companyId)
        .where('msisdns.id', 'in', ids)
        .execute();
    },
    async hasCompletions(taskId: number): Promise<boolean> {
      const row = await unscoped(db)
        .selectFrom('task_assignments')
        .select('task_id')
        .where('task_id', '=', taskId)
        .where('status', '=', 'COMPLETED')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async listAssignments(scope: Scope, query: TaskAssignmentListQuery, now: Date) {
      let base = selectAssignments(scope);
      if (query.taskId !== undefined) base = base.where('task_assignments.task_id', '=', query.taskId);
      if (query.msisdnId !== undefined) base = base.where('task_assignments.msisdn_id', '=', query.msisdnId);
      if (query.poiId !== undefined) base = base.where('t.poi_id', '=', query.poiId);
      if (query.companyId !== undefined) base = base.where('t.company_id', '=', query.companyId);
      if (query.status !== undefined) base = base.where('task_assignments.status', '=', query.status);
      if (query.overdue !== undefined) {
        const overdue = sql<boolean>`(task_assignments.status = 'PENDING' and ${overdueSql(now, 't')})`;
        base = base.where(query.overdue ? overdue : sql<boolean>`not coalesce(${overdue}, false)`);
      }
      if (query.from !== undefined) base = base.where('t.due_end', '>=', query.from);
      if (query.to !== undefined)
        base = base.where(sql<boolean>`coalesce(t.due_start, t.due_end) <= ${query.to}`);
      base = applySearch(base, query.q, ['t.title', 'm.employee_name', 'm.msisdn']);
      const [total, page] = await Promise.all([
        countOf(base),
        applyPage(
          applySort(base, query.sort, ASSIGNMENT_SORT, 'task_assignments.msisdn_id', '-createdAt').orderBy(
            'task_assignments.task_id',
          ),
          query,
        ).execute(),
      ]);
      return { total, rows: page as AssignmentRecord[] };
    },
    findAssignment(scope: Scope, taskId: number, msisdnId: number) {
      return selectAssignments(scope)
        .where('task_assignments.task_id', '=', taskId)
        .where('task_assignments.msisdn_id', '=', msisdnId)
        .executeTakeFirst() as Promise<AssignmentRecord | undefined>;
    },
    /** The assignment for a write, locked, when the caller sees both its task and its MSISDN. */
    lockAssignment(scope: Scope, taskId: number, msisdnId: number) {
      const seenTasks = s(scope).tasks('see').select('tasks.id');
      return s(scope)
        .msisdnOwned('task_assignments', 'msisdn_id')
        .where('task_assignments.task_id', 'in', seenTasks)
        .selectAll('task_assignments')
        .where('task_assignments.task_id', '=', taskId)
        .where('task_assignments.msisdn_id', '=', msisdnId)
        .forUpdate()
        .executeTakeFirst();
    },
  };
}

/**
 * The processor's reads: no caller, so past any scope (the event names the MSISDN and the POI): the pending
 * assignments of the MSISDN to open tasks at the POI that a visit may complete, locked.
 */
export function autoCandidates(db: Executor, msisdnId: number, poiId: number) {
  return unscoped(db)
    .selectFrom('task_assignments as ta')
    .innerJoin('tasks as t', 't.id', 'ta.task_id')
    .innerJoin('pois as p', 'p.id', 't.poi_id')
    .leftJoin('poi_categories as pc', 'pc.id', 'p.category_id')
    .select([
      'ta.task_id',
      'ta.msisdn_id',
      'ta.company_id',
      'ta.completion_rule',
      't.title',
      't.due_start',
      't.due_end',
      't.required_dwell_minutes',
      'pc.default_min_dwell_minutes as category_dwell',
      'p.geometry',
    ])
    .where('ta.msisdn_id', '=', msisdnId)
    .where('t.poi_id', '=', poiId)
    .where('ta.status', '=', 'PENDING')
    .where('t.status', '=', 'PENDING')
    .where('ta.completion_rule', '<>', 'MANUAL')
    .orderBy('ta.task_id')
    .forUpdate(['ta'])
    .execute() as Promise<
    {
      task_id: number;
      msisdn_id: number;
      company_id: number;
      completion_rule: TaskCompletionRule;
      title: string;
      due_start: Date | null;
      due_end: Date | null;
      required_dwell_minutes: number | null;
      category_dwell: number | null;
      geometry: PoiGeometry;
    }[]
  >;
}
