import { Cron } from 'croner';
import type { Db } from '../db/database.ts';
import { enqueue } from './queue.ts';

export interface ScheduleDefinition {
  /** Unique name; the row in job_schedules and the prefix of its jobs' keys. */
  name: string;
  /** The job kind each slot enqueues (registered with the runner). */
  kind: string;
  /** A fixed interval in milliseconds: slots every `every` ms from the first registration on. */
  every?: number;
  /** A cron expression (croner: 5 or 6 fields), evaluated in `timezone`. */
  cron?: string;
  /** IANA time zone of `cron`; default UTC. Wall-clock times follow its daylight-saving changes. */
  timezone?: string;
  /** Merged into each job's payload, beside `slot` (the ISO time of the slot). */
  payload?: Record<string, unknown>;
  /** Let a slot start while the previous slot's job is still queued, running or retrying; default false (skip). */
  overlap?: boolean;
  maxAttempts?: number;
}

/** The job key of one slot: two runners that both see a slot due enqueue one job. */
export function slotKey(name: string, slot: Date): string {
  return `${name}@${slot.toISOString()}`;
}

/** The definition as stored; a changed definition restarts the schedule from now. */
export function specOf(def: ScheduleDefinition): string {
  return def.cron ? `cron ${def.cron} ${def.timezone ?? 'UTC'}` : `every ${def.every}`;
}

export function validateSchedule(def: ScheduleDefinition): void {
  if ((def.cron === undefined) === (def.every === undefined))
    throw new Error(`schedule ${def.name}: give either cron or every`);
  if (def.every !== undefined && !(Number.isSafeInteger(def.every) && def.every > 0))
    throw new Error(`schedule ${def.name}: every must be a positive whole number of milliseconds`);
  if (def.timezone !== undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: def.timezone });
    } catch {
      throw new Error(`schedule ${def.name}: unknown time zone ${def.timezone}`);
    }
  }
  if (def.cron !== undefined) cronOf(def); // throws on a bad expression
}

function cronOf(def: ScheduleDefinition): Cron {
  return new Cron(def.cron!, { timezone: def.timezone ?? 'UTC', paused: true });
}

/** The first slot of a newly registered (or changed) schedule: one interval from now, or the next cron time. */
export function firstSlot(def: ScheduleDefinition, now: Date): Date {
  if (def.every !== undefined) return new Date(now.getTime() + def.every);
  return nextCron(cronOf(def), now);
}

function nextCron(cron: Cron, after: Date): Date {
  const next = cron.nextRun(after);
  if (!next) throw new Error(`cron ${cron.getPattern()} has no time after ${after.toISOString()}`);
  return next;
}

/** Slots a cron walk may step over before it gives up walking and jumps (a years-long gap of a per-second cron). */
const MAX_WALK = 100_000;

/**
 * For a schedule whose stored next slot is due: the latest slot at or before `now` (the one to run — after a
 * downtime that missed many slots, only this one runs) and the first slot after `now` (stored as the next).
 */
export function dueSlots(def: ScheduleDefinition, storedNext: Date, now: Date): { slot: Date; next: Date } {
  if (def.every !== undefined) {
    const k = Math.floor((now.getTime() - storedNext.getTime()) / def.every);
    const slot = new Date(storedNext.getTime() + k * def.every);
    return { slot, next: new Date(slot.getTime() + def.every) };
  }
  const cron = cronOf(def);
  let slot = storedNext;
  for (let i = 0; i < MAX_WALK; i++) {
    const next = nextCron(cron, slot);
    if (next.getTime() > now.getTime()) return { slot, next };
    slot = next;
  }
  return { slot, next: nextCron(cron, now) };
}

/** Writes the definitions; an unchanged one keeps its next slot, so a slot missed while every runner was down runs. */
export async function registerSchedules(
  db: Db,
  defs: readonly ScheduleDefinition[],
  now: Date,
): Promise<void> {
  for (const def of defs) {
    const spec = specOf(def);
    await db
      .insertInto('job_schedules')
      .values({
        name: def.name,
        kind: def.kind,
        spec,
        cron: def.cron ?? null,
        interval_ms: def.every ?? null,
        timezone: def.cron ? (def.timezone ?? 'UTC') : null,
        payload: JSON.stringify(def.payload ?? {}),
        next_run_at: firstSlot(def, now),
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column('name').doUpdateSet((eb) => ({
          kind: eb.ref('excluded.kind'),
          cron: eb.ref('excluded.cron'),
          interval_ms: eb.ref('excluded.interval_ms'),
          timezone: eb.ref('excluded.timezone'),
          payload: eb.ref('excluded.payload'),
          next_run_at: eb
            .case()
            .when('job_schedules.spec', '=', spec)
            .then(eb.ref('job_schedules.next_run_at'))
            .else(eb.ref('excluded.next_run_at'))
            .end(),
          spec: eb.ref('excluded.spec'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

export interface FiredSlot {
  name: string;
  slot: Date;
  /** False when the slot was skipped because the previous slot's job had not finished (overlap off). */
  enqueued: boolean;
}

const UNFINISHED = ['QUEUED', 'RUNNING', 'FAILED'] as const;

/**
 * Enqueues the job of every due schedule and moves each to its next slot, in one transaction; the schedule rows are
 * locked SKIP LOCKED and the job key names the slot, so two runners firing at once make one job per slot.
 */
export async function fireDueSchedules(
  db: Db,
  defs: ReadonlyMap<string, ScheduleDefinition>,
  now: Date,
): Promise<FiredSlot[]> {
  if (defs.size === 0) return [];
  return db.transaction().execute(async (tx) => {
    const due = await tx
      .selectFrom('job_schedules')
      .select(['name', 'next_run_at', 'last_run_at'])
      .where('name', 'in', [...defs.keys()])
      .where('next_run_at', '<=', now)
      .forUpdate()
      .skipLocked()
      .execute();
    const fired: FiredSlot[] = [];
    for (const row of due) {
      const def = defs.get(row.name)!;
      const { slot, next } = dueSlots(def, row.next_run_at, now);
      let busy = false;
      if (!def.overlap && row.last_run_at) {
        const previous = await tx
          .selectFrom('jobs')
          .select('status')
          .where('kind', '=', def.kind)
          .where('key', '=', slotKey(def.name, row.last_run_at))
          .executeTakeFirst();
        busy = previous !== undefined && (UNFINISHED as readonly string[]).includes(previous.status);
      }
      if (!busy) {
        await enqueue(tx, {
          kind: def.kind,
          key: slotKey(def.name, slot),
          payload: { ...def.payload, slot: slot.toISOString() },
          runAt: now,
          maxAttempts: def.maxAttempts,
        });
      }
      await tx
        .updateTable('job_schedules')
        .set({ next_run_at: next, last_run_at: busy ? row.last_run_at : slot, updated_at: now })
        .where('name', '=', row.name)
        .execute();
      fired.push({ name: row.name, slot, enqueued: !busy });
    }
    return fired;
  });
}
