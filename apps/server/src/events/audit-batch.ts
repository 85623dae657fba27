import type { Insertable } from 'kysely';
import type { Executor } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { auditRow, type AuditActor, type AuditEvent } from './audit.ts';

type AuditRow = Insertable<Database['audit_log']>;

interface Waiting {
  row: AuditRow;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Group commit of audit events that are not part of a write (views of locations): `record()` resolves once the event
 * is stored, and the caller answers only then, so an answered view is always audited, whatever happens to the
 * process afterwards. Events recorded while an insert runs wait for it and go together in the next one (one insert
 * for many requests, at most `maxRows` rows); an idle batcher inserts at once, so nothing waits for a timer.
 * `close()` stores what is queued and waits for it.
 */
export class AuditBatcher {
  readonly #db: Executor;
  readonly #maxRows: number;
  #queue: Waiting[] = [];
  #flushing: Promise<void> | undefined;

  constructor(db: Executor, { maxRows = 500 }: { maxRows?: number } = {}) {
    this.#db = db;
    this.#maxRows = maxRows;
  }

  /** Stores the event in the next group insert; rejects when that insert fails (the view must then not be served). */
  record(actor: AuditActor, event: AuditEvent): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ row: auditRow(actor, event), resolve, reject });
      this.#flushing ??= this.#drain();
    });
  }

  /** Stores everything queued (shutdown). */
  async close(): Promise<void> {
    while (this.#flushing) await this.#flushing;
  }

  async #drain(): Promise<void> {
    // Let the requests of this turn of the event loop join the first insert.
    await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, this.#maxRows);
        try {
          await this.#db
            .insertInto('audit_log')
            .values(batch.map((w) => w.row))
            .execute();
          for (const w of batch) w.resolve();
        } catch (error) {
          for (const w of batch) w.reject(error);
        }
      }
    } finally {
      this.#flushing = undefined;
    }
  }
}
