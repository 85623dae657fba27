import type { Transaction } from 'kysely';
import type { Db, Executor } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { isForeignKeyViolation, isUniqueViolation, uniqueConstraintOf } from '../lib/db-errors.ts';
import { notFound, type AppError } from '../lib/errors.ts';
import type { Caller } from './caller.ts';
import type { Scope } from './scope.ts';

/** The 409s a write answers when a constraint refuses it after the service's own checks (a race lost). */
export interface ConstraintConflicts {
  /** A unique index refused the write; `constraint` names it. Undefined: not ours, the error stands. */
  unique?: (constraint: string | undefined) => AppError | undefined;
  /** A foreign key refused it (a delete of something a concurrent write has just referenced). */
  foreignKey?: () => AppError;
}

/**
 * One write of a service: `work` in a transaction, and a constraint violation turned into the conflict it means.
 *
 *   await writeTransaction(db, async (trx) => { … }, { unique: () => conflictOn('msisdn.taken', 'msisdn') });
 */
export async function writeTransaction<T>(
  db: Db,
  work: (trx: Transaction<Database>) => Promise<T>,
  conflicts: ConstraintConflicts = {},
): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    const conflict = isUniqueViolation(error)
      ? conflicts.unique?.(uniqueConstraintOf(error))
      : isForeignKeyViolation(error)
        ? conflicts.foreignKey?.()
        : undefined;
    throw conflict ?? error;
  }
}

/** A repository that can lock one of its rows in a scope (select … for update through scoped()). */
interface Lockable<L> {
  lock(scope: Scope, id: number): Promise<L | undefined>;
}

/**
 * The lock-in-scope step every update and delete starts with: the row `id` in the caller's scope, locked for the
 * transaction, with the repository on that transaction; 404 naming `what` when the scope does not reach it (another
 * tenant's object answers as if it did not exist).
 *
 *   const lockInScope = lockInScopeOf(msisdnsRepository, 'The MSISDN');
 *   const { tx, locked } = await lockInScope(trx, caller, id);
 */
export function lockInScopeOf<R extends Lockable<L>, L = NonNullable<Awaited<ReturnType<R['lock']>>>>(
  repository: (db: Executor) => R,
  what: string,
) {
  return async (trx: Executor, caller: Caller, id: number): Promise<{ tx: R; locked: L }> => {
    const tx = repository(trx);
    const locked = (await tx.lock(caller.scope, id)) as L | undefined;
    if (!locked) throw notFound(what);
    return { tx, locked };
  };
}
