import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { backoffDelay, type Backoff } from '../lib/backoff.ts';
import { claimJob, completeJob, failJob, handBackJob, renewLease, type Claimed } from './leases.ts';
import { JOBS_CHANNEL, pruneJobs } from './queue.ts';
import {
  fireDueSchedules,
  registerSchedules,
  validateSchedule,
  type ScheduleDefinition,
} from './schedules.ts';

export interface JobContext<P = unknown> {
  id: number;
  kind: string;
  key: string;
  payload: P;
  /** 1 on the first run; each later run (a retry, or a resume after a crash) counts on. */
  attempt: number;
  /** What an earlier run of this job saved with saveProgress (null if none): resume from there. */
  progress: unknown;
  /**
   * Aborted when the runner stops or this runner lost the lease. Stop at a safe point and throw (e.g.
   * `signal.throwIfAborted()`): the job is then handed back, not failed. Returning normally marks it DONE.
   */
  signal: AbortSignal;
  /** Stores progress (and renews the lease) so a run after a crash resumes from it. */
  saveProgress(progress: unknown): Promise<void>;
  /** The runner's clock (injectable in tests). */
  now(): Date;
  log: FastifyBaseLogger;
}

export type JobHandler<P = unknown> = (job: JobContext<P>) => Promise<void>;

export interface JobKindOptions {
  /** Jobs of this kind one runner runs at once; default: the runner's concurrency. */
  concurrency?: number;
  /** How long a run owns its job between heartbeats; default: the runner's lease. */
  leaseMs?: number;
  /** Delay before a retry after a failure; default 5 s doubling up to 1 h. */
  backoff?: Backoff;
}

export interface RunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Names this runner in jobs.locked_by; default host:pid:random. */
  id?: string;
  /** Jobs run at once by this runner, all kinds together; default 4. */
  concurrency?: number;
  /** How often the runner looks for due jobs and schedules without a notification; default 1 s. */
  pollMs?: number;
  /** Lease of a running job, renewed every third of it while the handler runs; default 30 s. */
  leaseMs?: number;
  /** How long stop() waits for running handlers before it hands their jobs back; default 10 s. */
  stopTimeoutMs?: number;
  clock?: () => Date;
  random?: () => number;
  /** Subscribes to a NOTIFY channel (the event bus's subscribe): new jobs then start at once. */
  listen?: (channel: string, handler: (payload: string) => void) => Promise<() => Promise<void>>;
  /** Deletes DONE jobs after `doneMs` and DEAD ones after `deadMs`, hourly; false: never. Default 1 day / 30 days. */
  prune?: { doneMs: number; deadMs: number } | false;
}

interface Kind {
  handler: JobHandler<never>;
  concurrency: number;
  leaseMs: number;
  backoff: Backoff;
}

interface Run {
  job: Claimed;
  controller: AbortController;
  done: Promise<void>;
}

type Outcome = { kind: 'done' } | { kind: 'failed'; error: unknown } | { kind: 'handed-back' };

const DEFAULT_BACKOFF: Backoff = { baseMs: 5_000, maxMs: 3_600_000 };
const PRUNE_KIND = 'jobs.prune';

/**
 * Runs the jobs of the kinds registered on it: claims due jobs (FOR UPDATE SKIP LOCKED, one at a time up to its
 * concurrency), holds a lease renewed while the handler runs, retries failures with backoff until the job's
 * max_attempts (then DEAD), reclaims jobs whose lease expired (their runner died) and fires due schedules. Any
 * number of runners may share one database. See jobs/README.md.
 */
export class JobRunner {
  readonly id: string;
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #kinds = new Map<string, Kind>();
  readonly #schedules = new Map<string, ScheduleDefinition>();
  readonly #running = new Map<number, Run>();
  readonly #options: Required<Omit<RunnerOptions, 'db' | 'log' | 'id' | 'listen'>> &
    Pick<RunnerOptions, 'listen'>;
  #prepared = false;
  #starting: Promise<void> | undefined;
  #stopping = false;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #woken = false;
  #lastTickAt: Date | undefined;
  #unlisten: (() => Promise<void>) | undefined;

