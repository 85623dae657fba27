import { MESSAGES, type ChangePasswordBody, type DueInvoice, type Me } from '@lbs/contracts';
import type { Db } from '../../db/database.ts';
import { hashPassword, verifyPassword } from '../../identity/passwords.ts';
import { actorOf, audit } from '../../events/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { DEFAULT_AVATAR_PATH } from '../assets/index.ts';
import type { AuthUser } from '../../access/auth-user.ts';
import type { RowCache } from '../../lib/row-cache.ts';
import { userManagementRepository, type CurrentUserRow } from './repository.ts';

export interface UserManagementServiceOptions {
  db: Db;
  now?: () => Date;
  /**
   * The company's invoices that lock the portal (the due rule is billing's: modules/billing `dueInvoicesOf`, given
   * by the composition root); none when absent.
   */
  dueInvoices?: (companyId: number) => Promise<DueInvoice[]>;
  /** The current-user records, kept current by row-change notifications (the composition root follows them). */
  profiles?: RowCache<CurrentUserRow>;
}

/** The rows a current-user record is read from; a change to any of them drops it. */
function profileTags(caller: AuthUser, row: CurrentUserRow): string[] {
  const tags = [`user:${row.id}`];
  if (caller.role === 'SuperAdmin') tags.push('company:any');
  else if (row.companyId !== null) tags.push(`company:${row.companyId}`);
  if (row.departmentId !== null) tags.push(`department:${row.departmentId}`);
  if (row.zoneId !== null) tags.push(`zone:${row.zoneId}`);
  if (row.designationId !== null) tags.push(`designation:${row.designationId}`);
  return tags;
}

/** The caller's own account: the current-user record (SPEC §3), the acknowledgement notice and the password. */
export function userManagementService({
  db,
  now = () => new Date(),
  dueInvoices = async () => [],
  profiles,
}: UserManagementServiceOptions) {
  const repo = userManagementRepository(db);

  function currentUser(caller: AuthUser): Promise<CurrentUserRow | undefined> {
    if (!profiles) return repo.currentUser(caller);
    // A SuperAdmin's record lists every company: keyed by the role's reach too.
    const key = `${caller.id}:${caller.role === 'SuperAdmin' ? 'all' : 'own'}`;
    return profiles.get(key, async () => {
      const row = await repo.currentUser(caller);
      return row && { value: Object.freeze(row), tags: profileTags(caller, row) };
    });
  }

  async function me(caller: AuthUser): Promise<Me> {
    const row = await currentUser(caller);
    if (!row) throw notFound('Your account');
    const { photoUrl, ...fields } = row;
    const due = row.companyId === null ? [] : await dueInvoices(row.companyId);
    return {
      ...fields,
      photoURL: photoUrl ?? DEFAULT_AVATAR_PATH,
      hasDueInvoice: due.length > 0,
      dueInvoiceList: due,
      roleList: caller.roles.map((roleName) => ({ roleName })),
    };
  }

  /** Records the acceptance of the acknowledgement notice; the first acceptance's time is kept. */
  async function acknowledgePia(caller: AuthUser, requestId?: string): Promise<Me> {
    await db.transaction().execute(async (trx) => {
      if (!(await userManagementRepository(trx).markPiaSigned(caller, now()))) return;
      await audit(trx, actorOf({ user: caller, requestId }), {
        action: 'user.pia.sign',
        entity: 'user',
        entityId: caller.id,
        companyId: caller.companyId,
      });
    });
    return me(caller);
  }

  /** Changes the caller's password after checking the old one; the current session stays valid. */
  async function changePassword(
    caller: AuthUser,
    body: ChangePasswordBody,
    requestId?: string,
  ): Promise<void> {
    const stored = await repo.passwordHash(caller);
    if (!(await verifyPassword(stored, body.oldPassword))) {
      const message = MESSAGES['auth.oldPasswordIncorrect'];
      throw new AppError(400, 'auth.oldPasswordIncorrect', message, [
        { path: 'oldPassword', code: 'auth.oldPasswordIncorrect', message },
      ]);
    }
    const hash = await hashPassword(body.newPassword);
    await db.transaction().execute(async (trx) => {
      await userManagementRepository(trx).setPasswordHash(caller, hash, now());
      await audit(trx, actorOf({ user: caller, requestId }), {
        action: 'user.password.change',
        entity: 'user',
        entityId: caller.id,
        companyId: caller.companyId,
      });
    });
  }

  /**
   * Records the caller's portal language (the web app sends it when the user picks one): e-mail and SMS notifications
   * are written in it. Setting the same language again writes nothing.
   */
  async function setLocale(caller: AuthUser, locale: string, requestId?: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      if (!(await userManagementRepository(trx).setLocale(caller, locale, now()))) return;
      await audit(trx, actorOf({ user: caller, requestId }), {
        action: 'user.locale.change',
        entity: 'user',
        entityId: caller.id,
        companyId: caller.companyId,
        detail: { locale },
      });
    });
  }

  return { me, acknowledgePia, changePassword, setLocale };
}

export type UserManagementService = ReturnType<typeof userManagementService>;
