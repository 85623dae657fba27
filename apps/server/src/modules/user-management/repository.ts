import type { ExpressionBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { unscoped } from '../../access/scoped.ts';
import type { Executor } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../access/auth-user.ts';
import type { OrgUnitKind } from '../../access/scope.ts';

export interface CurrentUserRow {
  id: number;
  fullName: string;
  email: string;
  username: string;
  phoneNo: string | null;
  photoUrl: string | null;
  companyId: number | null;
  companyName: string | null;
  departmentId: number | null;
  departmentName: string | null;
  zoneId: number | null;
  zoneName: string | null;
  designationId: number | null;
  designationName: string | null;
  isPiaSigned: boolean;
  active: boolean;
  /** zoneEnabled of the caller's company; for a SuperAdmin, of every company. */
  companyConfig: { zoneEnabled: boolean }[];
}

/** Expressions over the caller's row, `users as u`. */
type CallerRowExpressions = ExpressionBuilder<Database & { u: Database['users'] }, 'u'>;

/**
 * The name of the department, zone or designation the caller's row points at (`column`), as a scalar subquery:
 * only a unit of the caller's own company is named (null otherwise).
 */
function unitNameOf(
  eb: CallerRowExpressions,
  kind: OrgUnitKind,
  column: 'u.department_id' | 'u.zone_id' | 'u.designation_id',
) {
  // One shape for the three unit tables (as scope.ts's orgUnits does): each has id, company_id and name.
  return eb
    .selectFrom(`${kind} as n` as 'departments as n')
    .select('n.name')
    .whereRef('n.id', '=', column)
    .whereRef('n.company_id', '=', 'u.company_id');
}

/**
 * Queries about the caller's own account. Every query takes the caller first and reaches only the caller's row
 * and the caller's company: there is no way to ask about someone else here.
 */
export function userManagementRepository(db: Executor) {
  return {
    /**
     * The current-user record in one round trip (it is read on every page load): the caller's row, the names of
     * its company, department, zone and designation (same company only) and zone flags.
     */
    async currentUser(caller: AuthUser): Promise<CurrentUserRow | undefined> {
      // Scalar subqueries rather than joins: PGlite plans them much faster, and each is scoped to the caller's company.
      const row = await unscoped(db)
        .selectFrom('users as u')
        .select((eb) => [
          'u.id',
          'u.full_name as fullName',
          'u.email',
          'u.username',
          'u.phone_no as phoneNo',
          'u.photo_url as photoUrl',
          'u.company_id as companyId',
          eb
            .selectFrom('companies as c')
            .select('c.name')
            .whereRef('c.id', '=', 'u.company_id')
            .as('companyName'),
          'u.department_id as departmentId',
          unitNameOf(eb, 'departments', 'u.department_id').as('departmentName'),
          'u.zone_id as zoneId',
          unitNameOf(eb, 'zones', 'u.zone_id').as('zoneName'),
          'u.designation_id as designationId',
          unitNameOf(eb, 'designations', 'u.designation_id').as('designationName'),
          'u.is_pia_signed as isPiaSigned',
          'u.active',
          jsonArrayFrom(
            eb
              .selectFrom('companies as cc')
              .select('cc.zone_enabled as zoneEnabled')
              .$if(caller.role !== 'SuperAdmin', (q) => q.whereRef('cc.id', '=', 'u.company_id'))
              .orderBy('cc.id'),
          ).as('companyConfig'),
        ])
        .where('u.id', '=', caller.id)
        .executeTakeFirst();
      return row;
    },

    /** Marks the notice accepted unless it already was; true when this call recorded it (first acceptance wins). */
    async markPiaSigned(caller: AuthUser, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ is_pia_signed: true, pia_signed_at: at, updated_at: at })
        .where('id', '=', caller.id)
        .where('is_pia_signed', '=', false)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async passwordHash(caller: AuthUser): Promise<string | null> {
      const row = await unscoped(db)
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', caller.id)
        .executeTakeFirst();
      return row?.password_hash ?? null;
    },

    /** The portal language, for notifications by e-mail and SMS; false when it was that already. */
    async setLocale(caller: AuthUser, locale: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ locale, updated_at: at })
        .where('id', '=', caller.id)
        .where((eb) => eb.or([eb('locale', 'is', null), eb('locale', '<>', locale)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async setPasswordHash(caller: AuthUser, hash: string, at: Date): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: hash, updated_at: at })
        .where('id', '=', caller.id)
        .execute();
    },
  };
}

export type UserManagementRepository = ReturnType<typeof userManagementRepository>;
