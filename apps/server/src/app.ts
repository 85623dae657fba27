import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import {
  API_BASE_PATH,
  attendanceListQuerySchema,
  companyListQuerySchema,
  invoiceListQuerySchema,
  msisdnListQuerySchema,
  orgUnitListQuerySchema,
  poiAssignmentListQuerySchema,
  poiListQuerySchema,
  taskAssignmentListQuerySchema,
  taskListQuerySchema,
  userListQuerySchema,
  type DueInvoice,
  type ListExportKey,
  type Permission,
} from '@lbs/contracts';
import type { Caller } from './access/caller.ts';
import authPlugin from './access/auth-plugin.ts';
import { cachedAuthUsers, type TokenUser } from './access/auth-user.ts';
import { routeAccess, type ApiRoute } from './access/route-access.ts';
import type { AppContext } from './app-context.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle, Db } from './db/database.ts';
import { httpApp } from './http.ts';
import { audit } from './events/audit.ts';
import { embeddedIdentity, type EmbeddedIdentity } from './identity/embedded.ts';
import { getOrCreateSecret, publicJwks, signingKeys } from './identity/secrets.ts';
import {
  accessTokenVerifier,
  discoverJwksUri,
  rememberVerified,
  type VerifiedToken,
} from './identity/token-verifier.ts';
import { EventBus } from './events/bus.ts';
import { EventDispatcher } from './events/processors.ts';
import { followRowChanges } from './events/row-changes.ts';
import { RowCache } from './lib/row-cache.ts';
import { registerEventJobs } from './events/prune.ts';
import { purgeExpired } from './identity/oidc-adapter.ts';
import { enqueue } from './jobs/queue.ts';
import { JobRunner } from './jobs/runner.ts';
import {
  createLocation,
  positionsStoredStep,
  registerLocationJobs,
  type DeviceOwner,
  type LocationRuntime,
  type PipelineStep,
} from './location/index.ts';
import {
  logSmsGateway,
  mailTransport,
  MessageRelay,
  OUTBOX_CHANNEL,
  RELAY_JOB,
  RELAY_SCHEDULE,
  type SmsGateway,
} from './messaging/index.ts';
import { ingestRoutes } from './location/ingest/routes.ts';
import { assetRoutes } from './modules/assets/routes.ts';
import { clientConfigRoutes } from './modules/client-config/routes.ts';
import { companyRoutes } from './modules/companies/routes.ts';
import { companiesService } from './modules/companies/service.ts';
import { healthRoutes, startMetricsServer } from './modules/health/routes.ts';
import { Metrics, type GaugeSample } from './lib/metrics.ts';
import { consentService } from './modules/msisdns/consent.ts';
import { IMPORT_JOB, importJobs } from './modules/msisdns/import-jobs.ts';
import { registerConsentJobs } from './modules/msisdns/consent-jobs.ts';
import { msisdnImportRoutes, msisdnRoutes, smsInboundRoutes } from './modules/msisdns/routes.ts';
import { msisdnsService } from './modules/msisdns/service.ts';
import { orgUnitRoutes } from './modules/org-units/routes.ts';
import { orgUnitsService } from './modules/org-units/service.ts';
import {
  poiAssignmentRoutes,
  poiCategoryRoutes,
  poiImports,
  POI_IMPORT_JOB,
  poiRoutes,
  poisService,
  presenceStep,
  registerPresenceJobs,
  visitRoutes,
} from './modules/pois/index.ts';
import { positionRoutes } from './modules/positions/routes.ts';
import {
  registerTaskJobs,
  taskAssignmentRoutes,
  taskAttachments,
  taskCompletionProcessor,
  taskRoutes,
  tasksService,
  taskTemplateRoutes,
  taskTemplates,
} from './modules/tasks/index.ts';
import {
  attendanceRoutes,
  attendanceService,
  attendanceVisitProcessor,
  holidayListRoutes,
  registerAttendanceJobs,
  shiftRoutes,
} from './modules/attendance/index.ts';
import {
  billingService,
  cachedDueInvoices,
  invoiceRoutes,
  queueRuns,
  registerBillingJobs,
  tariffRoutes,
  usageRoutes,
} from './modules/billing/index.ts';
import {
  listExportRoutes,
  listExports,
  registerReportScheduleJobs,
  reportFileRoutes,
  reportRoutes,
  reportScheduleRoutes,
  reportSchedulesService,
  reportsService,
  reportExports,
  reportExportRoutes,
  REPORT_EXPORT_EXPIRY_JOB,
  REPORT_EXPORT_JOB,
  type ExportableList,
} from './modules/reports/index.ts';
import {
  inboxService,
  inboxStreams,
  INBOX_CHANNEL,
  notificationProcessor,
  notificationRoutes,
  notificationRuleRoutes,
  notificationRulesService,
  registerNotificationJobs,
} from './modules/notifications/index.ts';
import { positionsService } from './modules/positions/service.ts';
import { invalidateOnNotify, MonitorSnapshots } from './modules/positions/monitor-snapshots.ts';
import { positionsRepository } from './modules/positions/repository.ts';
import { AuditBatcher } from './events/audit-batch.ts';
import { monitorStreams } from './modules/positions/stream.ts';
import { roleRoutes } from './modules/roles/routes.ts';
import { rolesService } from './modules/roles/service.ts';
import { userManagementRoutes } from './modules/user-management/routes.ts';
import type { CurrentUserRow } from './modules/user-management/repository.ts';
import { userManagementService } from './modules/user-management/service.ts';
import { invitationsService } from './modules/users/invitations.ts';
import { invitationRoutes, userRoutes } from './modules/users/routes.ts';
import { usersService } from './modules/users/service.ts';
import { spaPlugin } from './spa.ts';

