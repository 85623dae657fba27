import {
  MESSAGES,
  ROLES,
  type InvitationSent,
  type Role,
  type User,
  type UserCreateBody,
  type UserListQuery,
  type UserPage,
  type UserUpdateBody,
} from '@lbs/contracts';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/database.ts';
import { actorOf, audit } from '../../events/audit.ts';
import { queueMail } from '../../messaging/queue.ts';
import { notFound } from '../../lib/errors.ts';
import { iso, isoOrNull } from '../../lib/listing.ts';
import { authorize, fieldNames, type Caller } from '../../access/caller.ts';
import { userPolicy } from '../../access/policies/user.ts';
import { conflictOn, invalidField } from '../../access/problems.ts';
import { resolveCompany, resolveUnit } from '../../access/references.ts';
import { lockInScopeOf, writeTransaction } from '../../access/writes.ts';
import { invitationMail, issueInvitation } from './invitations.ts';
import { invitationStatusOf, usersRepository, type UserRecord, type UserValues } from './repository.ts';

export interface UsersServiceOptions {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'invitationTtlHours' | 'externalIssuer'>;
  now?: () => Date;
}

/** The answer for one user, with what the caller may do to it. */
function toUser(caller: Caller, row: UserRecord, now: Date): User {
  const invitationStatus = invitationStatusOf(row, now);
  return {
    id: row.id,
    fullName: row.full_name,
    username: row.username,
    email: row.email,
    phoneNo: row.phone_no,
    birthDate: row.birth_date,
    country: row.country,
    address: row.address,
    notes: row.notes,
    companyId: row.company_id,
    companyName: row.company_name,
    departmentId: row.department_id,
    departmentName: row.department_name,
    zoneId: row.zone_id,
    zoneName: row.zone_name,
    designationId: row.designation_id,
    designationName: row.designation_name,
    roles: row.roles,
    active: row.active,
    invitationStatus,
    invitationExpiresAt: invitationStatus === 'PENDING' ? isoOrNull(row.invitation_expires_at) : null,
    ...userPolicy(caller, { id: row.id, invitationStatus }),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

interface Placement {
  company_id: number | null;
  department_id: number | null;
  zone_id: number | null;
  designation_id: number | null;
}

/**
 * Role constraints on the user's placement: company roles need a company; a DepartmentAdmin a department; a
 * ZoneAdmin a zone of a zone-enabled company; department, zone and designation belong to the user's company.
 */
async function checkPlacement(db: Executor, caller: Caller, roles: Role[], p: Placement): Promise<void> {
  const companyRole = roles.some((r) => r !== 'SuperAdmin');
  if (p.company_id === null) {
    if (companyRole)
      throw invalidField(
        'companyId',
        roles.includes('CompanyAdmin') ? 'user.companyAdminNeedsCompany' : 'validation.companyRequired',
      );
    for (const [path, value] of [
      ['departmentId', p.department_id],
      ['zoneId', p.zone_id],
      ['designationId', p.designation_id],
    ] as const) {
      if (value !== null) throw invalidField(path, 'validation.companyRequired');
    }
    return;
  }
  const company = await resolveCompany(db, caller.scope, p.company_id);
  if (p.department_id !== null)
    await resolveUnit(db, caller.scope, 'departments', p.department_id, company.id, 'departmentId');
  if (p.zone_id !== null) {
    if (!company.zoneEnabled) throw invalidField('zoneId', 'org.zonesDisabled');
    await resolveUnit(db, caller.scope, 'zones', p.zone_id, company.id, 'zoneId');
  }
  if (p.designation_id !== null)
    await resolveUnit(db, caller.scope, 'designations', p.designation_id, company.id, 'designationId');
  if (roles.includes('DepartmentAdmin') && p.department_id === null)
    throw invalidField('departmentId', 'user.departmentAdminNeedsDepartment');
  if (roles.includes('ZoneAdmin') && (p.zone_id === null || !company.zoneEnabled))
    throw invalidField('zoneId', 'user.zoneAdminNeedsZone');
}

/** Portal users (administrators): SuperAdmin writes; CompanyAdmin reads its company's; invitations by e-mail. */
export function usersService({ db, config, now = () => new Date() }: UsersServiceOptions) {
  const repo = usersRepository(db);

  const lockInScope = lockInScopeOf(usersRepository, 'The user');

  async function emailCheck(tx: Executor, email: string, exceptId?: number): Promise<void> {
    const holder = await usersRepository(tx).holderOf('email', email, exceptId);
    if (!holder) return;
    throw conflictOn(
      !holder.has_password && holder.invited !== null
        ? 'aws.alreadyStarterRegistration'
        : 'aws.emailAlreadyRegistered',
      'email',
    );
  }

  async function usernameCheck(tx: Executor, username: string, exceptId?: number): Promise<void> {
    if (await usersRepository(tx).holderOf('username', username, exceptId))
      throw conflictOn('user.usernameTaken', 'username');
  }

  /** Unique-index races after the checks: name the field that lost. */
  function uniqueConflict(constraint: string | undefined) {
    if (constraint === 'users_username_key') return conflictOn('user.usernameTaken', 'username');
    if (constraint === 'users_email_key') return conflictOn('aws.emailAlreadyRegistered', 'email');
    return undefined;
  }

  /** Queues the invitation e-mail in the transaction that issues its code: it leaves (through the relay) with it. */
  async function queueInvitation(
    trx: Executor,
    user: { fullName: string; username: string; email: string; companyId: number | null },
    code: string,
  ): Promise<void> {
    await queueMail(trx, {
      ...invitationMail(config.publicUrl, user, code, config.invitationTtlHours),
      companyId: user.companyId,
    });
  }

  async function list(caller: Caller, query: UserListQuery): Promise<UserPage> {
    authorize(caller, 'user', 'list');
    const { rows, total } = await repo.list(caller.scope, query);
    const at = now();
    return { items: rows.map((r) => toUser(caller, r, at)), total, page: query.page, size: query.size };
  }

  async function get(caller: Caller, id: number): Promise<User> {
    authorize(caller, 'user', 'read');
    const row = await repo.find(caller.scope, id);
    if (!row) throw notFound('The user');
    return toUser(caller, row, now());
  }

  async function create(caller: Caller, body: UserCreateBody): Promise<User> {
    authorize(caller, 'user', 'create');
    const values: UserValues = {
      full_name: body.fullName,
      username: body.username,
      email: body.email,
      phone_no: body.phoneNo ?? null,
      birth_date: body.birthDate ?? null,
      country: body.country ?? null,
      address: body.address ?? null,
      notes: body.notes ?? null,
      company_id: body.companyId ?? null,
      department_id: body.departmentId ?? null,
      zone_id: body.zoneId ?? null,
      designation_id: body.designationId ?? null,
      active: body.active,
    };
    const invite = !config.externalIssuer;
    const created = await writeTransaction(
      db,
      async (trx) => {
        await checkPlacement(trx, caller, body.roles, values);
        await usernameCheck(trx, values.username);
        await emailCheck(trx, values.email);
        const tx = usersRepository(trx);
        const { id } = await tx.insert(values, body.roles);
        if (invite) {
          const invitation = await issueInvitation(trx, id, config.invitationTtlHours, now());
          await queueInvitation(
            trx,
            {
              fullName: values.full_name,
              username: values.username,
              email: values.email,
              companyId: values.company_id ?? null,
            },
            invitation.code,
          );
        }
        await audit(trx, actorOf(caller), {
          action: 'user.create',
          entity: 'user',
          entityId: id,
          companyId: values.company_id,
          detail: { username: values.username, roles: body.roles, invited: invite },
        });
        return { id };
      },
      { unique: uniqueConflict },
    );
    return get(caller, created.id);
  }

  async function update(caller: Caller, id: number, body: UserUpdateBody): Promise<User> {
    authorize(caller, 'user', 'update');
    await writeTransaction(
      db,
      async (trx) => {
        const { tx, locked } = await lockInScope(trx, caller, id);
        const current = (await tx.find(caller.scope, id))!;
        const roles = body.roles ? ROLES.filter((r) => body.roles!.includes(r)) : current.roles;
        const self = caller.user.id === id;
        if (self && (body.active === false || !roles.includes(caller.user.role)))
          throw conflictOn('user.cannotChangeSelf');
        const patch: Partial<UserValues> = {};
        const set = <K extends keyof UserValues>(key: K, value: UserValues[K] | undefined) => {
          if (value !== undefined && value !== current[key]) patch[key] = value;
        };
        set('full_name', body.fullName);
        set('username', body.username);
        set('email', body.email);
        set('phone_no', body.phoneNo);
        set('birth_date', body.birthDate);
        set('country', body.country);
        set('address', body.address);
        set('notes', body.notes);
        set('company_id', body.companyId);
        set('department_id', body.departmentId);
        set('zone_id', body.zoneId);
        set('designation_id', body.designationId);
        set('active', body.active);
        const placement: Placement = {
          company_id: patch.company_id !== undefined ? patch.company_id : current.company_id,
          department_id: patch.department_id !== undefined ? patch.department_id : current.department_id,
          zone_id: patch.zone_id !== undefined ? patch.zone_id : current.zone_id,
          designation_id: patch.designation_id !== undefined ? patch.designation_id : current.designation_id,
        };
        await checkPlacement(trx, caller, roles, placement);
        if (patch.username !== undefined) await usernameCheck(trx, patch.username, id);
        if (patch.email !== undefined) await emailCheck(trx, patch.email, id);
        const at = now();
        if (Object.keys(patch).length > 0) await tx.update(locked, patch, at);
        const rolesChanged = body.roles !== undefined && roles.join() !== current.roles.join();
        if (rolesChanged) await tx.replaceRoles(locked, roles);
        const deactivated = current.active && patch.active === false;
        if (deactivated) await tx.endSessions(locked, at);
        await audit(trx, actorOf(caller), {
          action: deactivated ? 'user.deactivate' : 'user.update',
          entity: 'user',
          entityId: id,
          companyId: placement.company_id,
          detail: {
            changed: [...fieldNames(Object.keys(patch)), ...(rolesChanged ? ['roles'] : [])],
            ...(rolesChanged ? { roles } : {}),
            ...(deactivated ? { sessionsEnded: true } : {}),
          },
        });
      },
      { unique: uniqueConflict },
    );
    return get(caller, id);
  }

  async function remove(caller: Caller, id: number): Promise<void> {
    authorize(caller, 'user', 'delete');
    await writeTransaction(
      db,
      async (trx) => {
        const { tx, locked } = await lockInScope(trx, caller, id);
        if (caller.user.id === id) throw conflictOn('user.cannotChangeSelf');
        if (await tx.hasAuditHistory(id)) throw conflictOn('user.inUse');
        await tx.endSessions(locked, now());
        await tx.remove(locked);
        await audit(trx, actorOf(caller), {
          action: 'user.delete',
          entity: 'user',
          entityId: id,
          companyId: locked.company_id,
          detail: { username: locked.username },
        });
      },
      { foreignKey: () => conflictOn('user.inUse') },
    );
  }

  /** A new code (the old one stops working) for a user who has not set a password yet. */
  async function resendInvitation(caller: Caller, id: number): Promise<InvitationSent> {
    authorize(caller, 'user', 'resendInvitation');
    const result = await db.transaction().execute(async (trx) => {
      const { tx, locked } = await lockInScope(trx, caller, id);
      if (locked.password_hash !== null) throw conflictOn('aws.emailAlreadyRegistered');
      const invitation = await issueInvitation(trx, id, config.invitationTtlHours, now());
      await audit(trx, actorOf(caller), {
        action: 'user.invitation.resend',
        entity: 'user',
        entityId: id,
        companyId: locked.company_id,
      });
      const user = (await tx.find(caller.scope, id))!;
      await queueInvitation(
        trx,
        { fullName: user.full_name, username: user.username, email: user.email, companyId: user.company_id },
        invitation.code,
      );
      return invitation;
    });
    return {
      code: 'aws.codeSent',
      message: MESSAGES['aws.codeSent'],
      expiresAt: result.expiresAt.toISOString(),
    };
  }

  return { list, get, create, update, remove, resendInvitation };
}

export type UsersService = ReturnType<typeof usersService>;
