import { sql } from 'kysely';
import { effectiveRole, parseRole, roleRank, type Role } from '@lbs/contracts';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import type { RowCache } from '../lib/row-cache.ts';

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

/** How a verified token names its user: `sub` (embedded provider), or a username or e-mail (external provider). */
export type AuthUserKey = { subject: string } | { username: string } | { email: string };

/** The portal user behind a token, with when their sessions were last ended (tokens issued before are refused). */
export type TokenUser = AuthUser & { sessionsRevokedAt: Date | null };

/** The user a verified token names, with their roles, in one round trip. */
export async function loadAuthUser(db: Db, where: AuthUserKey): Promise<TokenUser | undefined> {
  let query = db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) =>
      eb.fn
        .coalesce(
          eb
            .selectFrom('user_roles')
            .select(sql<string[]>`json_agg(role)`.as('roles'))
            .whereRef('user_roles.user_id', '=', 'users.id'),
          sql<string[]>`'[]'::json`,
        )
        .as('roles'),
    );
  if ('subject' in where) {
    if (!/^[0-9a-f-]{36}$/i.test(where.subject)) return undefined;
    query = query.where('subject', '=', where.subject);
  } else if ('username' in where) {
    query = query.where((eb) => eb(eb.fn('lower', ['username']), '=', where.username.toLowerCase()));
  } else {
    query = query.where((eb) => eb(eb.fn('lower', ['email']), '=', where.email.toLowerCase()));
  }
  const found = await query.executeTakeFirst();
  if (!found) return undefined;
  const { roles: names, ...row } = found;
  const roles = names
    .map(parseRole)
    .filter((r): r is Role => r !== undefined)
    .sort((a, b) => roleRank(a) - roleRank(b));
  const role = effectiveRole(roles);
  if (!role) return undefined;
  return { ...toAuthUser(row, roles, role), sessionsRevokedAt: row.sessions_revoked_at };
}

/**
 * loadAuthUser through a cache that row changes keep current (events/row-changes.ts): an entry goes when the user's
 * row or roles change — deactivation, role or scope change, sessions ended. It runs on every API request.
 */
export function cachedAuthUsers(
  db: Db,
  cache: RowCache<TokenUser>,
): (where: AuthUserKey) => Promise<TokenUser | undefined> {
  return (where) => {
    const key =
      'subject' in where
        ? `s:${where.subject}`
        : 'username' in where
          ? `n:${where.username.toLowerCase()}`
          : `e:${where.email.toLowerCase()}`;
    return cache.get(key, async () => {
      const user = await loadAuthUser(db, where);
      if (!user) return undefined;
      Object.freeze(user.roles);
      return { value: Object.freeze(user), tags: [`user:${user.id}`] };
    });
  };
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