/**
 * The position pipeline's steps, in the order they run (each cheap and database-only: see location/pipeline.ts):
 * geofencing (presence), then the POSITIONS_STORED event with the live fan-out's notifications. One list for the server and for the bench that
 * weighs ingest with geofencing against the same ingest without it.
 */
export function positionPipelineSteps(): PipelineStep[] {
  return [presenceStep(), positionsStoredStep];
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Pino logger options; false silences (tests). */
  logger?: boolean | object;
  /** GMLC of the bundled simulator, when LBS_MLP_URL is unset. */
  mlpUrl?: string | undefined;
  /** The gateway the relay sends SMS through (an operator's SMSC adapter); default: the log. */
  sms?: SmsGateway;
}

export interface BuiltApp {
  app: FastifyInstance;
  context: AppContext;
  identity: EmbeddedIdentity | undefined;
  location: LocationRuntime;
  /** The durable job runner (started where LBS_WORKER is on; tests may `drain()` it). */
  jobs: JobRunner;
  /** The domain-event processors (started with the runner). */
  events: EventDispatcher;
  /** Every route of the API scope with the access it declares (the route-coverage test reads it). */
  apiRoutes: ApiRoute[];
  /** What GET /metrics serves. */
  metrics: Metrics;
  /** The LISTEN/NOTIFY bus of this process. */
  bus: EventBus;
}

/**
 * The composition root: builds every service of the product once, from the configuration and the database, and
 * hands each route plugin the services it calls. Nothing below this file builds a service.
 */
function buildServices({
  config,
  db,
  location,
  caches,
}: {
  config: Config;
  db: Db;
  location: LocationRuntime;
  caches: AccessCaches;
}) {
  const consent = consentService({ db });
  const viewAudit = new AuditBatcher(db);
  const monitorSnapshots = new MonitorSnapshots({
    load: (scope, filters) => positionsRepository(db).latest(scope, filters),
    hub: location.hub,
    minRenderMs: config.location.monitorRenderMs,
  });
  const reports = reportsService({ db });
  return {
    consent,
    companies: companiesService({ db }),
    departments: orgUnitsService('departments', { db }),
    zones: orgUnitsService('zones', { db }),
    designations: orgUnitsService('designations', { db }),
    users: usersService({ db, config }),
    invitations: invitationsService({ db }),
    roles: rolesService({ db }),
    msisdns: msisdnsService({ db, consent }),
    imports: importJobs({ db, consent }),
    account: userManagementService({
      db,
      dueInvoices: cachedDueInvoices(db, caches.dueInvoices, config.billing.paymentInstructions),
      profiles: caches.profiles,
    }),
    viewAudit,
    monitorSnapshots,
    positions: positionsService({ db, location, config, snapshots: monitorSnapshots, viewAudit }),
    streams: monitorStreams({ viewAudit, hub: location.hub }),
    pois: poisService({ db }),
    poiImports: poiImports({ db }),
    tasks: tasksService({ db }),
    taskAttachments: taskAttachments({ db }),
    taskTemplates: taskTemplates({ db }),
    attendance: attendanceService({ db }),
    billing: billingService({ db, config: config.billing }),
    reports,
    reportExports: reportExports({ db, reports, ttlHours: config.reportExports.ttlHours }),
    reportSchedules: reportSchedulesService({ db, reports }),
    listExports: listExports({ db }),
    notificationRules: notificationRulesService({ db, publicUrl: config.publicUrl }),
    inbox: inboxService({ db }),
    inboxStreams: inboxStreams(),
  };
}

