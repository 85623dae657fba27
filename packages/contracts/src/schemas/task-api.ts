import { z } from 'zod';
import { abilitiesOf } from './abilities.ts';
import { detectabilitySchema } from './pois.ts';
import { pageSchema } from './common.ts';
import {
  boolFilter,
  idFilter,
  idText,
  listQuery,
  optionalRefId,
  optionalText,
  refId,
  timestamp,
} from './fields.ts';
import { dateTimeParam } from './positions.ts';
import { POSITION_SOURCES } from './positions.ts';
import { nameString, safeString } from './text.ts';
import { TOO_LONG, TOO_MANY, intBetween } from './limits.ts';

/** The API of tasks and their assignments (issue 13): a visit to the task's POI completes them, with proof. */

export const TASK_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_STATUSES = ['PENDING', 'COMPLETED', 'CANCELLED'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** How an assignment completes: by hand only, by a qualifying visit only, or either. */
export const TASK_COMPLETION_RULES = ['MANUAL', 'AUTO_ON_VISIT', 'AUTO_OR_MANUAL'] as const;
export type TaskCompletionRule = (typeof TASK_COMPLETION_RULES)[number];
/** ANY: the first completed assignment completes the task; EACH: every assignee must complete. */
export const TASK_ASSIGNMENT_MODES = ['ANY', 'EACH'] as const;
export type TaskAssignmentMode = (typeof TASK_ASSIGNMENT_MODES)[number];
export const TASK_ASSIGNMENT_STATUSES = ['PENDING', 'COMPLETED', 'CANCELLED'] as const;
export type TaskAssignmentStatus = (typeof TASK_ASSIGNMENT_STATUSES)[number];
export const TASK_COMPLETION_SOURCES = ['AUTO_VISIT', 'MANUAL'] as const;
export type TaskCompletionSource = (typeof TASK_COMPLETION_SOURCES)[number];

export const TASK_TITLE_MAX_LENGTH = 200;
export const TASK_LABELS_MAX = 10;
export const TASK_LABEL_MAX_LENGTH = 40;
export const TASK_REASON_MAX_LENGTH = 500;
/** One bulk assignment names at most this many MSISDNs. */
export const TASK_ASSIGN_BULK_MAX = 500;
/** The least confidence of a visit that completes a task automatically. */
export const TASK_MIN_CONFIDENCE = 0.6;
/** The evidence keeps at most this many of the fixes that proved a visit. */
export const TASK_EVIDENCE_FIXES_MAX = 50;

export const TASK_ACTIONS = ['update', 'delete', 'assign'] as const;
export const taskAbilitiesSchema = abilitiesOf(TASK_ACTIONS);
export type TaskAbilities = z.infer<typeof taskAbilitiesSchema>;
export const TASK_ASSIGNMENT_ACTIONS = ['complete', 'reopen', 'delete'] as const;
export const taskAssignmentAbilitiesSchema = abilitiesOf(TASK_ASSIGNMENT_ACTIONS);
export type TaskAssignmentAbilities = z.infer<typeof taskAssignmentAbilitiesSchema>;

const label = () =>
  nameString('validation.invalid').trim().min(1, 'validation.required').max(TASK_LABEL_MAX_LENGTH, TOO_LONG);
const labels = () =>
  z
    .array(label(), { error: 'validation.invalid' })
    .max(TASK_LABELS_MAX, TOO_MANY)
    .transform((list) => [...new Set(list)]);
const dwellMinutes = () => intBetween(1, 1440).nullish();
const optionalInstant = () => dateTimeParam().nullish();

const taskFields = {
  title: nameString('validation.titleRequired')
    .trim()
    .min(1, 'validation.titleRequired')
    .max(TASK_TITLE_MAX_LENGTH, TOO_LONG),
  description: optionalText(),
  priority: z.enum(TASK_PRIORITIES, { error: 'validation.invalid' }),
  labels: labels(),
  /** The site where the task is done: a visit there completes it (AUTO_* rules). */
  poiId: optionalRefId(),
  /** Due window: a qualifying visit must overlap it; `dueEnd` alone is a due time; overdue after `dueEnd`. */
  dueStart: optionalInstant(),
  dueEnd: optionalInstant(),
  completionRule: z.enum(TASK_COMPLETION_RULES, { error: 'validation.invalid' }),
  /** The least stay at the POI that completes it; default the POI category's minimum dwell. */
  requiredDwellMinutes: dwellMinutes(),
  assignmentMode: z.enum(TASK_ASSIGNMENT_MODES, { error: 'validation.invalid' }),
  departmentId: optionalRefId(),
  zoneId: optionalRefId(),
};

/** The rules a task's fields obey together (create, and the merged task on update). */
export function taskRules(
  t: {
    poiId?: number | null | undefined;
    completionRule?: TaskCompletionRule | undefined;
    dueStart?: Date | null | undefined;
    dueEnd?: Date | null | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  if (t.completionRule && t.completionRule !== 'MANUAL' && !t.poiId)
    ctx.addIssue({ code: 'custom', path: ['poiId'], message: 'task.poiRequiredForAuto' });
  if (t.dueStart && !t.dueEnd)
    ctx.addIssue({ code: 'custom', path: ['dueEnd'], message: 'task.dueEndRequired' });
  if (t.dueStart && t.dueEnd && t.dueEnd.getTime() <= t.dueStart.getTime())
    ctx.addIssue({ code: 'custom', path: ['dueEnd'], message: 'task.dueEndBeforeStart' });
}

/**
 * POST /tasks. A SuperAdmin names the company; a DepartmentAdmin's task is placed in its department and a ZoneAdmin's
 * in its zone (the server sets it). The POI must be one the caller sees in the task's company.
 */
export const taskCreateSchema = z
  .object({
    companyId: refId('validation.companyRequired').optional(),
    ...taskFields,
    priority: taskFields.priority.default('MEDIUM'),
    labels: taskFields.labels.default([]),
    completionRule: taskFields.completionRule.optional(),
    assignmentMode: taskFields.assignmentMode.default('ANY'),
  })
  .transform((t) => ({
    ...t,
    completionRule: t.completionRule ?? (t.poiId ? ('AUTO_OR_MANUAL' as const) : ('MANUAL' as const)),
  }))
  .superRefine(taskRules);
export type TaskCreateBody = z.infer<typeof taskCreateSchema>;
export type TaskCreateInput = z.input<typeof taskCreateSchema>;

/** PATCH /tasks/{id}: only the fields sent change; the company never does. Status: PENDING ⇄ CANCELLED. */
export const taskUpdateSchema = z.object({
  title: taskFields.title.optional(),
  description: taskFields.description,
  priority: taskFields.priority.optional(),
  labels: taskFields.labels.optional(),
  poiId: taskFields.poiId,
  dueStart: taskFields.dueStart,
  dueEnd: taskFields.dueEnd,
  completionRule: taskFields.completionRule.optional(),
  requiredDwellMinutes: taskFields.requiredDwellMinutes,
  assignmentMode: taskFields.assignmentMode.optional(),
  status: z.enum(['PENDING', 'CANCELLED'], { error: 'task.statusInvalid' }).optional(),
  departmentId: taskFields.departmentId,
  zoneId: taskFields.zoneId,
});
export type TaskUpdateBody = z.infer<typeof taskUpdateSchema>;

export const taskSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  zoneId: z.number().int().nullable(),
  zoneName: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  labels: z.array(z.string()),
  poiId: z.number().int().nullable(),
  poiName: z.string().nullable(),
  dueStart: timestamp().nullable(),
  dueEnd: timestamp().nullable(),
  completionRule: z.enum(TASK_COMPLETION_RULES),
  /** As set, or null: the POI category's minimum dwell applies (`effectiveDwellMinutes`). */
  requiredDwellMinutes: z.number().int().nullable(),
  effectiveDwellMinutes: z.number().int(),
  assignmentMode: z.enum(TASK_ASSIGNMENT_MODES),
  status: z.enum(TASK_STATUSES),
  /** Derived, never stored: pending and past its due end. */
  overdue: z.boolean(),
  completedAt: timestamp().nullable(),
  /** Members in the caller's view, and of them the completed. */
  assigneeCount: z.number().int(),
  completedCount: z.number().int(),
  /**
   * Members outside the caller's view still have the task to do: what keeps a task pending whose every member in
   * view is done (a department admin sees only the department's members).
   */
  othersPending: z.boolean(),
  abilities: taskAbilitiesSchema,
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type Task = z.infer<typeof taskSchema>;

export const TASK_SORT_FIELDS = [
  'title',
  'priority',
  'status',
  'dueEnd',
  'poiName',
  'companyName',
  'createdAt',
  'updatedAt',
] as const;
export const taskListQuerySchema = listQuery(TASK_SORT_FIELDS).extend({
  companyId: idFilter(),
  departmentId: idFilter(),
  zoneId: idFilter(),
  poiId: idFilter(),
  status: z.enum(TASK_STATUSES, { error: 'validation.invalid' }).optional(),
  priority: z.enum(TASK_PRIORITIES, { error: 'validation.invalid' }).optional(),
  label: safeString().max(TASK_LABEL_MAX_LENGTH, TOO_LONG).optional(),
  overdue: boolFilter(),
  /** Tasks whose due window touches [from, to]. */
  from: dateTimeParam().optional(),
  to: dateTimeParam().optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;
export const taskPageSchema = pageSchema(taskSchema);
export type TaskPage = z.infer<typeof taskPageSchema>;

// ── Assignments ───────────────────────────────────────────────────────────────────────────────────────────────────

/** POST /tasks/{id}/assignments: one or many MSISDNs the caller sees. */
export const taskAssignSchema = z.object({
  msisdnIds: z
    .array(refId('validation.invalid'), { error: 'taskAssignment.msisdnsRequired' })
    .min(1, 'taskAssignment.msisdnsRequired')
    .max(TASK_ASSIGN_BULK_MAX, TOO_MANY)
    .refine((ids) => new Set(ids).size === ids.length, 'validation.invalid'),
});
export type TaskAssignBody = z.infer<typeof taskAssignSchema>;

/** POST …/complete: a manual completion says why. */
export const taskCompleteSchema = z.object({
  reason: nameString('taskAssignment.reasonRequired')
    .trim()
    .min(1, 'taskAssignment.reasonRequired')
    .max(TASK_REASON_MAX_LENGTH, TOO_LONG),
});
export type TaskCompleteBody = z.infer<typeof taskCompleteSchema>;
/** POST …/reopen: why, kept with the earlier evidence. */
export const taskReopenSchema = taskCompleteSchema;
export type TaskReopenBody = TaskCompleteBody;

/** `/tasks/{id}/assignments/{msisdnId}`. */
export const taskAssignmentParamsSchema = z.object({ id: idText(), msisdnId: idText() });

/** One fix that proved a visit, copied (retention deletes positions). */
export const evidenceFixSchema = z.object({
  time: timestamp(),
  lat: z.number(),
  lon: z.number(),
  accuracyM: z.number().nullable(),
  source: z.enum(POSITION_SOURCES),
  /** The probability that the phone was inside the POI at this fix (accuracy-aware). */
  pIn: z.number(),
});
export type EvidenceFix = z.infer<typeof evidenceFixSchema>;

/** What completed (or reopened) an assignment: a frozen copy, never a reference. */
export const taskEvidenceSchema = z.object({
  kind: z.enum(['VISIT', 'MANUAL', 'REOPENED']),
  at: timestamp(),
  /** MANUAL and REOPENED: who and why. */
  by: z.string().nullable(),
  reason: z.string().nullable(),
  /** VISIT: the visit as it stood (bounds, dwell, confidence) and the fixes inside it. */
  visit: z
    .object({
      key: z.string(),
      poiId: z.number().int(),
      enteredAt: timestamp(),
      earliest: timestamp().nullable(),
      latest: timestamp().nullable(),
      exitedAt: timestamp().nullable(),
      dwellMinutes: z.number(),
      confidence: z.number(),
      closedBy: z.string(),
    })
    .nullable(),
  fixes: z.array(evidenceFixSchema),
});
export type TaskEvidence = z.infer<typeof taskEvidenceSchema>;

export const taskAssignmentSchema = z.object({
  taskId: z.number().int(),
  taskTitle: z.string(),
  companyId: z.number().int(),
  poiId: z.number().int().nullable(),
  poiName: z.string().nullable(),
  msisdnId: z.number().int(),
  msisdn: z.string(),
  employeeName: z.string(),
  status: z.enum(TASK_ASSIGNMENT_STATUSES),
  /** The task's rule for this assignment (AUTO_ON_VISIT becomes AUTO_OR_MANUAL where the phone is undetectable). */
  completionRule: z.enum(TASK_COMPLETION_RULES),
  completedAt: timestamp().nullable(),
  completionSource: z.enum(TASK_COMPLETION_SOURCES).nullable(),
  completedBy: z.string().nullable(),
  reason: z.string().nullable(),
  /** Every completion and reopening, oldest first. */
  evidence: z.array(taskEvidenceSchema),
  dueEnd: timestamp().nullable(),
  overdue: z.boolean(),
  /** How well the network resolves this phone at the task's POI (null: no POI). */
  detectability: detectabilitySchema.nullable(),
  abilities: taskAssignmentAbilitiesSchema,
  createdAt: timestamp(),
});
export type TaskAssignment = z.infer<typeof taskAssignmentSchema>;

/** The answer of an assignment: which MSISDNs were added and warnings (undetectable → AUTO_OR_MANUAL). */
export const taskAssignResultSchema = z.object({
  assigned: z.array(z.number().int()),
  alreadyAssigned: z.array(z.number().int()),
  /** MSISDNs whose phone the network cannot resolve at this POI: their assignment can also be completed by hand. */
  undetectable: z.array(z.number().int()),
});
export type TaskAssignResult = z.infer<typeof taskAssignResultSchema>;

export const TASK_ASSIGNMENT_SORT_FIELDS = [
  'taskTitle',
  'employeeName',
  'status',
  'completedAt',
  'dueEnd',
  'createdAt',
] as const;
export const taskAssignmentListQuerySchema = listQuery(TASK_ASSIGNMENT_SORT_FIELDS).extend({
  taskId: idFilter(),
  msisdnId: idFilter(),
  poiId: idFilter(),
  companyId: idFilter(),
  status: z.enum(TASK_ASSIGNMENT_STATUSES, { error: 'validation.invalid' }).optional(),
  overdue: boolFilter(),
  from: dateTimeParam().optional(),
  to: dateTimeParam().optional(),
});
export type TaskAssignmentListQuery = z.infer<typeof taskAssignmentListQuerySchema>;
export const taskAssignmentPageSchema = pageSchema(taskAssignmentSchema);
export type TaskAssignmentPage = z.infer<typeof taskAssignmentPageSchema>;

// ── Attachments ───────────────────────────────────────────────────────────────────────────────────────────────────

/** The largest attachment (bytes) and how many one task may hold. */
export const TASK_ATTACHMENT_MAX_BYTES = 5_000_000;
export const TASK_ATTACHMENTS_MAX = 20;
export const TASK_ATTACHMENT_NAME_MAX_LENGTH = 200;
/** What may be attached, by the type its bytes show (the name and the sender's claim are not trusted). */
export const TASK_ATTACHMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'text/plain',
  'text/csv',
] as const;
export type TaskAttachmentType = (typeof TASK_ATTACHMENT_TYPES)[number];

/** POST /tasks/{id}/attachments: the file as base64 (at most 5 MB decoded) and its name. */
export const taskAttachmentUploadSchema = z.object({
  fileName: safeString('validation.invalid')
    .trim()
    .min(1, 'validation.required')
    .max(TASK_ATTACHMENT_NAME_MAX_LENGTH, TOO_LONG),
  content: z
    .string({ error: 'taskAttachment.unreadable' })
    .min(1, 'taskAttachment.empty')
    .max(Math.ceil(TASK_ATTACHMENT_MAX_BYTES / 3) * 4 + 4, 'taskAttachment.tooLarge')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'taskAttachment.unreadable'),
});
export type TaskAttachmentUpload = z.infer<typeof taskAttachmentUploadSchema>;

export const taskAttachmentSchema = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  fileName: z.string(),
  contentType: z.enum(TASK_ATTACHMENT_TYPES),
  sizeBytes: z.number().int(),
  uploadedBy: z.string().nullable(),
  createdAt: timestamp(),
  abilities: abilitiesOf(['delete'] as const),
});
export type TaskAttachment = z.infer<typeof taskAttachmentSchema>;
export const taskAttachmentListSchema = z.object({ items: z.array(taskAttachmentSchema) });
export type TaskAttachmentList = z.infer<typeof taskAttachmentListSchema>;

