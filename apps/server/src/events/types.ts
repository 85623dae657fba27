/** The domain events of the product; a new one is added here with its payload type. */
export const EVENT_TYPES = {
  CONSENT_GRANTED: 'CONSENT_GRANTED',
  CONSENT_REVOKED: 'CONSENT_REVOKED',
  CONSENT_PENDING_EXPIRED: 'CONSENT_PENDING_EXPIRED',
  MSISDN_CREATED: 'MSISDN_CREATED',
  MSISDN_DELETED: 'MSISDN_DELETED',
  POSITIONS_STORED: 'POSITIONS_STORED',
  GEOFENCE_ENTER: 'GEOFENCE_ENTER',
  GEOFENCE_EXIT: 'GEOFENCE_EXIT',
  VISIT_CLOSED: 'VISIT_CLOSED',
  VISIT_CORRECTED: 'VISIT_CORRECTED',
  TASK_ASSIGNED: 'TASK_ASSIGNED',
  TASK_COMPLETED: 'TASK_COMPLETED',
  TASK_OVERDUE: 'TASK_OVERDUE',
  ATTENDANCE_LATE: 'ATTENDANCE_LATE',
  ATTENDANCE_ABSENT: 'ATTENDANCE_ABSENT',
  ATTENDANCE_CORRECTED: 'ATTENDANCE_CORRECTED',
  INVOICE_ISSUED: 'INVOICE_ISSUED',
  INVOICE_OVERDUE: 'INVOICE_OVERDUE',
  PAYMENT_RECORDED: 'PAYMENT_RECORDED',
  REPORT_READY: 'REPORT_READY',
} as const;

export type EventType = keyof typeof EVENT_TYPES;

/** How a consent change reached the server. */
export type ConsentChannel = 'SMS' | 'PORTAL';

export interface EventPayloads {
  CONSENT_GRANTED: { msisdn: string; via: ConsentChannel; previous: 'PENDING' | 'REVOKED' };
  CONSENT_REVOKED: { msisdn: string; via: ConsentChannel; previous: 'PENDING' | 'GRANTED' };
  /**
   * Consent requests unanswered for `days` days, flagged together (subject the company): the MSISDNs newly past the
   * limit in one run of the consent job. Each recipient learns only of those in its own tier.
   */
  CONSENT_PENDING_EXPIRED: { msisdnIds: number[]; days: number };
  MSISDN_CREATED: { msisdn: string; departmentId: number; zoneId: number | null; importId: string | null };
  MSISDN_DELETED: { msisdn: string };
  /** One batch of one company's positions, in storage order. */
  POSITIONS_STORED: { positionIds: number[]; msisdnIds: number[]; from: string; to: string };
  /** Presence (modules/pois): occurredAt is backdated to the evidence; the truth lies in [earliest, latest]. */
  GEOFENCE_ENTER: PresencePayload;
  GEOFENCE_EXIT: PresencePayload;
  VISIT_CLOSED: PresencePayload;
  /** A late fix changed a visit already reported (replay): its record now, or removed. */
  VISIT_CORRECTED: PresencePayload & { removed: boolean };
  /** Tasks (modules/tasks): subject the task; msisdnId the assignee. */
  TASK_ASSIGNED: { taskId: number; title: string; poiId: number | null; completionRule: string };
  /** An assignment completed: by a visit (its key) or by hand; `taskCompleted` when the task completed with it. */
  TASK_COMPLETED: {
    taskId: number;
    title: string;
    source: 'AUTO_VISIT' | 'MANUAL';
    visitKey: string | null;
    taskCompleted: boolean;
  };
  /** A pending task passed its due end (once per due time); `pending` assignees had not completed. */
  TASK_OVERDUE: { taskId: number; title: string; dueEnd: string; pending: number };
  /** Attendance (modules/attendance), subject the shift: late with evidence (once per MSISDN and date). */
  ATTENDANCE_LATE: { date: string; shiftId: number; firstIn: string | null; lateMinutes: number };
  /** Absent with evidence, once the day is FINAL (once per MSISDN and date). */
  ATTENDANCE_ABSENT: { date: string; shiftId: number; outsideCoverage: number };
  /** A FINAL day's status changed (late positions, a replayed visit, new shift terms or holidays). */
  ATTENDANCE_CORRECTED: { date: string; previousStatus: string; status: string; cause: string };
  /** Billing (modules/billing), subject the invoice. */
  INVOICE_ISSUED: { number: string; period: string; currency: string; totalMinor: number; dueOn: string };
  /** Once per invoice, the day after its due date passed unpaid (company time zone). */
  INVOICE_OVERDUE: { number: string; period: string; currency: string; balanceMinor: number; dueOn: string };
  PAYMENT_RECORDED: { number: string; currency: string; amountMinor: number; balanceMinor: number };
  /** Reports (modules/reports/schedules), subject the schedule: a run's file is made and its e-mails queued. */
  REPORT_READY: {
    runId: number;
    report: string;
    periodStart: string;
    periodEnd: string;
    format: string;
    rows: number;
    bytes: number;
    delivery: 'ATTACHED' | 'LINK';
    queued: number;
    dropped: number;
  };
}

export interface PresencePayload {
  poiId: number;
  visitKey: string;
  earliest: string | null;
  latest: string | null;
  enteredAt: string;
  exitedAt: string | null;
  dwellMinutes: number;
  confidence: number;
  closedBy: 'EXIT' | 'NO_DATA' | 'WINDOW_END' | 'OPEN';
}

/** An event as a processor receives it. */
export interface DomainEvent<T extends EventType = EventType> {
  /** Unique and stable: a processor that may run twice keys what it does on it. */
  id: number;
  type: T;
  companyId: number | null;
  msisdnId: number | null;
  subjectType: string | null;
  subjectId: string | null;
  payload: EventPayloads[T];
  occurredAt: Date;
}

/** NOTIFY channel of new events (payload: the type), so processors run right after the commit. */
export const EVENTS_CHANNEL = 'lbs_events';