type Services = ReturnType<typeof buildServices>;

/**
 * What every request's authorisation reads, held in memory per process: the portal user behind a token and the
 * MSISDN behind a device token; and what every page load asks (`/me`). Row-change notifications drop an entry on
 * every replica as soon as its rows change (deactivation, roles, scope, sessions ended, consent, token revoked,
 * an invoice issued or paid); the time limit is only a safety net.
 */
function accessCaches() {
  return {
    tokenUsers: new RowCache<TokenUser>({ ttlMs: 30_000, maxEntries: 10_000 }),
    deviceOwners: new RowCache<DeviceOwner>({ ttlMs: 30_000, maxEntries: 100_000 }),
    /** `/me`'s record of the user (names of their company and units), beside the token's user. */
    profiles: new RowCache<CurrentUserRow>({ ttlMs: 30_000, maxEntries: 10_000 }),
    /** `/me`'s due invoices of each company (the portal lock). */
    dueInvoices: new RowCache<DueInvoice[]>({ ttlMs: 30_000, maxEntries: 10_000 }),
  };
}

type AccessCaches = ReturnType<typeof accessCaches>;

/**
 * Every job kind and schedule of the product, in one place: the location tick and retention, presence deadlines
 * and replays, MSISDN imports, the
 * identity provider's purge, the mail/SMS relay (woken on each commit that queued a message), the notification
 * digests and the pruning of old domain events. They run where the runner is started (LBS_WORKER).
 */
async function registerJobs(
  runner: JobRunner,
  deps: {
    db: Db;
    bus: EventBus;
    location: LocationRuntime;
    services: Services;
    relay: MessageRelay;
    worker: boolean;
    config: Config;
    log: FastifyBaseLogger;
  },
): Promise<void> {
  const { db, bus, location, services, relay, worker, config, log } = deps;
  registerLocationJobs(runner, {
    db,
    worker: location.worker,
    partitionDays: config.location.positionPartitionDays,
  });
  registerEventJobs(runner, { db });
  registerPresenceJobs(runner, { db });
  registerTaskJobs(runner, { db });
  registerAttendanceJobs(runner, { db });
  registerBillingJobs(runner, { db, billing: services.billing });
  registerConsentJobs(runner, { db });
  registerReportScheduleJobs(runner, { db, config, reports: services.reports, log });
  registerNotificationJobs(runner, { db, publicUrl: config.publicUrl });
  runner.register(POI_IMPORT_JOB, services.poiImports.runJob, { concurrency: 1 });
  runner.register(IMPORT_JOB, services.imports.runJob, { concurrency: 2 });
  // Report files: one export at a time per runner (a PDF lays out its pages in this process); expired files hourly.
  runner.register(REPORT_EXPORT_JOB, services.reportExports.runJob, {
    concurrency: 1,
    leaseMs: config.reportExports.leaseMs,
  });
  runner
    .register(REPORT_EXPORT_EXPIRY_JOB, async (job) => {
      const count = await services.reportExports.expire(job.now());
      if (count) job.log.debug({ count }, 'deleted expired report export files');
    })
    .schedule({ name: REPORT_EXPORT_EXPIRY_JOB, kind: REPORT_EXPORT_EXPIRY_JOB, every: 3_600_000 });
  runner
    .register('identity.purge', async (job) => {
      const count = await purgeExpired(db, job.now());
      if (count) job.log.debug({ count }, 'purged expired identity provider rows');
    })
    .schedule({ name: 'identity.purge', kind: 'identity.purge', every: 600_000 });
  runner.register(RELAY_JOB, relay.job, { concurrency: 1 }).schedule(RELAY_SCHEDULE);
  // A worker sends what a commit queued at once (the schedule sweeps every minute in case a NOTIFY was lost).
  if (worker)
    await bus.subscribe(OUTBOX_CHANNEL, () => {
      enqueue(db, { kind: RELAY_JOB, key: 'wake' }, { onConflict: 'replace' }).catch(() => {});
    });
}

