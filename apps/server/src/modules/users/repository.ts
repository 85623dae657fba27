import { sql } from 'kysely';
import { INVITATION_MAX_ATTEMPTS, ROLES, type Role, type UserListQuery } from '@lbs/contracts';
import type { UserRow } from '../../db/schema.ts';
import { applyPage, applySearch, applySort, countOf } from '../../lib/listing.ts';
import { ORG_NAME_SORT, orgColumnsOf } from '../organisation/index.ts';
import { scoped, unscoped } from '../../access/scoped.ts';
import { type Scope } from '../../access/scope.ts';
import type { Executor } from '../../db/database.ts';

/** What a write sets: the user's own columns. */
export type UserValues = Pick<
  UserRow,
  | 'full_name'
  | 'username'
  | 'email'
  | 'phone_no'
  | 'birth_date'
  | 'country'
  | 'address'
  | 'notes'
  | 'company_id'
  | 'department_id'
  | 'zone_id'
  | 'designation_id'
  | 'active'
>;

/** A user as read: the writable values, the names of what they point at, roles and invitation state. */
export interface UserRecord extends UserValues {
  id: number;
  subject: string;
  company_name: string | null;
  department_name: string | null;
  zone_name: string | null;
  designation_name: string | null;
  roles: Role[];
  has_password: boolean;
  invitation_expires_at: Date | null;
  invitation_attempts: number | null;
  created_at: Date;
  updated_at: Date;
}

const SORT = {
  fullName: 'users.full_name',
  username: 'users.username',
  email: 'users.email',
  ...ORG_NAME_SORT,
  active: 'users.active',
  createdAt: 'users.created_at',
  updatedAt: 'users.updated_at',
};

/** Models of the embedded provider that belong to one account (sessions, grants, tokens, codes). */
const ACCOUNT_MODELS = [
  'Session',
  'Grant',
  'AccessToken',
  'RefreshToken',
  'AuthorizationCode',
  'BackchannelAuthenticationRequest',
  'DeviceCode',
];

function byRank(roles: string[] | null): Role[] {
  return ROLES.filter((role) => roles?.includes(role));
}

