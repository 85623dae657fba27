import { sql, type Kysely } from 'kysely';
import * as m0001 from './migrations/0001-init.ts';
import * as m0002 from './migrations/0002-organisation.ts';
import * as m0003 from './migrations/0003-locations.ts';
import * as m0005 from './migrations/0005-jobs-events.ts';
import * as m0006 from './migrations/0006-floor-wire.ts';
import * as m0007 from './migrations/0007-pois.ts';
import * as m0008 from './migrations/0008-poi-imports.ts';
import * as m0009 from './migrations/0009-tasks.ts';
import * as m0010 from './migrations/0010-presence-checkpoints.ts';
import * as m0011 from './migrations/0011-attendance.ts';
import * as m0012 from './migrations/0012-attendance-months.ts';
import * as m0013 from './migrations/0013-billing.ts';
import * as m0014 from './migrations/0014-report-exports.ts';
import * as m0015 from './migrations/0015-report-schedules.ts';
import * as m0016 from './migrations/0016-row-change-notify.ts';
import * as m0017 from './migrations/0017-monitor-invalidation.ts';
import * as m0018 from './migrations/0018-report-export-files.ts';
import * as m0019 from './migrations/0019-notifications.ts';
import * as m0020 from './migrations/0020-positions-partitioned.ts';
import * as m0021 from './migrations/0021-consent-reminders.ts';
import * as m0022 from './migrations/0022-notification-digests.ts';
import * as m0023 from './migrations/0023-positions-history-cover.ts';
import * as m0024 from './migrations/0024-latest-positions-hot.ts';
import * as m0025 from './migrations/0025-presence-closures.ts';
import * as m0026 from './migrations/0026-presence-seeding.ts';
import * as m0027 from './migrations/0027-presence-seed-position.ts';

interface Migration {
  name: string;
  up(db: Kysely<unknown>): Promise<void>;
}

/** Forward-only, in order. A landed migration never changes: add a new one. */
const MIGRATIONS: Migration[] = [
  { name: '0001-init', up: m0001.up },
  { name: '0002-organisation', up: m0002.up },
  { name: '0003-locations', up: m0003.up },
  { name: '0005-jobs-events', up: m0005.up },
  { name: '0006-floor-wire', up: m0006.up },
  { name: '0007-pois', up: m0007.up },
  { name: '0008-poi-imports', up: m0008.up },
  { name: '0009-tasks', up: m0009.up },
  { name: '0010-presence-checkpoints', up: m0010.up },
  { name: '0011-attendance', up: m0011.up },
  { name: '0012-attendance-months', up: m0012.up },
  { name: '0013-billing', up: m0013.up },
  { name: '0014-report-exports', up: m0014.up },
  { name: '0015-report-schedules', up: m0015.up },
  { name: '0016-row-change-notify', up: m0016.up },
  { name: '0017-monitor-invalidation', up: m0017.up },
  { name: '0018-report-export-files', up: m0018.up },
  { name: '0019-notifications', up: m0019.up },
  { name: '0020-positions-partitioned', up: m0020.up },
  { name: '0021-consent-reminders', up: m0021.up },
  { name: '0022-notification-digests', up: m0022.up },
  { name: '0023-positions-history-cover', up: m0023.up },
  { name: '0024-latest-positions-hot', up: m0024.up },
  { name: '0025-presence-closures', up: m0025.up },
  { name: '0026-presence-seeding', up: m0026.up },
  { name: '0027-presence-seed-position', up: m0027.up },
];

/** Arbitrary constant shared by every process of the product: the advisory lock key for migrations. */
const MIGRATION_LOCK_KEY = 7_305_112_001;

/**
 * Applies pending migrations in one transaction under an advisory lock, so two processes starting together
 * serialise: the second waits, then finds nothing left to do. `until` stops after the named migration (tests of a
 * migration on data written before it).
 */
export async function migrate<DB>(db: Kysely<DB>, options: { until?: string } = {}): Promise<string[]> {
  // Migrations are written against the schema as it was when they landed, not today's typed Database.
  const untyped = db as unknown as Kysely<unknown>;
  return untyped.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`.execute(
      trx,
    );
    const done = await sql<{ name: string }>`select name from schema_migrations`.execute(trx);
    const applied = new Set(done.rows.map((r) => r.name));
    const ran: string[] = [];
    const last =
      options.until === undefined
        ? MIGRATIONS.length - 1
        : MIGRATIONS.findIndex((m) => m.name === options.until);
    if (last < 0) throw new Error(`no migration ${options.until}`);
    for (const migration of MIGRATIONS.slice(0, last + 1)) {
      if (applied.has(migration.name)) continue;
      await migration.up(trx);
      await sql`insert into schema_migrations (name) values (${migration.name})`.execute(trx);
      ran.push(migration.name);
    }
    return ran;
  });
}