/** The shared secret of the inbound-SMS webhook: SMS_WEBHOOK_TOKEN, or one generated once and kept in the database. */
async function smsWebhookToken(config: Config, db: Db, log: FastifyBaseLogger): Promise<string> {
  if (config.smsWebhookToken) return config.smsWebhookToken;
  const token = await getOrCreateSecret(db, 'sms.webhookToken', async () =>
    randomBytes(24).toString('base64url'),
  );
  log.info(
    `Inbound SMS webhook: POST ${API_BASE_PATH}/sms/inbound with header x-webhook-token: ${token} (set SMS_WEBHOOK_TOKEN to choose it)`,
  );
  return token;
}

/** The API: access first (every route below must declare who may call it), then each area's routes. */
async function apiPlugin(
  api: FastifyInstance,
  { context, services: s, routes, webhookToken, caches }: ApiOptions,
): Promise<void> {
  await api.register(routeAccess, { routes });
  await api.register(clientConfigRoutes, { config: context.config });
  await api.register(assetRoutes);
  await api.register(authPlugin, {
    findUser: cachedAuthUsers(context.db, caches.tokenUsers),
    verify: context.verifyToken,
    embedded: !context.config.externalIssuer,
  });
  await api.register(userManagementRoutes, { prefix: '/user-management', service: s.account });
  await api.register(companyRoutes, { prefix: '/companies', service: s.companies });
  await api.register(orgUnitRoutes, {
    prefix: '/departments',
    resource: 'department',
    service: s.departments,
  });
  await api.register(orgUnitRoutes, { prefix: '/zones', resource: 'zone', service: s.zones });
  await api.register(orgUnitRoutes, {
    prefix: '/designations',
    resource: 'designation',
    service: s.designations,
  });
  await api.register(userRoutes, { prefix: '/users', service: s.users });
  await api.register(invitationRoutes, { prefix: '/invitations', service: s.invitations });
  await api.register(roleRoutes, { prefix: '/roles', service: s.roles });
  await api.register(msisdnRoutes, { prefix: '/msisdns', service: s.msisdns });
  await api.register(msisdnImportRoutes, { prefix: '/msisdns/imports', jobs: s.imports });
  await api.register(smsInboundRoutes, { prefix: '/sms', consent: s.consent, token: webhookToken });
  await api.register(positionRoutes, { service: s.positions, streams: s.streams });
  await api.register(poiCategoryRoutes, { prefix: '/poi-categories', service: s.pois });
  await api.register(poiRoutes, { prefix: '/pois', service: s.pois, imports: s.poiImports });
  await api.register(poiAssignmentRoutes, { prefix: '/poi-assignments', service: s.pois });
  await api.register(visitRoutes, { service: s.pois });
  await api.register(taskRoutes, { prefix: '/tasks', service: s.tasks, attachments: s.taskAttachments });
  await api.register(taskAssignmentRoutes, { prefix: '/task-assignments', service: s.tasks });
  await api.register(taskTemplateRoutes, { prefix: '/task-templates', templates: s.taskTemplates });
  await api.register(shiftRoutes, { prefix: '/shifts', service: s.attendance });
  await api.register(holidayListRoutes, { prefix: '/holiday-lists', service: s.attendance });
  await api.register(attendanceRoutes, { prefix: '/attendance', service: s.attendance });
  await api.register(invoiceRoutes, {
    prefix: '/invoices',
    service: s.billing,
    queueRuns: (period) => queueRuns(context.db, new Date(), period),
  });
  await api.register(tariffRoutes, { prefix: '/companies', service: s.billing });
  await api.register(usageRoutes, { prefix: '/usage', service: s.billing });
  await api.register(reportRoutes, { prefix: '/reports', service: s.reports });
  await api.register(reportExportRoutes, { prefix: '/report-exports', exports: s.reportExports });
  await api.register(reportScheduleRoutes, { prefix: '/report-schedules', service: s.reportSchedules });
  await api.register(reportFileRoutes, { prefix: '/report-files', db: context.db });
  await api.register(listExportRoutes, { exports: s.listExports, lists: exportableLists(s) });
  await api.register(notificationRuleRoutes, { prefix: '/notification-rules', service: s.notificationRules });
  await api.register(notificationRoutes, {
    prefix: '/notifications',
    inbox: s.inbox,
    streams: s.inboxStreams,
  });
}

