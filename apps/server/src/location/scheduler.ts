import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { LOCATION_DEFAULTS, type CompanyConfig } from '@lbs/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { mayLocate, type LocatePermit, type LocateRefusal } from './locate-policy.ts';
import type { Locator } from './locator.ts';
import { nextWindowOpening } from './tracking-window.ts';

export interface TickReport {
  /** MSISDNs whose poll time had come and that this worker claimed. */
  claimed: number;
  /** MLP requests sent, and MSISDNs in them. */
  requests: number;
  asked: number;
  located: number;
  refused: Partial<Record<LocateRefusal, number>>;
}

export interface WorkerOptions {
  /** MSISDNs per MLP request. */
  batchSize: number;
  /** Most MSISDNs one tick claims (the rest stay due for the next tick). */
  claimLimit?: number;
  workerId?: string;
}

interface Claimed {
  msisdn_id: number;
  msisdn: string;
  company_id: number;
  consent_status: 'PENDING' | 'GRANTED' | 'REVOKED';
  tracking_enabled: boolean;
  company_status: 'ACTIVE' | 'SUSPENDED';
  config: CompanyConfig;
}

/**
 * A claim this late after its slot still counts as on time (the next slot stays one interval on); a later one (a
 * backlog after downtime) skips to the first slot at least an interval minus this away, so polls never come closer.
 */
const SLOT_TOLERANCE_S = 60;
/** The company's poll interval in seconds (`c` = companies). */
const intervalSeconds = sql`greatest(1, coalesce((c.config->>'pollIntervalMinutes')::int, ${sql.lit(LOCATION_DEFAULTS.pollIntervalMinutes)})) * 60`;
/** The MSISDN's fixed offset within its company's interval (`m` = msisdns), so the polls spread evenly over it. */
const phase = sql`make_interval(secs => ((m.id::bigint * 2654435761) % (${intervalSeconds} * 1000)) / 1000.0)`;

/**
 * The location scheduler, ticked by the `location.tick` job every few seconds (location/jobs.ts). Each MSISDN with consent GRANTED and tracking on has a poll state row with its next poll
 * time: one slot per interval of its company, at a fixed phase so the polls spread evenly over the interval. A tick
 * claims the due rows with FOR UPDATE SKIP LOCKED and moves each to its next slot in the same statement, so any
 * number of workers or replicas can tick at once and no MSISDN is claimed twice for one slot, nor twice within an
 * interval (less the 60 s tolerance of a tick). A worker that dies mid-request loses that poll; it is never repeated.
 * Claimed MSISDNs pass the gate (mayLocate) — outside the window they wait for its next opening — and are located in
 * batches per company.
 */
export class LocationWorker {
  readonly id: string;
  readonly #db: Db;
  readonly #locator: Locator;
  readonly #log: FastifyBaseLogger;
  readonly #options: Required<Omit<WorkerOptions, 'workerId'>>;

