import { effectiveRole, type Role } from '@lbs/contracts';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';

/** The verified caller: every scoped query takes this (or its scope) as its first argument. */
export interface AuthUser {
  id: number;
  subject: string;
  username: string;
  email: string;
  fullName: string;
  companyId: number | null;
  departmentId: number | null;
  zoneId: number | null;
  roles: Role[];
  /** Effective role = the highest held. */
  role: Role;
  active: boolean;
}

export async function loadAuthUser(db: Db, where: { subject: string } | { username: string } | { email: string }): Promise<(AuthUser & { sessionsRevokedAt: Date | null }) | undefined> {
  let query = db.selectFrom('users').selectAll();
  if ('subject' in where) {
    if (!/^[0-9a-f-]{36}$/i.test(where.subject)) return undefined;
    query = query.where('subject', '=', where.subject);
  } else if ('username' in where) {
    query = query.where((eb) => eb(eb.fn('lower', ['username']), '=', where.username.toLowerCase()));
  } else {
    query = query.where((eb) => eb(eb.fn('lower', ['email']), '=', where.email.toLowerCase()));
  }
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  const roles = await rolesOf(db, row.id);
  const role = effectiveRole(roles);
  if (!role) return undefined;
  return { ...toAuthUser(row, roles as Role[], role), sessionsRevokedAt: row.sessions_revoked_at };
}

export async function rolesOf(db: Db, userId: number): Promise<Role[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute();
  return rows.map((r) => r.role as Role);
}

function toAuthUser(row: UserRow, roles: Role[], role: Role): AuthUser {
  return {
    id: row.id,
    subject: row.subject,
    username: row.username,
    email: row.email,
    fullName: row.full_name,
    companyId: row.company_id,
    departmentId: row.department_id,
    zoneId: row.zone_id,
    roles,
    role,
    active: row.active,
  };
}