/** Every list page's Export: the list's query schema, permission and service call (contracts LIST_EXPORTS). */
function exportableLists(s: Services): Record<ListExportKey, ExportableList> {
  const entry = <Q, P extends { items: unknown[]; total: number }>(
    query: z.ZodType<Q>,
    permission: Permission,
    list: (caller: Caller, query: Q) => Promise<P>,
  ): ExportableList => ({
    query: query as unknown as ExportableList['query'],
    permission,
    list: (caller, q) => list(caller, q as unknown as Q),
  });
  return {
    companies: entry(companyListQuerySchema, 'company.list', s.companies.list),
    departments: entry(orgUnitListQuerySchema, 'department.list', s.departments.list),
    zones: entry(orgUnitListQuerySchema, 'zone.list', s.zones.list),
    designations: entry(orgUnitListQuerySchema, 'designation.list', s.designations.list),
    msisdns: entry(msisdnListQuerySchema, 'msisdn.list', s.msisdns.list),
    users: entry(userListQuerySchema, 'user.list', s.users.list),
    pois: entry(poiListQuerySchema, 'poi.list', s.pois.list),
    poiAssignments: entry(poiAssignmentListQuerySchema, 'poiAssignment.list', s.pois.listAssignments),
    tasks: entry(taskListQuerySchema, 'task.list', s.tasks.listTasks),
    taskAssignments: entry(taskAssignmentListQuerySchema, 'taskAssignment.list', s.tasks.listAssignments),
    attendance: entry(attendanceListQuerySchema, 'attendance.list', s.attendance.listDays),
    invoices: entry(invoiceListQuerySchema, 'invoice.list', s.billing.list),
  };
}

interface ApiOptions {
  context: AppContext;
  caches: AccessCaches;
  services: Services;
  routes: ApiRoute[];
  webhookToken: string;
}

/** Builds the Fastify app: infrastructure plugins, identity, the services, the API routes, ingest, the SPA. */
export async function buildApp({
  config,
  database,
  logger,
  mlpUrl,
  sms,
}: BuildAppOptions): Promise<BuiltApp> {
  const metrics = new Metrics();
  const app = await httpApp(config, logger, metrics);
  const db = database.db;
  let identity: EmbeddedIdentity | undefined;
  let verifyToken: (token: string) => Promise<VerifiedToken>;
  if (config.externalIssuer) {
    const jwksUri = await discoverJwksUri(config.externalIssuer);
    verifyToken = rememberVerified(accessTokenVerifier(config, jwksUri));
  } else {
    const keys = await signingKeys(db);
    verifyToken = rememberVerified(accessTokenVerifier(config, publicJwks(keys)));
    identity = await embeddedIdentity(app, { config, db, keys, audit });
  }
  const context: AppContext = { config, database, db, verifyToken };
  const log = app.log;
  const bus = await EventBus.start(database, log);
  const caches = accessCaches();
  const stopFollowing = await followRowChanges(bus, Object.values(caches));
  const location = await createLocation({
    config,
    database,
    log,
    bus,
    mlpUrl,
    deviceOwners: caches.deviceOwners,
    metrics,
    steps: positionPipelineSteps(),
  });
  const services = buildServices({ config, db, location, caches });
  const stopInvalidations = await invalidateOnNotify(bus, services.monitorSnapshots);
  const stopInbox = await bus.subscribe(INBOX_CHANNEL, (payload) => services.inboxStreams.changed(payload));
  const mail = mailTransport(config.smtpUrl, log);
  const relay = new MessageRelay({
    db,
    log,
    mail,
    sms: sms ?? logSmsGateway(log),
    from: config.mailFrom,
    limits: { EMAIL: config.notifications.mailPerMinute, SMS: config.notifications.smsPerMinute },
  });
  const jobs = new JobRunner({ db, log, listen: bus.subscribe.bind(bus) });
  const events = new EventDispatcher({ db, log, bus });
  // The domain-event processors (each reacts after the commit, exactly once, in its own cursor's transaction).
  events.register(taskCompletionProcessor());
  events.register(attendanceVisitProcessor());
  events.register(notificationProcessor({ publicUrl: config.publicUrl }));
  await registerJobs(jobs, {
    db,
    bus,
    location,
    services,
    relay,
    worker: config.location.worker,
    config,
    log,
  });
  const webhookToken = await smsWebhookToken(config, db, log);
  observe(metrics, { database, jobs, events, bus, services });
  const metricsServer =
    config.metrics.port === undefined
      ? undefined
      : await startMetricsServer(metrics, { port: config.metrics.port, host: config.metrics.host });
  app.addHook('preClose', async () => {
    services.streams.endAll();
    services.inboxStreams.endAll();
  });
  app.addHook('onClose', async () => {
    // Requests have ended: the views they answered are stored (or being stored) by the group commit.
    await services.viewAudit.close();
    await stopInvalidations();
    await stopInbox();
    services.monitorSnapshots.close();
    await Promise.all([jobs.stop(), events.stop()]);
    mail.close();
    await location.close();
    await stopFollowing();
    await bus.close();
    await metricsServer?.close();
  });

  const routes: ApiRoute[] = [];
  await app.register(healthRoutes, {
    database,
    readiness: {
      listening: () => bus.connected,
      worker: () => (jobs.started ? { lastTickAt: jobs.lastTickAt } : undefined),
      eventBacklog: () => events.pending(),
    },
    metrics: { registry: metrics, token: config.metrics.token },
  });
  await app.register(apiPlugin, {
    prefix: API_BASE_PATH,
    context,
    services,
    routes,
    webhookToken,
    caches,
  });
  await app.register(ingestRoutes, { ingest: location.ingest, prefix: '/ingest' });
  await app.register(spaPlugin, { config });
  return { app, context, identity, location, jobs, events, metrics, bus, apiRoutes: routes };
}