  constructor(options: RunnerOptions) {
    this.#db = options.db;
    this.#log = options.log;
    this.id = options.id ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.#options = {
      concurrency: 4,
      pollMs: 1_000,
      leaseMs: 30_000,
      stopTimeoutMs: 10_000,
      clock: () => new Date(),
      random: Math.random,
      prune: { doneMs: 86_400_000, deadMs: 30 * 86_400_000 },
      ...options,
    };
  }

  /** Registers the handler of a kind; only registered kinds are claimed by this runner. */
  register<P>(kind: string, handler: JobHandler<P>, options: JobKindOptions = {}): this {
    if (this.#kinds.has(kind)) throw new Error(`job kind ${kind} is registered twice`);
    this.#kinds.set(kind, {
      handler: handler as JobHandler<never>,
      concurrency: options.concurrency ?? this.#options.concurrency,
      leaseMs: options.leaseMs ?? this.#options.leaseMs,
      backoff: options.backoff ?? DEFAULT_BACKOFF,
    });
    return this;
  }

  /** Adds a schedule (its kind must be registered too); written to job_schedules when the runner starts. */
  schedule(def: ScheduleDefinition): this {
    validateSchedule(def);
    if (this.#schedules.has(def.name)) throw new Error(`schedule ${def.name} is defined twice`);
    this.#schedules.set(def.name, def);
    return this;
  }

  /** When this runner's loop last looked for due schedules and jobs without failing (undefined: not yet). */
  get lastTickAt(): Date | undefined {
    return this.#lastTickAt;
  }

  /** Whether the loop runs (start() was called and stop() was not). */
  get started(): boolean {
    return this.#starting !== undefined && !this.#stopping;
  }

  /** Jobs running in this runner now. */
  get active(): number {
    return this.#running.size;
  }

  /** Writes the schedules, subscribes to new-job notifications and starts the loop (once). */
  start(): Promise<void> {
    this.#starting ??= this.#begin();
    return this.#starting;
  }

  async #begin(): Promise<void> {
    await this.#prepare();
    if (this.#options.listen) this.#unlisten = await this.#options.listen(JOBS_CHANNEL, () => this.#poke());
    this.#loop = this.#run();
  }

  /**
   * Stops claiming, signals the running handlers (their `signal` aborts), waits for them up to stopTimeoutMs, then
   * hands back the jobs still running (QUEUED, due now, the interrupted attempt not counted) for any runner to take.
   */
  async stop(): Promise<void> {
    if (this.#stopping) return;
    this.#stopping = true;
    await this.#starting?.catch(() => {});
    this.#poke();
    await this.#loop;
    await this.#unlisten?.().catch(() => {});
    const runs = [...this.#running.values()];
    for (const run of runs) run.controller.abort(new Error('the job runner is stopping'));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>(
      (resolve) => (timer = setTimeout(resolve, this.#options.stopTimeoutMs)),
    );
    await Promise.race([Promise.allSettled(runs.map((r) => r.done)), timeout]);
    clearTimeout(timer);
    for (const run of this.#running.values()) {
      this.#log.warn({ jobId: run.job.id, kind: run.job.kind }, 'job still running at stop; handing it back');
      await this.#handBack(run.job).catch((err: unknown) =>
        this.#log.error({ err, jobId: run.job.id }, 'could not hand back a job'),
      );
    }
    this.#running.clear();
  }

  /**
   * Fires due schedules and runs due jobs until none is left, then returns (tests, and tools that run jobs without
   * a loop). Jobs that retry later are not waited for.
   */
  async drain(): Promise<number> {
    await this.#prepare();
    let ran = 0;
    for (;;) {
      const started = await this.#pollOnce();
      if (started === 0 && this.#running.size === 0) return ran;
      ran += started;
      // Jobs that finished already have left #running (Promise.race of nothing would never settle).
      if (this.#running.size > 0) await Promise.race([...this.#running.values()].map((r) => r.done));
    }
  }

  async #prepare(): Promise<void> {
    if (this.#prepared) return;
    this.#prepared = true;
    const prune = this.#options.prune;
    if (prune && !this.#kinds.has(PRUNE_KIND)) {
      this.register(PRUNE_KIND, async (job) => {
        const now = job.now().getTime();
        const count = await pruneJobs(this.#db, {
          doneBefore: new Date(now - prune.doneMs),
          deadBefore: new Date(now - prune.deadMs),
        });
        if (count) job.log.debug({ count }, 'pruned finished jobs');
      });
      this.schedule({ name: PRUNE_KIND, kind: PRUNE_KIND, every: 3_600_000 });
    }
    for (const def of this.#schedules.values())
      if (!this.#kinds.has(def.kind))
        throw new Error(`schedule ${def.name}: job kind ${def.kind} is not registered`);
    await registerSchedules(this.#db, [...this.#schedules.values()], this.#options.clock());
  }

  #poke(): void {
    this.#woken = true;
    this.#wake?.();
  }

  async #run(): Promise<void> {
    while (!this.#stopping) {
      this.#woken = false;
      try {
        await this.#pollOnce();
        this.#lastTickAt = new Date();
      } catch (err) {
        this.#log.error({ err }, 'job runner poll failed');
      }
      if (this.#stopping) break;
      if (this.#woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.#options.pollMs);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = undefined;
    }
  }

  /** Fires due schedules, then claims due jobs while there is capacity; returns how many it started. */
  async #pollOnce(): Promise<number> {
    const now = this.#options.clock();
    if (this.#schedules.size) await fireDueSchedules(this.#db, this.#schedules, now);
    let started = 0;
    while (!this.#stopping && this.#running.size < this.#options.concurrency) {
      const eligible = [...this.#kinds]
        .filter(([kind, k]) => this.#runningOf(kind) < k.concurrency)
        .map(([kind]) => kind);
      if (eligible.length === 0) break;
      const job = await this.#claim(eligible, now);
      if (!job) break;
      this.#start(job);
      started++;
    }
    return started;
  }

  #runningOf(kind: string): number {
    let n = 0;
    for (const run of this.#running.values()) if (run.job.kind === kind) n++;
    return n;
  }

  #claim(kinds: string[], now: Date): Promise<Claimed | undefined> {
    const leaseMs = Math.max(...kinds.map((k) => this.#kinds.get(k)!.leaseMs));
    const leaseUntil = new Date(now.getTime() + leaseMs);
    // A job of ours whose heartbeat came late is not reclaimed by us while it still runs here.
    const running = [...this.#running.keys()];
    return claimJob(this.#db, { kinds, now, leaseUntil, runner: this.id, running });
  }

  #start(job: Claimed): void {
    const kind = this.#kinds.get(job.kind)!;
    const controller = new AbortController();
    const log = this.#log.child({ jobId: job.id, kind: job.kind, key: job.key, attempt: job.attempts });
    if (job.previous === 'RUNNING')
      log.warn('resuming a job whose runner stopped without finishing it (lease expired)');
    const run: Run = { job, controller, done: Promise.resolve() };
    run.done = this.#execute(job, kind, controller, log)
      .catch((err: unknown) => log.error({ err }, 'could not record the outcome of a job'))
      .finally(() => {
        if (this.#running.get(job.id) === run) this.#running.delete(job.id);
        this.#poke();
      });
    this.#running.set(job.id, run);
  }

  async #execute(
    job: Claimed,
    kind: Kind,
    controller: AbortController,
    log: FastifyBaseLogger,
  ): Promise<void> {
    let lost = false;
    const renew = async (progress?: unknown) => {
      const until = new Date(this.#options.clock().getTime() + kind.leaseMs);
      const held = await renewLease(this.#db, {
        id: job.id,
        runner: this.id,
        attempt: job.attempts,
        until,
        now: this.#options.clock(),
        progress,
      });
      if (!held && !lost) {
        lost = true;
        // After stop() handed the job back this is expected; otherwise another runner took it over.
        if (!this.#stopping) log.warn('lost the lease of a running job (another runner took it over)');
        controller.abort(new Error('the job lease was lost'));
      }
    };
    let beating = false;
    const heartbeat = setInterval(
      () => {
        if (beating || lost) return;
        beating = true;
        renew()
          .catch((err: unknown) => log.warn({ err }, 'could not renew a job lease'))
          .finally(() => (beating = false));
      },
      Math.max(10, Math.floor(kind.leaseMs / 3)),
    );
    heartbeat.unref();
    let outcome: Outcome;
    try {
      await kind.handler({
        id: job.id,
        kind: job.kind,
        key: job.key,
        payload: job.payload as never,
        attempt: job.attempts,
        progress: job.progress ?? null,
        signal: controller.signal,
        saveProgress: (progress) => renew(progress ?? null),
        now: this.#options.clock,
        log,
      });
      outcome = { kind: 'done' };
    } catch (error) {
      outcome = controller.signal.aborted ? { kind: 'handed-back' } : { kind: 'failed', error };
    } finally {
      clearInterval(heartbeat);
    }
    if (lost) return;
    if (outcome.kind === 'done') await this.#complete(job);
    else if (outcome.kind === 'handed-back') await this.#handBack(job);
    else await this.#fail(job, kind, outcome.error, log);
  }

  async #complete(job: Claimed): Promise<void> {
    await completeJob(this.#db, {
      id: job.id,
      runner: this.id,
      attempt: job.attempts,
      now: this.#options.clock(),
    });
  }

  async #fail(job: Claimed, kind: Kind, error: unknown, log: FastifyBaseLogger): Promise<void> {
    const now = this.#options.clock();
    const retryAt = new Date(now.getTime() + backoffDelay(job.attempts, kind.backoff, this.#options.random));
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000) || 'failed';
    const row = await failJob(this.#db, {
      id: job.id,
      runner: this.id,
      attempt: job.attempts,
      now,
      retryAt,
      error: message,
    });
    if (row?.status === 'DEAD') log.error({ err: error }, 'job failed for the last time; it is DEAD');
    else log.warn({ err: error, retryAt: row?.run_at }, 'job failed; it will be retried');
  }

  async #handBack(job: Claimed): Promise<void> {
    await handBackJob(this.#db, {
      id: job.id,
      runner: this.id,
      attempt: job.attempts,
      now: this.#options.clock(),
    });
  }
}
