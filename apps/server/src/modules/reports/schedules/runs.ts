import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { API_BASE_PATH, type LocaleCode, type ReportKey, type ReportParams } from '@lbs/contracts';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import { actorOf, audit, SYSTEM_ACTOR } from '../../../events/audit.ts';
import { emit } from '../../../events/emit.ts';
import { getOrCreateSecret } from '../../../identity/secrets.ts';
import type { JobRunner } from '../../../jobs/runner.ts';
import { AppError } from '../../../lib/errors.ts';
import { pruneStoredFiles, writeStoredFile } from '../../../lib/stored-files.ts';
import { queueMail } from '../../../messaging/index.ts';
import { reportTexts } from '../export/texts.ts';
import { CONTENT_TYPES, exportFileName, writeReport } from '../export/write.ts';
import { checkExportSize, type ReportsService } from '../service.ts';
import { reportMail } from './mail-texts.ts';
import { loadOwner } from './owner.ts';
import {
  RUN_MAX_ATTEMPTS,
  SCHEDULE_RUN_JOB,
  mayApproveExternals,
  queueScheduleRun,
  recipientProblem,
  recipientUsers,
} from './service.ts';
import { dueSlot, periodBefore } from './timing.ts';

export const SCHEDULE_TICK = 'reports.schedules.tick';
export const FILES_PRUNE = 'reports.files.prune';

export interface RunDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'reports'>;
  reports: ReportsService;
  log: FastifyBaseLogger;
}

/**
 * The tick: every active schedule whose next slot has come gets the run of its period — the latest slot at or
 * before now only (a server that was down runs the latest missed period once, not the backlog) — and moves to its
 * next slot. Rows are locked SKIP LOCKED and the run is unique per (schedule, period start), so two runners, or a
 * slot that falls twice (the repeated autumn hour), make one run.
 */
export async function fireDueReportSchedules(db: Db, now: Date): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const due = await tx
      .selectFrom('report_schedules')
      .select(['id', 'cron', 'time_zone', 'period', 'next_run_at'])
      .where('active', '=', true)
      .where('next_run_at', '<=', now)
      .orderBy('next_run_at')
      .limit(200)
      .forUpdate()
      .skipLocked()
      .execute();
    let queued = 0;
    for (const s of due) {
      const { slot, next } = dueSlot(s.cron, s.time_zone, s.next_run_at!, now);
      const period = periodBefore(s.period, slot, s.time_zone);
      const run = await queueScheduleRun(tx, s.id, period, 'SCHEDULE');
      if (run.created) queued++;
      await tx
        .updateTable('report_schedules')
        .set({ next_run_at: next, last_slot_at: slot })
        .where('id', '=', s.id)
        .execute();
    }
    return queued;
  });
}

/** The signed download link of a run's file: `<run>.<expiry seconds>.<HMAC>`, no bearer token needed. */
async function linkSecret(db: Db): Promise<string> {
  return getOrCreateSecret(db, 'reports.linkSecret', async () => randomBytes(32).toString('base64url'));
}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

export async function linkToken(db: Db, runId: number, expires: Date): Promise<string> {
  const payload = `${runId}.${Math.floor(expires.getTime() / 1000)}`;
  return `${payload}.${sign(await linkSecret(db), payload)}`;
}