/**
 * The gauges read when Prometheus scrapes: jobs by kind and status, the event processors' backlog, mail and SMS not
 * yet sent, live Monitor streams, the database pool, the LISTEN connection and the worker's last tick.
 */
function observe(
  metrics: Metrics,
  {
    database,
    jobs,
    events,
    bus,
    services,
  }: {
    database: DatabaseHandle;
    jobs: JobRunner;
    events: EventDispatcher;
    bus: EventBus;
    services: Services;
  },
): void {
  const db = database.db;
  /** Rows of a table not in their final status, counted by two columns. */
  const countsOf =
    (table: 'jobs' | 'outbox_messages', labels: [string, string], final: string) =>
    async (): Promise<GaugeSample[]> =>
      (
        await sql<{ a: string; b: string; n: number }>`
          select ${sql.ref(labels[0])} as a, ${sql.ref(labels[1])} as b, count(*)::int as n
          from ${sql.table(table)} where status <> ${final} group by 1, 2`.execute(db)
      ).rows.map((r) => [{ [labels[0]]: r.a, [labels[1]]: r.b }, Number(r.n)]);
  metrics.gauge(
    'lbs_jobs',
    'Jobs not done, by kind and status (QUEUED, RUNNING, FAILED, DEAD)',
    ['kind', 'status'],
    countsOf('jobs', ['kind', 'status'], 'DONE'),
  );
  metrics.gauge(
    'lbs_domain_events_pending',
    'Domain events each processor has not handled yet',
    ['processor'],
    async () => (await events.pending()).map((p) => [{ processor: p.processor }, p.events]),
  );
  metrics.gauge(
    'lbs_outbox_messages',
    'Mail and SMS of the outbox not sent yet, by channel and status',
    ['channel', 'status'],
    countsOf('outbox_messages', ['channel', 'status'], 'SENT'),
  );
  metrics.gauge(
    'lbs_live_streams',
    'Monitor live streams (server-sent events) open on this replica',
    [],
    async () => [[{}, services.streams.size]],
  );
  metrics.gauge(
    'lbs_db_pool_connections',
    'PostgreSQL pool connections by state (total, idle, waiting clients)',
    ['state'],
    async () => {
      const pool = database.pool;
      if (!pool) return [];
      return [
        [{ state: 'total' }, pool.totalCount],
        [{ state: 'idle' }, pool.idleCount],
        [{ state: 'waiting' }, pool.waitingCount],
      ];
    },
  );
  metrics.gauge(
    'lbs_event_bus_connected',
    'Whether notifications arrive (the LISTEN connection is up)',
    [],
    async () => [[{}, bus.connected ? 1 : 0]],
  );
  metrics.gauge(
    'lbs_worker_last_tick_seconds',
    "Unix time of the job runner loop's last look for due work (where it runs)",
    [],
    async () => (jobs.lastTickAt ? [[{}, jobs.lastTickAt.getTime() / 1000]] : []),
  );
}