/** Portal users (administrators), always through the caller's scope. */
export function usersRepository(db: Executor) {
  function selectRecords(scope: Scope) {
    return scoped(db, scope)
      .users()
      .leftJoin('companies as c', 'c.id', 'users.company_id')
      .leftJoin('departments as d', 'd.id', 'users.department_id')
      .leftJoin('zones as z', 'z.id', 'users.zone_id')
      .leftJoin('designations as g', 'g.id', 'users.designation_id')
      .leftJoin('user_invitations as i', 'i.user_id', 'users.id')
      .select([
        'users.id',
        'users.subject',
        'users.full_name',
        'users.username',
        'users.email',
        'users.phone_no',
        'users.birth_date',
        'users.country',
        'users.address',
        'users.notes',
        ...orgColumnsOf('users'),
        'users.active',
        sql<boolean>`users.password_hash is not null`.as('has_password'),
        'i.expires_at as invitation_expires_at',
        'i.attempts as invitation_attempts',
        'users.created_at',
        'users.updated_at',
        sql<string[]>`array(select r.role from user_roles r where r.user_id = users.id)`.as('roles'),
      ]);
  }

  const normalise = <T extends { roles: string[] | null }>(row: T) => ({ ...row, roles: byRank(row.roles) });

  return {
    async list(scope: Scope, query: UserListQuery): Promise<{ rows: UserRecord[]; total: number }> {
      let base = scoped(db, scope).users();
      if (query.companyId !== undefined) base = base.where('users.company_id', '=', query.companyId);
      if (query.departmentId !== undefined) base = base.where('users.department_id', '=', query.departmentId);
      if (query.zoneId !== undefined) base = base.where('users.zone_id', '=', query.zoneId);
      if (query.designationId !== undefined)
        base = base.where('users.designation_id', '=', query.designationId);
      if (query.active !== undefined) base = base.where('users.active', '=', query.active);
      if (query.role) {
        const role = query.role;
        base = base.where((eb) =>
          eb.exists(
            eb
              .selectFrom('user_roles')
              .select('user_roles.user_id')
              .whereRef('user_roles.user_id', '=', 'users.id')
              .where('user_roles.role', '=', role),
          ),
        );
      }
      base = applySearch(base, query.q, [
        'users.full_name',
        'users.username',
        'users.email',
        'users.phone_no',
      ]);
      const page = selectRecords(scope).where('users.id', 'in', base.select('users.id'));
      const [total, rows] = await Promise.all([
        countOf(base),
        applyPage(applySort(page, query.sort, SORT, 'users.id', 'fullName'), query).execute(),
      ]);
      return { rows: rows.map(normalise), total };
    },

    async find(scope: Scope, id: number): Promise<UserRecord | undefined> {
      const row = await selectRecords(scope).where('users.id', '=', id).executeTakeFirst();
      return row && normalise(row);
    },

    /** Locks a user in scope (inside a transaction) before a write. */
    lock(scope: Scope, id: number) {
      return scoped(db, scope)
        .users()
        .select([
          'users.id',
          'users.subject',
          'users.username',
          'users.email',
          'users.company_id',
          'users.active',
          'users.password_hash',
        ])
        .where('users.id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async rolesOf(userId: number): Promise<Role[]> {
      const rows = await unscoped(db)
        .selectFrom('user_roles')
        .select('role')
        .where('user_id', '=', userId)
        .execute();
      return byRank(rows.map((r) => r.role));
    },

    /** Who already holds the e-mail or user name (case-insensitive), and whether they have set a password. */
    async holderOf(field: 'email' | 'username', value: string, exceptId?: number) {
      let q = unscoped(db)
        .selectFrom('users')
        .leftJoin('user_invitations as i', 'i.user_id', 'users.id')
        .select([
          'users.id',
          sql<boolean>`users.password_hash is not null`.as('has_password'),
          'i.user_id as invited',
        ])
        .where((eb) => eb(eb.fn('lower', [`users.${field}`]), '=', value.toLowerCase()));
      if (exceptId !== undefined) q = q.where('users.id', '<>', exceptId);
      return q.executeTakeFirst();
    },

    async insert(values: UserValues, roles: Role[]): Promise<{ id: number; subject: string }> {
      const row = await db
        .insertInto('users')
        .values({ ...values, password_hash: null })
        .returning(['id', 'subject'])
        .executeTakeFirstOrThrow();
      await db
        .insertInto('user_roles')
        .values(roles.map((role) => ({ user_id: row.id, role })))
        .execute();
      return row;
    },

    async update(locked: { id: number }, values: Partial<UserValues>, at: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...values, updated_at: at })
        .where('id', '=', locked.id)
        .execute();
    },

    async replaceRoles(locked: { id: number }, roles: Role[]): Promise<void> {
      await db.deleteFrom('user_roles').where('user_id', '=', locked.id).execute();
      await db
        .insertInto('user_roles')
        .values(roles.map((role) => ({ user_id: locked.id, role })))
        .execute();
    },

    /**
     * Ends every session of the user at once: API tokens issued before `at` are refused (auth plugin), and the
     * embedded provider's sessions, grants and tokens of the account are deleted (no refresh, no silent login).
     */
    async endSessions(locked: { id: number; subject: string }, at: Date): Promise<void> {
      await db.updateTable('users').set({ sessions_revoked_at: at }).where('id', '=', locked.id).execute();
      await db
        .deleteFrom('oidc_payloads')
        .where('model', 'in', ACCOUNT_MODELS)
        .where(sql<string>`payload->>'accountId'`, '=', locked.subject)
        .execute();
    },

    async hasAuditHistory(userId: number): Promise<boolean> {
      const row = await unscoped(db)
        .selectFrom('audit_log')
        .select('id')
        .where('actor_user_id', '=', userId)
        .limit(1)
        .executeTakeFirst();
      if (row) return true;
      const job = await unscoped(db)
        .selectFrom('msisdn_imports')
        .select('id')
        .where('created_by', '=', userId)
        .limit(1)
        .executeTakeFirst();
      return job !== undefined;
    },

    async remove(locked: { id: number }): Promise<void> {
      await db.deleteFrom('users').where('id', '=', locked.id).execute();
    },

    /** Users per role in scope (for /roles). */
    async countByRole(scope: Scope): Promise<Map<Role, number>> {
      const rows = await scoped(db, scope)
        .users()
        .innerJoin('user_roles as r', 'r.user_id', 'users.id')
        .select(['r.role', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('r.role')
        .execute();
      return new Map(rows.map((r) => [r.role as Role, Number(r.n)]));
    },
  };
}

export function invitationStatusOf(
  row: Pick<UserRecord, 'has_password' | 'invitation_expires_at' | 'invitation_attempts'>,
  now: Date,
) {
  if (row.has_password) return 'ACCEPTED' as const;
  if (!row.invitation_expires_at) return 'NONE' as const;
  if (
    row.invitation_expires_at.getTime() <= now.getTime() ||
    (row.invitation_attempts ?? 0) >= INVITATION_MAX_ATTEMPTS
  )
    return 'EXPIRED' as const;
  return 'PENDING' as const;
}