/** The run a link names, if its signature holds and it has not expired. */
export async function verifyLinkToken(db: Db, token: string, now: Date): Promise<number | undefined> {
  const match = /^([1-9][0-9]{0,15})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, run, exp, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(sign(await linkSecret(db), `${run}.${exp}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (Number(exp) * 1000 <= now.getTime()) return undefined;
  return Number(run);
}

export function linkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${API_BASE_PATH}/report-files/${token}`;
}

interface Recipient {
  address: string;
  userId: number | null;
  dropped?: 'outOfScope' | 'inactive' | 'externalNotApproved';
}

/**
 * One run of a schedule (the job handler): re-checks the owner (gone or inactive → the schedule is paused; moved
 * out of the company → paused), writes the file once (kept with the run, so a retry reuses it), then queues one
 * e-mail per recipient in the transaction that writes its delivery row — a retry finds the row and skips it, so
 * nobody is mailed twice. Recipients the owner no longer reaches are DROPPED with the reason.
 */
export async function executeRun(
  deps: RunDeps,
  runId: number,
  job: {
    attempt: number;
    signal?: AbortSignal;
    now?: () => Date;
    /** Called after each delivery commits (tests stop a run there, as a crash would). */
    onDelivered?: (address: string) => void;
  },
): Promise<void> {
  const { db, log } = deps;
  const now = job.now ?? (() => new Date());
  const found = await db
    .selectFrom('report_runs as r')
    .innerJoin('report_schedules as s', 's.id', 'r.schedule_id')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .selectAll('r')
    .select([
      's.company_id',
      's.owner_id',
      's.name',
      's.report',
      's.params',
      's.sort',
      's.format',
      's.locale',
      's.recipients',
      's.external_recipients',
      's.external_approved_by',
      's.preset',
      's.weekday',
      's.month_day',
      's.time_of_day',
      's.time_zone',
      'c.name as company_name',
    ])
    .where('r.id', '=', runId)
    .executeTakeFirst();
  if (!found || found.status === 'DONE' || found.status === 'SKIPPED') return;
  const run = found;
  const runLog = log.child({ reportRunId: runId, reportScheduleId: run.schedule_id });
  await db
    .updateTable('report_runs')
    .set({ status: 'RUNNING', attempts: job.attempt, started_at: now(), error: null })
    .where('id', '=', runId)
    .execute();

  const skip = async (reason: 'ownerInactive' | 'ownerOutOfScope') => {
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('report_schedules')
        .set({ active: false, paused_reason: reason, updated_at: now() })
        .where('id', '=', run.schedule_id)
        .execute();
      await tx
        .updateTable('report_runs')
        .set({ status: 'SKIPPED', error: reason, finished_at: now() })
        .where('id', '=', runId)
        .execute();
      await audit(tx, SYSTEM_ACTOR(SCHEDULE_RUN_JOB), {
        action: 'reportSchedule.pause',
        entity: 'reportSchedule',
        entityId: run.schedule_id,
        companyId: run.company_id,
        detail: { reason, runId },
      });
    });
    runLog.warn({ reason, ownerId: run.owner_id }, 'report schedule paused: its owner may no longer run it');
  };

  const owner = await loadOwner(db, run.owner_id);
  if (!owner || !owner.user.active) return skip('ownerInactive');
  if (owner.scope.tier === 'none' || (owner.scope.tier !== 'all' && owner.scope.companyId !== run.company_id))
    return skip('ownerOutOfScope');

  try {
    let file = run.file_id
      ? {
          id: run.file_id,
          bytes: run.bytes ?? 0,
          rows: run.rows ?? 0,
          name: run.file_name ?? '',
          delivery: run.delivery!,
          expires: run.link_expires_at!,
        }
      : undefined;
    const locale = run.locale as LocaleCode;
    if (!file) {
      const params = {
        ...(run.params as Record<string, unknown>),
        companyId: run.company_id,
        from: run.period_start,
        to: run.period_end,
      } as ReportParams;
      const prepared = await deps.reports.prepare(
        owner,
        run.report as ReportKey,
        params,
        run.sort ?? undefined,
      );
      // More rows than the format holds (a PDF of a busy month): the run fails with the export's own problem.
      checkExportSize(run.format, await prepared.count());
      const name = exportFileName(prepared, run.format);
      const expires = new Date(now().getTime() + deps.config.reports.linkTtlHours * 3_600_000);
      const stored = await writeStoredFile(
        db,
        { name, contentType: CONTENT_TYPES[run.format], expiresAt: expires },
        (out) =>
          writeReport(run.format, prepared, {
            texts: reportTexts(locale),
            out,
            ...(job.signal ? { signal: job.signal } : {}),
          }),
      );
      const delivery = stored.bytes <= deps.config.reports.attachMaxBytes ? 'ATTACHED' : 'LINK';
      file = { id: stored.id, bytes: stored.bytes, rows: stored.result.rows, name, delivery, expires };
      await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('report_runs')
          .set({
            file_id: stored.id,
            file_name: name,
            rows: stored.result.rows,
            bytes: stored.bytes,
            delivery,
            link_expires_at: expires,
          })
          .where('id', '=', runId)
          .execute();
        // The scheduled run reads the data as its owner: audited like their own view (a location view for reports
        // that show where people were).
        await audit(tx, actorOf(owner), {
          action: prepared.meta.revealsLocation ? 'location.view' : 'report.view',
          entity: 'report',
          entityId: prepared.key,
          companyId: run.company_id,
          detail: {
            view: 'reportSchedule',
            report: prepared.key,
            scheduleId: run.schedule_id,
            runId,
            params: prepared.run.params,
            export: run.format,
            rows: stored.result.rows,
          },
        });
      });
    }

    const recipients = await recipientsOf(db, owner, run);
    const texts = reportTexts(locale);
    const link =
      file.delivery === 'LINK'
        ? {
            url: linkUrl(deps.config.publicUrl, await linkToken(db, runId, file.expires)),
            expires: file.expires,
          }
        : undefined;
    const ownerName = owner.user.fullName;
    let queued = 0;
    let dropped = 0;
    for (const r of recipients) {
      job.signal?.throwIfAborted();
      const mail = reportMail({
        locale,
        name: run.name,
        report: texts.title(run.report as ReportKey),
        company: run.company_name,
        from: run.period_start,
        to: run.period_end,
        rows: file.rows,
        owner: ownerName,
        preset: run.preset,
        weekday: run.weekday,
        monthDay: run.month_day,
        time: run.time_of_day,
        timeZone: run.time_zone,
        ...(link ? { link } : { file: file.name }),
      });
      const f = file;
      await db.transaction().execute(async (tx) => {
        const delivery = await tx
          .insertInto('report_deliveries')
          .values({
            run_id: runId,
            recipient: r.address,
            user_id: r.userId,
            status: r.dropped ? 'DROPPED' : 'QUEUED',
            reason: r.dropped ?? null,
          })
          .onConflict((oc) => oc.columns(['run_id', 'recipient']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!delivery) return; // written by an earlier attempt: its e-mail is queued already
        if (r.dropped) {
          dropped++;
          runLog.info({ recipient: r.address, reason: r.dropped }, 'report recipient dropped');
          return;
        }
        const message = await queueMail(tx, {
          to: r.address,
          subject: mail.subject,
          text: mail.text,
          locale,
          companyId: run.company_id,
          ...(f.delivery === 'ATTACHED'
            ? { attachments: [{ fileId: f.id, fileName: f.name, contentType: CONTENT_TYPES[run.format] }] }
            : {}),
        });
        await tx
          .updateTable('report_deliveries')
          .set({ outbox_id: message.id })
          .where('id', '=', delivery.id)
          .execute();
        queued++;
      });
      job.onDelivered?.(r.address);
    }

    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('report_runs')
        .set({ status: 'DONE', finished_at: now(), error: null })
        .where('id', '=', runId)
        .execute();
      await emit(tx, {
        type: 'REPORT_READY',
        companyId: run.company_id,
        subject: { type: 'reportSchedule', id: run.schedule_id },
        payload: {
          runId,
          report: run.report,
          periodStart: run.period_start,
          periodEnd: run.period_end,
          format: run.format,
          rows: file.rows,
          bytes: file.bytes,
          delivery: file.delivery,
          queued,
          dropped,
        },
        idempotencyKey: `report-ready:${runId}`,
      });
    });
    runLog.info({ rows: file.rows, bytes: file.bytes, queued, dropped }, 'scheduled report sent');
  } catch (error) {
    if (job.signal?.aborted) {
      await db.updateTable('report_runs').set({ status: 'QUEUED' }).where('id', '=', runId).execute();
      throw error;
    }
    // A problem of the request itself (the owner lost the data's permission, a filter left their scope): no retry.
    const final = error instanceof AppError || job.attempt >= RUN_MAX_ATTEMPTS;
    const text =
      error instanceof AppError
        ? error.code
        : (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await db
      .updateTable('report_runs')
      .set({ status: final ? 'FAILED' : 'QUEUED', error: text, ...(final ? { finished_at: now() } : {}) })
      .where('id', '=', runId)
      .execute();
    runLog.warn({ err: error, attempt: job.attempt, final }, 'scheduled report run failed');
    if (!final) throw error;
  }
}

