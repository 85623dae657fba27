import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { migrate } from './migrate.ts';

/** Every table after every migration (update with each new migration). */
const TABLES = [
  'app_secrets',
  'attendance_corrections',
  'attendance_days',
  'attendance_months',
  'audit_log',
  'billing_counters',
  'companies',
  'consent_reminders',
  'credit_notes',
  'departments',
  'designations',
  'device_tokens',
  'domain_events',
  'event_cursors',
  'holiday_lists',
  'holidays',
  'invoice_items',
  'invoices',
  'job_schedules',
  'jobs',
  'latest_positions',
  'locate_rate_counters',
  'locate_requests',
  'locate_usage',
  'msisdn_activity',
  'msisdn_imports',
  'msisdn_poll_state',
  'msisdns',
  'notification_deliveries',
  'notification_digests',
  'notification_rules',
  'oidc_payloads',
  'outbox_messages',
  'outbox_rate_limits',
  'payments',
  'poi_assignments',
  'poi_categories',
  'poi_imports',
  'poi_passed_by',
  'poi_presence',
  'pois',
  'positions',
  'presence_closures',
  'presence_epoch',
  'report_deliveries',
  'report_exports',
  'report_runs',
  'report_schedules',
  'schema_migrations',
  'shift_versions',
  'shifts',
  'stored_file_chunks',
  'stored_files',
  'tariffs',
  'task_assignments',
  'task_attachments',
  'task_completions',
  'task_templates',
  'tasks',
  'user_invitations',
  'user_roles',
  'users',
  'visits',
  'zones',
];

const ALL_MIGRATIONS = [
  '0001-init',
  '0002-organisation',
  '0003-locations',
  '0005-jobs-events',
  '0006-floor-wire',
  '0007-pois',
  '0008-poi-imports',
  '0009-tasks',
  '0010-presence-checkpoints',
  '0011-attendance',
  '0012-attendance-months',
  '0013-billing',
  '0014-report-exports',
  '0015-report-schedules',
  '0016-row-change-notify',
  '0017-monitor-invalidation',
  '0018-report-export-files',
  '0019-notifications',
  '0020-positions-partitioned',
  '0021-consent-reminders',
  '0022-notification-digests',
  '0023-positions-history-cover',
  '0024-latest-positions-hot',
  '0025-presence-closures',
  '0026-presence-seeding',
  '0027-presence-seed-position',
];

let testDb: TestDatabase | undefined;
const handles: DatabaseHandle[] = [];

async function open(): Promise<DatabaseHandle> {
  testDb ??= await createTestDatabase();
  const handle = await openDatabase({ databaseUrl: testDb.url, dataDir: 'memory://' });
  handles.push(handle);
  return handle;
}

async function applied(handle: DatabaseHandle): Promise<string[]> {
  const rows = await handle.db.selectFrom('schema_migrations').select('name').orderBy('name').execute();
  return rows.map((r) => r.name);
}

async function tables(handle: DatabaseHandle): Promise<string[]> {
  const result = await sql<{ name: string }>`
    select table_name as name from information_schema.tables t where table_schema = 'public'
      -- partitions are periods of a table, made as time goes by (location/partitions.test.ts checks them)
      and not exists (select 1 from pg_inherits i where i.inhrelid = (quote_ident(t.table_name))::regclass)
    order by table_name`.execute(handle.db);
  return result.rows.map((r) => r.name);
}

afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  await testDb?.drop();
  testDb = undefined;
});

describe('migrate', () => {
  it('creates every table on an empty database, and a second run does nothing', async () => {
    const handle = await open();
    expect(await tables(handle)).toEqual([]);

    expect(await migrate(handle.db)).toEqual(ALL_MIGRATIONS);
    expect(await applied(handle)).toEqual(ALL_MIGRATIONS);
    expect(await tables(handle)).toEqual(TABLES);

    expect(await migrate(handle.db)).toEqual([]);
    expect(await applied(handle)).toEqual(ALL_MIGRATIONS);
    expect(await tables(handle)).toEqual(TABLES);
  });

  it('serialises two concurrent runs on one handle', async () => {
    const handle = await open();
    const runs = await Promise.all([migrate(handle.db), migrate(handle.db)]);
    expect(runs.filter((r) => r.length === 0)).toHaveLength(1);
    expect(runs.flat()).toEqual(ALL_MIGRATIONS);
    expect(await tables(handle)).toEqual(TABLES);
  });

  it.skipIf(!process.env['DATABASE_URL'])(
    'serialises two processes migrating one PostgreSQL database at once',
    async () => {
      const first = await open();
      const second = await open();
      const runs = await Promise.all([migrate(first.db), migrate(second.db)]);
      expect(runs.filter((r) => r.length === 0)).toHaveLength(1);
      expect(runs.flat()).toEqual(ALL_MIGRATIONS);
      expect(await applied(second)).toEqual(ALL_MIGRATIONS);
      expect(await tables(second)).toEqual(TABLES);
    },
  );
});