  constructor(db: Db, locator: Locator, log: FastifyBaseLogger, options: WorkerOptions) {
    this.#db = db;
    this.#locator = locator;
    this.#log = log;
    this.#options = { claimLimit: 5000, ...options };
    this.id = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  /** One round: enrol new MSISDNs, claim the due ones, locate those the gate allows. Tests call it with their own `now`. */
  async tick(now: Date = new Date()): Promise<TickReport> {
    await this.enrol(now);
    const claimed = await this.#claim(now);
    const report: TickReport = { claimed: claimed.length, requests: 0, asked: 0, located: 0, refused: {} };
    const byCompany = new Map<number, LocatePermit[]>();
    const waiting: { id: number; until: Date }[] = [];
    for (const row of claimed) {
      const company = { id: row.company_id, status: row.company_status, config: row.config };
      const decision = mayLocate(
        {
          id: row.msisdn_id,
          msisdn: row.msisdn,
          companyId: row.company_id,
          consentStatus: row.consent_status,
          trackingEnabled: row.tracking_enabled,
        },
        company,
        now,
      );
      if (decision.ok) {
        const list = byCompany.get(row.company_id) ?? [];
        list.push(decision.permit);
        byCompany.set(row.company_id, list);
        continue;
      }
      report.refused[decision.reason] = (report.refused[decision.reason] ?? 0) + 1;
      if (decision.reason === 'location.outsideWindow') {
        const opening = nextWindowOpening(row.config.trackingWindow, now);
        const intervalMs = Math.max(1, row.config.pollIntervalMinutes) * 60_000;
        // Spread the first polls of the day over one interval after the opening.
        if (opening)
          waiting.push({
            id: row.msisdn_id,
            until: new Date(opening.getTime() + ((row.msisdn_id * 2654435761) % intervalMs)),
          });
      }
    }
    if (waiting.length) {
      await sql`
        update msisdn_poll_state s set next_poll_at = w.until
        from unnest(${waiting.map((w) => w.id)}::int[], ${waiting.map((w) => w.until.toISOString())}::timestamptz[]) as w(id, until)
        where s.msisdn_id = w.id
      `.execute(this.#db);
    }
    const batches = [...byCompany.values()].flatMap((permits) => {
      const out: LocatePermit[][] = [];
      for (let i = 0; i < permits.length; i += this.#options.batchSize)
        out.push(permits.slice(i, i + this.#options.batchSize));
      return out;
    });
    // The MLP client limits the requests in flight per GMLC; the rest queue there.
    const outcomes = await Promise.all(
      batches.map((permits) =>
        this.#locator.locate(permits, { kind: 'SCHEDULE' }).catch((error: unknown) => {
          this.#log.error({ err: error, msisdns: permits.length }, 'scheduled locate failed');
          return undefined;
        }),
      ),
    );
    report.requests = batches.length;
    report.asked = batches.reduce((n, b) => n + b.length, 0);
    report.located = outcomes.reduce((n, o) => n + (o ? o.results.filter((r) => r.position).length : 0), 0);
    return report;
  }

  /** Gives every trackable MSISDN without one a poll state, its first poll at its phase within the interval. */
  async enrol(now: Date): Promise<void> {
    await sql`
      insert into msisdn_poll_state (msisdn_id, next_poll_at)
      select m.id, ${now.toISOString()}::timestamptz + ${phase}
      from msisdns m
      join companies c on c.id = m.company_id
      where m.consent_status = 'GRANTED' and m.tracking_enabled
        and not exists (select 1 from msisdn_poll_state s where s.msisdn_id = m.id)
      on conflict (msisdn_id) do nothing
    `.execute(this.#db);
  }

  async #claim(now: Date): Promise<Claimed[]> {
    const at = now.toISOString();
    const result = await sql<Claimed>`
      with due as (
        select s.msisdn_id
        from msisdn_poll_state s
        join msisdns m on m.id = s.msisdn_id
        where s.next_poll_at <= ${at}::timestamptz and m.consent_status = 'GRANTED' and m.tracking_enabled
        order by s.next_poll_at
        limit ${this.#options.claimLimit}
        for update of s skip locked
      )
      update msisdn_poll_state s set
        next_poll_at = s.next_poll_at + make_interval(secs => ${intervalSeconds} * greatest(1, ceil(
          (extract(epoch from (${at}::timestamptz - s.next_poll_at)) + ${intervalSeconds} - least(${intervalSeconds} / 2.0, ${SLOT_TOLERANCE_S}))
          / (${intervalSeconds})))),
        claimed_at = ${at}::timestamptz,
        claimed_by = ${this.id}
      from due, msisdns m, companies c
      where s.msisdn_id = due.msisdn_id and m.id = s.msisdn_id and c.id = m.company_id
      returning s.msisdn_id, m.msisdn, m.company_id, m.consent_status, m.tracking_enabled, c.status as company_status, c.config
    `.execute(this.#db);
    return result.rows;
  }
}