/** The run's recipients as they stand now: users the owner still reaches, approved external addresses; the rest DROPPED. */
async function recipientsOf(
  db: Db,
  owner: NonNullable<Awaited<ReturnType<typeof loadOwner>>>,
  run: {
    company_id: number;
    recipients: number[];
    external_recipients: string[];
    external_approved_by: number | null;
  },
): Promise<Recipient[]> {
  const users = await recipientUsers(db, run.recipients);
  const out = new Map<string, Recipient>();
  for (const id of run.recipients) {
    const user = users.get(id);
    const problem = recipientProblem({ id: owner.user.id, scope: owner.scope }, run.company_id, user);
    const address = (user?.email ?? `user:${id}`).toLowerCase();
    if (!out.has(address))
      out.set(address, { address, userId: user ? id : null, ...(problem ? { dropped: problem } : {}) });
  }
  if (run.external_recipients.length) {
    const approver = run.external_approved_by ? await loadOwner(db, run.external_approved_by) : undefined;
    const approved = approver !== undefined && mayApproveExternals(approver.user, run.company_id);
    for (const address of run.external_recipients) {
      const key = address.toLowerCase();
      if (!out.has(key))
        out.set(key, {
          address: key,
          userId: null,
          ...(approved ? {} : { dropped: 'externalNotApproved' as const }),
        });
    }
  }
  return [...out.values()];
}

/** The tick (every minute), the run job, and the hourly pruning of expired files. */
export function registerReportScheduleJobs(runner: JobRunner, deps: RunDeps): void {
  runner
    .register(SCHEDULE_TICK, async (job) => {
      const queued = await fireDueReportSchedules(deps.db, job.now());
      if (queued) job.log.info({ queued }, 'scheduled report runs queued');
    })
    .schedule({ name: SCHEDULE_TICK, kind: SCHEDULE_TICK, every: 60_000, maxAttempts: 1 });
  runner.register<{ runId: number }>(
    SCHEDULE_RUN_JOB,
    (job) => executeRun({ ...deps, log: job.log }, job.payload.runId, job),
    { concurrency: 1, leaseMs: 120_000, backoff: { baseMs: 60_000, maxMs: 900_000 } },
  );
  runner
    .register(FILES_PRUNE, async (job) => {
      const pruned = await pruneStoredFiles(deps.db, job.now());
      if (pruned) job.log.info({ pruned }, 'expired report files removed');
    })
    .schedule({ name: FILES_PRUNE, kind: FILES_PRUNE, every: 3_600_000, maxAttempts: 1 });
}