/** `/tasks/{id}/attachments/{attachmentId}`. */
export const taskAttachmentParamsSchema = z.object({ id: idText(), attachmentId: idText() });

// ── Recurring tasks ───────────────────────────────────────────────────────────────────────────────────────────────

/** How far ahead recurring tasks are created (days, today included). */
export const TASK_RECURRENCE_AHEAD_DAYS = 2;

const hhmm = () =>
  safeString('validation.timeInvalid').regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'validation.timeInvalid');

/**
 * A recurring task: on each of `weekdays` (ISO, 1 = Monday) a task is created with the template's terms, due from
 * `startTime` to `endTime` local time (the company's time zone), assigned to `msisdnIds`.
 */
export const taskTemplateCreateSchema = z
  .object({
    companyId: refId('validation.companyRequired').optional(),
    title: taskFields.title,
    description: taskFields.description,
    priority: taskFields.priority.default('MEDIUM'),
    labels: taskFields.labels.default([]),
    poiId: taskFields.poiId,
    completionRule: taskFields.completionRule.optional(),
    requiredDwellMinutes: taskFields.requiredDwellMinutes,
    assignmentMode: taskFields.assignmentMode.default('ANY'),
    departmentId: taskFields.departmentId,
    zoneId: taskFields.zoneId,
    weekdays: z
      .array(z.number({ error: 'task.weekdaysRequired' }).int().min(1).max(7), {
        error: 'task.weekdaysRequired',
      })
      .min(1, 'task.weekdaysRequired')
      .max(7, 'task.weekdaysRequired')
      .transform((d) => [...new Set(d)].sort()),
    startTime: hhmm(),
    endTime: hhmm(),
    msisdnIds: z
      .array(refId('validation.invalid'), { error: 'validation.invalid' })
      .max(TASK_ASSIGN_BULK_MAX, TOO_MANY)
      .default([]),
    active: z.boolean({ error: 'validation.invalid' }).default(true),
  })
  .transform((t) => ({
    ...t,
    completionRule: t.completionRule ?? (t.poiId ? ('AUTO_OR_MANUAL' as const) : ('MANUAL' as const)),
  }))
  .superRefine((t, ctx) => {
    if (t.completionRule !== 'MANUAL' && !t.poiId)
      ctx.addIssue({ code: 'custom', path: ['poiId'], message: 'task.poiRequiredForAuto' });
    if (t.endTime <= t.startTime)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'task.dueEndBeforeStart' });
  });
