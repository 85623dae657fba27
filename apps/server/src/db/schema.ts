import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  CompanyConfig,
  CompanyStatus,
  ConsentStatus,
  ImportFormat,
  ImportStatus,
  InvoiceStatus,
  InvoiceItemKind,
  BillableLocateRule,
  Proration,
  RebateKind,
  PaymentMethod,
  PoiCategoryIcon,
  PoiGeometry,
  PoiImportFormat,
  PoiImportRowError,
  PoiPurpose,
  PoiTimeWindow,
  PositionSource,
  PresenceStateName,
  PricePlan,
  TaskAssignmentMode,
  TaskAssignmentStatus,
  TaskAttachmentType,
  TaskCompletionRule,
  TaskCompletionSource,
  TaskEvidence,
  TaskPriority,
  TaskStatus,
  VisitClosedBy,
  NotificationChannel,
  NotificationDeliveryStatus,
  NotificationDigest,
  NotificationEventType,
  NotificationFilters,
  NotificationRecipientRole,
  NotificationSuppressReason,
  NotificationThrottleMode,
  TrackingWindow,
} from '@lbs/contracts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T> = ColumnType<T, string, string>;

/** Row types of the tables. The JSON columns and the status unions are the contracts' types (one definition). */

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  code: string;
  contact_email: string | null;
  contact_phone: string | null;
  address: string | null;
  country: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  status: ColumnType<CompanyStatus, CompanyStatus | undefined>;
  zone_enabled: ColumnType<boolean, boolean | undefined>;
  config: Json<CompanyConfig>;
  price_plan: Json<PricePlan>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface OrgUnitTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  description: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  /** OIDC subject (`sub`), a UUID like Keycloak's. */
  subject: Generated<string>;
  username: string;
  email: string;
  full_name: string;
  phone_no: string | null;
  photo_url: string | null;
  birth_date: string | null;
  country: string | null;
  address: string | null;
  notes: string | null;
  company_id: number | null;
  department_id: number | null;
  zone_id: number | null;
  designation_id: number | null;
  active: ColumnType<boolean, boolean | undefined>;
  is_pia_signed: ColumnType<boolean, boolean | undefined>;
  pia_signed_at: Timestamp | null;
  password_hash: string | null;
  failed_logins: ColumnType<number, number | undefined>;
  locked_until: Timestamp | null;
  /** Bumped to end every session of the user (deactivation, password change). */
  sessions_revoked_at: Timestamp | null;
  /** The last portal language (a LocaleCode), in which e-mail and SMS notifications are written; null: en-US. */
  locale: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UserRolesTable {
  user_id: number;
  role: string;
}

