import type { Caller } from '../../../access/caller.ts';
import { loadAuthUser } from '../../../access/auth-user.ts';
import { scopeOf } from '../../../access/scope.ts';
import type { Db } from '../../../db/database.ts';

/**
 * A schedule's owner as a caller, as they stand now (role, company, department, zone, active): a run acts with the
 * owner's rights of the moment, never those of the day the schedule was made. Undefined when the user is gone or
 * holds no role.
 */
export async function loadOwner(db: Db, userId: number): Promise<Caller | undefined> {
  const row = await db.selectFrom('users').select('subject').where('id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  const user = await loadAuthUser(db, { subject: row.subject });
  if (!user) return undefined;
  const { sessionsRevokedAt: _revoked, ...authUser } = user;
  return { user: authUser, scope: scopeOf(authUser), requestId: undefined };
}
