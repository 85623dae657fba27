import { sql } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { AuditActor, RecordAudit } from '../db/audit-log.ts';
import { loadAccount } from './accounts.ts';
import { verifyPassword } from './passwords.ts';

export type LoginFailure =
  'missing_credentials' | 'unknown_user' | 'locked' | 'bad_password' | 'inactive' | 'no_role';

export type LoginOutcome = { ok: true; subject: string } | { ok: false; reason: LoginFailure };

export interface LoginAttempt {
  username: string;
  password: string;
  requestId: string;
  ip: string;
}

type LoginPolicy = Pick<Config, 'loginMaxFailures' | 'loginLockoutMinutes'>;

/**
 * Checks a username (or e-mail, case-insensitive) and password. Every outcome is audited; the caller shows one
 * message for all failures. The password hash is computed even for unknown or locked accounts, so timing does not
 * tell them apart. After `loginMaxFailures` wrong passwords in a row the account is locked for
 * `loginLockoutMinutes` (the counter restarts then); a successful login resets the counter.
 */
export async function checkLogin(
  db: Db,
  policy: LoginPolicy,
  attempt: LoginAttempt,
  audit: RecordAudit,
): Promise<LoginOutcome> {
  const name = attempt.username.trim().slice(0, 254);
  const anonymous: AuditActor = { userId: null, name: 'anonymous', requestId: attempt.requestId };
  const context = { username: name, ip: attempt.ip };
  if (!name || !attempt.password) {
    await audit(db, anonymous, {
      action: 'auth.login.failure',
      entity: 'user',
      detail: { ...context, reason: 'missing_credentials' },
    });
    return { ok: false, reason: 'missing_credentials' };
  }

  const user = await db
    .selectFrom('users')
    .select(['id', 'subject', 'username', 'company_id', 'active', 'password_hash', 'locked_until'])
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['username']), '=', name.toLowerCase()),
        eb(eb.fn('lower', ['email']), '=', name.toLowerCase()),
      ]),
    )
    // A username match wins over someone else's e-mail address that happens to equal it.
    .orderBy(sql`lower(username) = ${name.toLowerCase()}`, 'desc')
    .executeTakeFirst();
  const now = new Date();
  const locked = !!user?.locked_until && user.locked_until > now;
  const passwordOk = await verifyPassword(locked ? null : user?.password_hash, attempt.password);

  if (!user) {
    await audit(db, anonymous, {
      action: 'auth.login.failure',
      entity: 'user',
      detail: { ...context, reason: 'unknown_user' },
    });
    return { ok: false, reason: 'unknown_user' };
  }
  const actor: AuditActor = { userId: user.id, name: user.username, requestId: attempt.requestId };
  const target = { entity: 'user', entityId: user.id, companyId: user.company_id };

  if (locked) {
    await audit(db, actor, {
      action: 'auth.login.failure',
      ...target,
      detail: { ...context, reason: 'locked', lockedUntil: user.locked_until },
    });
    return { ok: false, reason: 'locked' };
  }
  if (!passwordOk) {
    await recordWrongPassword(db, policy, { userId: user.id, actor, target, context, now }, audit);
    return { ok: false, reason: 'bad_password' };
  }
  const account = user.active ? await loadAccount(db, user.subject) : undefined;
  const refused: LoginFailure | undefined = !user.active
    ? 'inactive'
    : !account?.realmRoles.length
      ? 'no_role'
      : undefined;
  if (refused) {
    await audit(db, actor, {
      action: 'auth.login.failure',
      ...target,
      detail: { ...context, reason: refused },
    });
    return { ok: false, reason: refused };
  }

  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ failed_logins: 0, locked_until: null })
      .where('id', '=', user.id)
      .execute();
    await audit(trx, actor, { action: 'auth.login.success', ...target, detail: context });
  });
  return { ok: true, subject: user.subject };
}

interface WrongPassword {
  userId: number;
  actor: AuditActor;
  target: { entity: string; entityId: number; companyId: number | null };
  context: Record<string, string>;
  now: Date;
}

/** Counts a wrong password in one statement (concurrent attempts cannot slip past the limit) and locks at the limit. */
async function recordWrongPassword(
  db: Db,
  policy: LoginPolicy,
  { userId, actor, target, context, now }: WrongPassword,
  audit: RecordAudit,
): Promise<void> {
  const lockUntil = new Date(now.getTime() + policy.loginLockoutMinutes * 60_000);
  const reachesLimit = sql<boolean>`failed_logins + 1 >= ${policy.loginMaxFailures}`;
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('users')
      .set({
        failed_logins: sql<number>`case when ${reachesLimit} then 0 else failed_logins + 1 end`,
        locked_until: sql<Date | null>`case when ${reachesLimit} then ${lockUntil} else locked_until end`,
      })
      .where('id', '=', userId)
      .returning(['failed_logins', 'locked_until'])
      .executeTakeFirstOrThrow();
    const lockedNow = !!row.locked_until && row.locked_until.getTime() === lockUntil.getTime();
    await audit(trx, actor, {
      action: 'auth.login.failure',
      ...target,
      detail: {
        ...context,
        reason: 'bad_password',
        failures: lockedNow ? policy.loginMaxFailures : row.failed_logins,
      },
    });
    if (lockedNow) {
      await audit(trx, actor, {
        action: 'auth.login.locked',
        ...target,
        detail: {
          ...context,
          failures: policy.loginMaxFailures,
          lockedUntil: lockUntil.toISOString(),
          minutes: policy.loginLockoutMinutes,
        },
      });
    }
  });
}