export interface MsisdnsTable {
  id: Generated<number>;
  company_id: number;
  department_id: number;
  zone_id: number | null;
  designation_id: number;
  msisdn: string;
  employee_name: string;
  employee_code: string | null;
  email: string | null;
  consent_status: ColumnType<ConsentStatus, ConsentStatus | undefined>;
  consent_at: Timestamp | null;
  consent_requested_at: Timestamp | null;
  /** When a consent still PENDING past the company's `consentPendingDays` was flagged to its admins. */
  consent_pending_flagged_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  tracking_enabled: ColumnType<boolean, boolean | undefined>;
  home_lat: number | null;
  home_lon: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface InvoicesTable {
  id: Generated<number>;
  company_id: number;
  period_start: string;
  period_end: string;
  status: InvoiceStatus;
  number: string | null;
  issued_at: Timestamp | null;
  due_on: string | null;
  currency: string;
  tax_rate_percent: string;
  subtotal_minor: ColumnType<number, number, number>;
  rebate_minor: ColumnType<number, number, number>;
  tax_minor: ColumnType<number, number, number>;
  total_minor: ColumnType<number, number, number>;
  paid_minor: ColumnType<number, number | undefined, number>;
  credited_minor: ColumnType<number, number | undefined, number>;
  tariff_snapshot: Json<unknown>;
  content_hash: string;
  pdf: Buffer | null;
  pdf_sha256: string | null;
  replaces_invoice_id: number | null;
  void_reason: string | null;
  voided_at: Timestamp | null;
  overdue_notified_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface InvoiceItemsTable {
  id: Generated<string>;
  invoice_id: number;
  position: number;
  kind: InvoiceItemKind;
  msisdn_id: number | null;
  msisdn: string | null;
  employee_name: string | null;
  quantity: string;
  unit_price: string;
  amount_minor: ColumnType<number, number, number>;
  active_days: number | null;
  locates: number | null;
  included_locates: number | null;
}

export interface TariffsTable {
  id: Generated<number>;
  company_id: number;
  effective_from: string;
  currency: string;
  monthly_fee: string;
  price_per_locate: string;
  included_locates: number;
  billable_locates: BillableLocateRule;
  proration: Proration;
  rebate_kind: RebateKind;
  rebate_value: string;
  tax_rate_percent: string;
  payment_terms_days: number;
  grace_days: number;
  review_days: number;
  created_by: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
}

export interface LocateUsageTable {
  id: Generated<string>;
  locate_request_id: string;
  company_id: number;
  msisdn_id: number;
  at: Timestamp;
  requested_by: 'SCHEDULE' | 'USER';
  result_code: string;
  success: boolean;
}

export interface MsisdnActivityTable {
  id: Generated<string>;
  msisdn_id: number;
  company_id: number;
  msisdn: string;
  employee_name: string;
  active: boolean;
  at: ColumnType<Date, Date | string | undefined, never>;
}

export interface PaymentsTable {
  id: Generated<number>;
  invoice_id: number;
  amount_minor: ColumnType<number, number, never>;
  paid_on: string;
  method: PaymentMethod;
  reference: string | null;
  recorded_by: string;
  created_at: CreatedAt;
}

export interface CreditNotesTable {
  id: Generated<number>;
  invoice_id: number;
  number: string;
  amount_minor: ColumnType<number, number, never>;
  reason: string;
  issued_at: CreatedAt;
  created_by: string;
}

export interface BillingCountersTable {
  series: string;
  year: number;
  last: number;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: CreatedAt;
  actor_user_id: number | null;
  actor: string;
  action: string;
  entity: string;
  entity_id: string | null;
  company_id: number | null;
  request_id: string | null;
  detail: Json<Record<string, unknown>>;
}

export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: Json<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

export interface AppSecretsTable {
  name: string;
  value: Json<unknown>;
  created_at: CreatedAt;
}

export type OutboxStatus = 'PENDING' | 'SENDING' | 'SENT' | 'FAILED' | 'DEAD';

export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: 'EMAIL' | 'SMS';
  to: string;
  subject: string | null;
  body: string;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined>;
  created_at: CreatedAt;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  lease_until: Timestamp | null;
  sent_at: Timestamp | null;
  /** Stable RFC 5322 Message-ID (`<uuid@lbs.local>`), the same on every attempt. */
  message_id: ColumnType<string, string | undefined, never>;
  html: string | null;
  headers: Json<Record<string, string>> | null;
  locale: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Files the e-mail carries (0015): stored_files rows read at send time. */
  attachments: ColumnType<OutboxAttachment[] | null, string | null | undefined, string | null>;
  /** The company whose sending limit the message counts against (0022); null: not limited. */
  company_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OutboxAttachment {
  fileId: number;
  fileName: string;
  contentType: string;
}

export interface UserInvitationsTable {
  user_id: number;
  code_hash: string;
  expires_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  sent_at: Timestamp;
}

export interface ImportRowErrorJson {
  row: number;
  field: string | null;
  code: string;
  message: string;
}

export interface MsisdnImportsTable {
  id: Generated<string>;
  company_id: number;
  created_by: number | null;
  file_name: string | null;
  format: ImportFormat;
  status: ColumnType<ImportStatus, ImportStatus | undefined>;
  total: number;
  processed: ColumnType<number, number | undefined, number>;
  succeeded: ColumnType<number, number | undefined, number>;
  failed: ColumnType<number, number | undefined, number>;
  errors: ColumnType<ImportRowErrorJson[], string | undefined, string>;
  /** Parsed rows still to process (cleared when the job ends), so any replica can resume the job. */
  rows: ColumnType<Record<string, string>[] | null, string | null, string | null>;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
}

export interface PositionsTable {
  id: Generated<number>;
  msisdn_id: number;
  time: Timestamp;
  lat: number;
  lon: number;
  accuracy_m: number | null;
  source: PositionSource;
  received_at: ColumnType<Date, Date | string | undefined, Date | string>;
  extra: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}

export interface LatestPositionsTable {
  msisdn_id: number;
  position_id: number;
  time: Timestamp;
  lat: number;
  lon: number;
  accuracy_m: number | null;
  source: PositionSource;
  received_at: Timestamp;
}

export interface LocateRequestsTable {
  id: Generated<number>;
  requested_at: CreatedAt;
  company_id: number;
  requested_by: 'SCHEDULE' | 'USER';
  user_id: number | null;
  gmlc: string;
  msisdn_ids: number[];
  msisdn_count: number;
  located: number;
  /** OK, PARTIAL, FAILED (every position an error), or the transport failure: TIMEOUT, NETWORK, HTTP_<status>, MALFORMED, MLP_<resid>. */
  result_code: string;
  /** MLP result code per MSISDN id (0 = located; negative = no answer, see location/mlp/result-codes.ts). */
  results: Json<Record<string, number>>;
  latency_ms: number;
  attempts: number;
}

export interface MsisdnPollStateTable {
  msisdn_id: number;
  next_poll_at: Timestamp;
  claimed_at: Timestamp | null;
  claimed_by: string | null;
}

export interface LocateRateCountersTable {
  company_id: number;
  window_start: Timestamp;
  count: number;
}

export interface DeviceTokensTable {
  id: Generated<number>;
  msisdn_id: number;
  token_hash: string;
  created_by: number | null;
  created_at: CreatedAt;
  revoked_at: Timestamp | null;
  last_used_at: Timestamp | null;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: CreatedAt;
}

export interface Database {
  companies: CompaniesTable;
  departments: OrgUnitTable;
  zones: OrgUnitTable;
  designations: OrgUnitTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  msisdns: MsisdnsTable;
  invoices: InvoicesTable;
  invoice_items: InvoiceItemsTable;
  tariffs: TariffsTable;
  locate_usage: LocateUsageTable;
  msisdn_activity: MsisdnActivityTable;
  payments: PaymentsTable;
  credit_notes: CreditNotesTable;
  billing_counters: BillingCountersTable;
  audit_log: AuditLogTable;
  oidc_payloads: OidcPayloadsTable;
  app_secrets: AppSecretsTable;
  outbox_messages: OutboxMessagesTable;
  user_invitations: UserInvitationsTable;
  msisdn_imports: MsisdnImportsTable;
  schema_migrations: SchemaMigrationsTable;
  positions: PositionsTable;
  latest_positions: LatestPositionsTable;
  locate_requests: LocateRequestsTable;
  msisdn_poll_state: MsisdnPollStateTable;
  locate_rate_counters: LocateRateCountersTable;
  device_tokens: DeviceTokensTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type InvoiceRow = Selectable<InvoicesTable>;

// Platform floor (migration 0005): durable jobs, schedules, domain events and their processors' cursors.

export type JobStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED' | 'DEAD';
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  key: string;
  payload: ColumnType<unknown, string | undefined, string>;
  status: Defaulted<JobStatus>;
  run_at: Defaulted<Date>;
  attempts: Defaulted<number>;
  max_attempts: Defaulted<number>;
  lease_until: Timestamp | null;
  locked_by: string | null;
  last_error: string | null;
  progress: ColumnType<unknown, string | null | undefined, string | null>;
  /** A replace-enqueue arrived while the job ran: it runs once more when this run ends. */
  rerun: Defaulted<boolean>;
  created_at: CreatedAt;
  updated_at: Defaulted<Date>;
  finished_at: Timestamp | null;
}

export interface JobSchedulesTable {
  name: string;
  kind: string;
  /** The definition as text; a changed definition recomputes next_run_at. */
  spec: string;
  cron: string | null;
  interval_ms: number | null;
  timezone: string | null;
  payload: ColumnType<unknown, string | undefined, string>;
  next_run_at: Timestamp;
  last_run_at: Timestamp | null;
  updated_at: Defaulted<Date>;
}

export interface DomainEventsTable {
  id: Generated<number>;
  type: string;
  company_id: number | null;
  msisdn_id: number | null;
  subject_type: string | null;
  subject_id: string | null;
  payload: ColumnType<unknown, string | undefined, string>;
  occurred_at: Defaulted<Date>;
  idempotency_key: string | null;
  /** The inserting transaction (pg_current_xact_id), set by the column default. */
  txid: ColumnType<number, never, never>;
}

export interface EventCursorsTable {
  processor: string;
  last_txid: number;
  last_id: number;
  attempts: Defaulted<number>;
  next_attempt_at: Timestamp | null;
  last_error: string | null;
  updated_at: Defaulted<Date>;
}

/** Declaration merging adds the platform tables to Database (kept here, at the end, for a clean merge). */
export interface Database {
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  domain_events: DomainEventsTable;
  event_cursors: EventCursorsTable;
}

// POIs and the presence engine (migration 0007).

export interface PoiCategoriesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  color: string;
  icon: PoiCategoryIcon;
  default_radius_m: number;
  default_min_dwell_minutes: number;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PoisTable {
  id: Generated<number>;
  company_id: number;
  department_id: number | null;
  zone_id: number | null;
  category_id: number | null;
  name: string;
  description: string | null;
  address: string | null;
  external_ref: string | null;
  active: boolean;
  geometry: Json<PoiGeometry>;
  /** PostgreSQL box literal `(maxLon,maxLat),(minLon,minLat)`. */
  bbox: string;
  centroid_lat: number;
  centroid_lon: number;
  area_m2: number;
  r_eff_m: number;
  version: Defaulted<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PoiAssignmentsTable {
  id: Generated<number>;
  company_id: number;
  poi_id: number;
  msisdn_id: number;
  purpose: PoiPurpose;
  days: Json<number[]>;
  windows: Json<PoiTimeWindow[]>;
  valid_from: ColumnType<string | null, string | null | undefined, string | null>;
  valid_to: ColumnType<string | null, string | null | undefined, string | null>;
  min_dwell_minutes: number | null;
  notify_on_enter: boolean;
  notify_on_exit: boolean;
  created_at: CreatedAt;
  updated_at: Timestamp;
  shift_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PoiPresenceTable {
  msisdn_id: number;
  poi_id: number;
  company_id: number;
  state: PresenceStateName;
  data: Json<unknown>;
  deadline_at: Timestamp | null;
  updated_at: Timestamp;
  rev: Generated<number>;
  through_time: Timestamp | null;
  through_id: number | null;
  gap_ms: number | null;
  fix_at: number | null;
  /** When the pair was seeded (a new assignment), and the time of the MSISDN's latest position then. */
  seeded_at: Timestamp | null;
  seed_fix_at: Timestamp | null;
  seed_position_id: number | null;
}

export interface PresenceClosuresTable {
  msisdn_id: number;
  closed_at: Timestamp;
}

export interface PresenceEpochTable {
  id: number;
  epoch: number;
  states_epoch: number;
  instance: string;
}

export interface VisitsTable {
  id: Generated<number>;
  key: string;
  company_id: number;
  msisdn_id: number;
  poi_id: number;
  entered_at: Timestamp;
  entered_earliest: Timestamp | null;
  entered_latest: Timestamp;
  exited_at: Timestamp | null;
  exited_earliest: Timestamp | null;
  exited_latest: Timestamp | null;
  dwell_minutes: number;
  confidence: number;
  fix_count: number;
  sources: Json<PositionSource[]>;
  closed_by: VisitClosedBy;
  seeded: boolean;
  updated_at: Timestamp;
}

export interface PoiPassedByTable {
  key: string;
  company_id: number;
  msisdn_id: number;
  poi_id: number;
  first_inside_at: Timestamp;
  last_inside_at: Timestamp;
  outside_at: Timestamp;
  fix_count: number;
  sources: Json<PositionSource[]>;
}

export interface PoiImportsTable {
  id: string;
  company_id: number;
  user_id: number | null;
  format: PoiImportFormat;
  file_name: string | null;
  content: string;
  status: Defaulted<'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED'>;
  rows: number;
  to_create: number;
  to_update: number;
  created: Defaulted<number>;
  updated: Defaulted<number>;
  next_row: Defaulted<number>;
  error_count: Defaulted<number>;
  errors: ColumnType<PoiImportRowError[], string | undefined, string>;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
}

export interface Database {
  poi_imports: PoiImportsTable;
  poi_categories: PoiCategoriesTable;
  pois: PoisTable;
  poi_assignments: PoiAssignmentsTable;
  poi_presence: PoiPresenceTable;
  presence_closures: PresenceClosuresTable;
  presence_epoch: PresenceEpochTable;
  visits: VisitsTable;
  poi_passed_by: PoiPassedByTable;
  holiday_lists: HolidayListsTable;
  holidays: HolidaysTable;
  shifts: ShiftsTable;
  shift_versions: ShiftVersionsTable;
  attendance_days: AttendanceDaysTable;
  attendance_corrections: AttendanceCorrectionsTable;
  attendance_months: AttendanceMonthsTable;
}

// ── Attendance (0011) ──

export interface HolidayListsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  from_date: ColumnType<string, string, string>;
  to_date: ColumnType<string, string, string>;
  weekly_off: ColumnType<number[], string | undefined, string>;
  country: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface HolidaysTable {
  holiday_list_id: number;
  date: ColumnType<string, string, string>;
  name: string;
  kind: 'HOLIDAY' | 'WORKING_DAY';
}

export interface ShiftsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ShiftVersionsTable {
  id: Generated<number>;
  shift_id: number;
  effective_from: ColumnType<string, string, string>;
  start_time: string;
  end_time: string;
  days: ColumnType<number[], string, string>;
  time_zone: string;
  check_in_before_min: number;
  check_out_after_min: number;
  late_grace_min: number;
  early_exit_grace_min: number;
  half_day_threshold_min: number;
  absent_threshold_min: number;
  hours_method: 'FIRST_IN_LAST_OUT' | 'EVERY_VALID_VISIT';
  count_on_holidays: boolean;
  holiday_list_id: number | null;
  created_at: Generated<Date>;
}

export interface AttendanceDaysTable {
  msisdn_id: number;
  date: ColumnType<string, string, string>;
  company_id: number;
  shift_id: number;
  shift_version_id: number;
  status: string;
  state: 'PROVISIONAL' | 'FINAL';
  kind: string;
  holiday_name: string | null;
  window_start: Date | null;
  window_end: Date | null;
  first_in: Date | null;
  first_in_earliest: Date | null;
  last_out: Date | null;
  last_out_latest: Date | null;
  still_inside: Generated<boolean>;
  minutes_first_last: Generated<number>;
  minutes_every_visit: Generated<number>;
  minutes_inside: Generated<number>;
  minutes_observed: Generated<number>;
  outside_coverage: Generated<number>;
  late_minutes: Generated<number>;
  early_exit_minutes: Generated<number>;
  arrival_unverified: Generated<boolean>;
  departure_unverified: Generated<boolean>;
  visit_keys: ColumnType<string[], string, string>;
  reasons: ColumnType<unknown, string, string>;
  override_status: string | null;
  override_reason: string | null;
  override_by: number | null;
  override_at: Date | null;
  computed_at: Generated<Date>;
  finalized_at: Date | null;
  /** The status before the last computation stored it (0012); null on the first. */
  previous_status: string | null;
  /** When the last computation changed a FINAL day's status: the status it had (0012). */
  corrected_from: string | null;
}

export interface AttendanceCorrectionsTable {
  id: Generated<number>;
  msisdn_id: number;
  date: ColumnType<string, string, string>;
  company_id: number;
  previous_status: string;
  status: string;
  cause: string;
  at: Generated<Date>;
}

// ── Tasks (0009) ──

export interface TasksTable {
  id: Generated<number>;
  company_id: number;
  department_id: number | null;
  zone_id: number | null;
  title: string;
  description: string | null;
  priority: TaskPriority;
  labels: ColumnType<string[], string | undefined, string>;
  poi_id: number | null;
  due_start: Date | null;
  due_end: Date | null;
  completion_rule: TaskCompletionRule;
  required_dwell_minutes: number | null;
  assignment_mode: TaskAssignmentMode;
  status: ColumnType<TaskStatus, TaskStatus | undefined, TaskStatus>;
  completed_at: Date | null;
  overdue_event_for: ColumnType<Date | null, Date | null | undefined, Date | null>;
  template_id: ColumnType<number | null, number | null | undefined, number | null>;
  occurs_on: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface TaskAssignmentsTable {
  task_id: number;
  msisdn_id: number;
  company_id: number;
  status: ColumnType<TaskAssignmentStatus, TaskAssignmentStatus | undefined, TaskAssignmentStatus>;
  completion_rule: TaskCompletionRule;
  completed_at: Date | null;
  completion_source: TaskCompletionSource | null;
  completed_by: string | null;
  reason: string | null;
  evidence: ColumnType<TaskEvidence[], string | undefined, string>;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface TaskTemplatesTable {
  id: Generated<number>;
  company_id: number;
  department_id: number | null;
  zone_id: number | null;
  title: string;
  description: string | null;
  priority: TaskPriority;
  labels: ColumnType<string[], string | undefined, string>;
  poi_id: number | null;
  completion_rule: TaskCompletionRule;
  required_dwell_minutes: number | null;
  assignment_mode: TaskAssignmentMode;
  weekdays: ColumnType<number[], string, string>;
  start_time: string;
  end_time: string;
  time_zone: string;
  msisdn_ids: ColumnType<number[], string | undefined, string>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface TaskAttachmentsTable {
  id: Generated<number>;
  task_id: number;
  company_id: number;
  file_name: string;
  content_type: TaskAttachmentType;
  size_bytes: number;
  sha256: string;
  data: Buffer;
  uploaded_by: string | null;
  created_at: Generated<Date>;
}

export interface TaskCompletionsTable {
  task_id: number;
  msisdn_id: number;
  visit_key: string;
  completed_at: Generated<Date>;
}

export interface Database {
  tasks: TasksTable;
  task_assignments: TaskAssignmentsTable;
  task_completions: TaskCompletionsTable;
  task_attachments: TaskAttachmentsTable;
  task_templates: TaskTemplatesTable;
}

// ── Attendance months (0012) ──

/**
 * The sheet's row per MSISDN and month, kept by triggers on attendance_days: a letter per day of the month (its
 * status, `-` where no day is stored) and the minutes inside.
 */
export interface AttendanceMonthsTable {
  msisdn_id: number;
  month: ColumnType<string, string, string>;
  company_id: number;
  codes: string;
  minutes_inside: number;
}

/** A report export run as a job (migration 0014): its owner, what it exports, its progress and its file. */
export interface ReportExportsTable {
  id: Generated<number>;
  user_id: number;
  company_id: number;
  report: string;
  format: 'csv' | 'xlsx' | 'pdf';
  locale: string;
  params: ColumnType<Record<string, unknown>, string, string>;
  sort: string | null;
  status: ColumnType<ReportExportStatus, ReportExportStatus | undefined>;
  rows: ColumnType<number, number | undefined, number>;
  total: number | null;
  bytes: ColumnType<number | null, number | null | undefined, number | null>;
  file_name: string;
  /** The file under the data directory once written (null before, and after it expired or was discarded). */
  file_path: string | null;
  file_id: number | null;
  /** Problem code of a FAILED export. */
  error: string | null;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
  expires_at: Timestamp | null;
}

export type ReportExportStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED' | 'CANCELLED' | 'EXPIRED';

export interface Database {
  report_exports: ReportExportsTable;
}

// ── Report schedules (0015) ──

export interface StoredFilesTable {
  id: Generated<number>;
  name: string;
  content_type: string;
  bytes: ColumnType<number, number | undefined, number>;
  complete: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

export interface StoredFileChunksTable {
  file_id: number;
  seq: number;
  data: Buffer;
}

export type ReportRunStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED' | 'SKIPPED';
export type ReportDeliveryStatus = 'QUEUED' | 'SENT' | 'FAILED' | 'DROPPED';

export interface ReportSchedulesTable {
  id: Generated<number>;
  company_id: number;
  owner_id: number;
  name: string;
  report: string;
  params: ColumnType<Record<string, unknown>, string | undefined, string>;
  sort: string | null;
  format: 'csv' | 'xlsx' | 'pdf';
  locale: string;
  recipients: ColumnType<number[], string | undefined, string>;
  external_recipients: ColumnType<string[], string | undefined, string>;
  external_approved_by: number | null;
  preset: 'daily' | 'weekly' | 'monthly';
  weekday: number | null;
  month_day: string | null;
  time_of_day: string;
  cron: string;
  time_zone: string;
  period: 'previousDay' | 'previousWeek' | 'previousMonth';
  active: ColumnType<boolean, boolean | undefined, boolean>;
  paused_reason: string | null;
  next_run_at: Timestamp | null;
  last_slot_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ReportRunsTable {
  id: Generated<number>;
  schedule_id: number;
  period_start: string;
  period_end: string;
  trigger: 'SCHEDULE' | 'MANUAL';
  status: ColumnType<ReportRunStatus, ReportRunStatus | undefined, ReportRunStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  rows: number | null;
  bytes: number | null;
  file_id: number | null;
  file_name: string | null;
  delivery: 'ATTACHED' | 'LINK' | null;
  link_expires_at: Timestamp | null;
  error: string | null;
  created_at: CreatedAt;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

export interface ReportDeliveriesTable {
  id: Generated<number>;
  run_id: number;
  recipient: string;
  user_id: number | null;
  status: ReportDeliveryStatus;
  reason: string | null;
  outbox_id: number | null;
  created_at: CreatedAt;
}

export interface NotificationRulesTable {
  id: Generated<number>;
  company_id: number;
  department_id: number | null;
  zone_id: number | null;
  created_by: number | null;
  default_key: string | null;
  name: string;
  event_types: Json<NotificationEventType[]>;
  filters: ColumnType<NotificationFilters, string | undefined, string>;
  channels: Json<NotificationChannel[]>;
  recipient_user_ids: ColumnType<number[], string | undefined, string>;
  recipient_roles: ColumnType<NotificationRecipientRole[], string | undefined, string>;
  active_hours: ColumnType<TrackingWindow | null, string | null | undefined, string | null>;
  throttle_mode: ColumnType<NotificationThrottleMode, NotificationThrottleMode | undefined>;
  throttle_minutes: ColumnType<number, number | undefined, number>;
  digest: ColumnType<NotificationDigest, NotificationDigest | undefined>;
  max_age_minutes: ColumnType<number, number | undefined, number>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface NotificationDeliveriesTable {
  id: Generated<number>;
  event_id: number;
  event_type: NotificationEventType;
  company_id: number;
  rule_id: number | null;
  recipient_user_id: number;
  channel: NotificationChannel;
  status: NotificationDeliveryStatus;
  suppress_reason: NotificationSuppressReason | null;
  address: string | null;
  outbox_id: number | null;
  throttle_key: string | null;
  msisdn_id: number | null;
  subject_type: string | null;
  subject_id: string | null;
  data: ColumnType<NotificationData, string | undefined, string>;
  occurred_at: Timestamp;
  read_at: Timestamp | null;
  created_at: CreatedAt;
  /** The digest that carried this DIGESTED delivery (0022); null while it waits for one. */
  digest_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The values a notification's text names (msisdn, employeeName, poiName, title, number …). */
export type NotificationData = Record<string, string | number | boolean | null>;

/** A consent reminder SMS sent: once per (MSISDN, the grant it reminds of, period). */
export interface ConsentRemindersTable {
  id: Generated<number>;
  msisdn_id: number;
  company_id: number;
  granted_at: Date;
  period: number;
  outbox_id: number | null;
  sent_at: ColumnType<Date, Date | undefined, never>;
}

export interface Database {
  consent_reminders: ConsentRemindersTable;
  notification_rules: NotificationRulesTable;
  notification_deliveries: NotificationDeliveriesTable;
  stored_files: StoredFilesTable;
  stored_file_chunks: StoredFileChunksTable;
  report_schedules: ReportSchedulesTable;
  report_runs: ReportRunsTable;
  report_deliveries: ReportDeliveriesTable;
}

/** One digest of a rule for a recipient and channel over a period (0022): sent once, whatever retries. */
export interface NotificationDigestsTable {
  id: Generated<number>;
  company_id: number;
  rule_id: number;
  recipient_user_id: number;
  channel: 'EMAIL' | 'SMS';
  period_start: Timestamp;
  period_end: Timestamp;
  delivery_count: number;
  outbox_id: number | null;
  created_at: CreatedAt;
}

/** The minute the relay is counting for a company and channel, and how many messages it sent in it (0022). */
export interface OutboxRateLimitsTable {
  company_id: number;
  channel: 'EMAIL' | 'SMS';
  minute: Timestamp;
  sent: number;
}

export interface Database {
  notification_digests: NotificationDigestsTable;
  outbox_rate_limits: OutboxRateLimitsTable;
}