export type TaskTemplateCreateBody = z.infer<typeof taskTemplateCreateSchema>;
export type TaskTemplateCreateInput = z.input<typeof taskTemplateCreateSchema>;

/**
 * PATCH /task-templates/{id}: only the fields sent change (pause or resume with `active`); a change applies to the days
 * not created yet — tasks already made keep their terms.
 */
export const taskTemplateUpdateSchema = z.object({
  active: z.boolean({ error: 'validation.invalid' }).optional(),
  title: taskFields.title.optional(),
  description: taskFields.description,
  priority: taskFields.priority.optional(),
  labels: taskFields.labels.optional(),
  poiId: taskFields.poiId,
  completionRule: taskFields.completionRule.optional(),
  requiredDwellMinutes: taskFields.requiredDwellMinutes,
  assignmentMode: taskFields.assignmentMode.optional(),
  weekdays: z
    .array(z.number({ error: 'task.weekdaysRequired' }).int().min(1).max(7), {
      error: 'task.weekdaysRequired',
    })
    .min(1, 'task.weekdaysRequired')
    .max(7, 'task.weekdaysRequired')
    .transform((d) => [...new Set(d)].sort())
    .optional(),
  startTime: hhmm().optional(),
  endTime: hhmm().optional(),
  msisdnIds: z
    .array(refId('validation.invalid'), { error: 'validation.invalid' })
    .max(TASK_ASSIGN_BULK_MAX, TOO_MANY)
    .optional(),
});
export type TaskTemplateUpdateBody = z.infer<typeof taskTemplateUpdateSchema>;

export const taskTemplateSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  labels: z.array(z.string()),
  poiId: z.number().int().nullable(),
  poiName: z.string().nullable(),
  completionRule: z.enum(TASK_COMPLETION_RULES),
  requiredDwellMinutes: z.number().int().nullable(),
  assignmentMode: z.enum(TASK_ASSIGNMENT_MODES),
  weekdays: z.array(z.number().int()),
  startTime: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  msisdnIds: z.array(z.number().int()),
  active: z.boolean(),
  /** The last day a task was created for (company time zone), or null. */
  lastOccurrence: z.string().nullable(),
  abilities: abilitiesOf(['update', 'delete'] as const),
  createdAt: timestamp(),
});
export type TaskTemplate = z.infer<typeof taskTemplateSchema>;
export const TASK_TEMPLATE_SORT_FIELDS = ['title', 'createdAt'] as const;
export const taskTemplateListQuerySchema = listQuery(TASK_TEMPLATE_SORT_FIELDS).extend({
  companyId: idFilter(),
  active: boolFilter(),
});
export type TaskTemplateListQuery = z.infer<typeof taskTemplateListQuerySchema>;
export const taskTemplatePageSchema = pageSchema(taskTemplateSchema);
export type TaskTemplatePage = z.infer<typeof taskTemplatePageSchema>;
