import { sql } from 'kysely';
import { effectiveRole, matchLocale, type LocaleCode, type Role } from '@lbs/contracts';
import { reaches, scopeOf, tierReach, type Scope } from '../../access/scope.ts';
import { unscoped } from '../../access/scoped.ts';
import type { Executor } from '../../db/database.ts';
import type { RuleRow } from './repository.ts';

export interface Recipient {
  id: number;
  username: string;
  email: string;
  phone: string | null;
  locale: LocaleCode;
  role: Role;
  scope: Scope;
  active: boolean;
  /** Named in the rule (its scope problems are recorded); otherwise a holder of a role the rule names. */
  named: boolean;
}

/** The tier a rule belongs to, as a scope: its company, or its department or zone. */
export function ruleScope(rule: Pick<RuleRow, 'company_id' | 'department_id' | 'zone_id'>): Scope {
  if (rule.department_id !== null)
    return { tier: 'department', companyId: rule.company_id, departmentId: rule.department_id };
  if (rule.zone_id !== null) return { tier: 'zone', companyId: rule.company_id, zoneId: rule.zone_id };
  return { tier: 'company', companyId: rule.company_id };
}

/** The users' columns a recipient is made of, with their roles. */
function recipientRows(tx: Executor) {
  return unscoped(tx)
    .selectFrom('users')
    .select([
      'users.id',
      'users.username',
      'users.email',
      'users.phone_no',
      'users.locale',
      'users.active',
      'users.company_id',
      'users.department_id',
      'users.zone_id',
      sql<
        string[]
      >`coalesce((select json_agg(r.role) from user_roles r where r.user_id = users.id), '[]'::json)`.as(
        'roles',
      ),
    ]);
}

type RecipientRow = Awaited<ReturnType<ReturnType<typeof recipientRows>['execute']>>[number];

/** A user as a recipient: its effective role and scope, and its language (null reads as en-US); none without a role. */
function toRecipient(u: RecipientRow, named: boolean): Recipient | undefined {
  const role = effectiveRole(u.roles);
  if (!role) return undefined;
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    phone: u.phone_no,
    locale: u.locale ? matchLocale([u.locale]) : 'en-US',
    role,
    scope: scopeOf({ role, companyId: u.company_id, departmentId: u.department_id, zoneId: u.zone_id }),
    active: u.active,
    named,
  };
}

/** A user as a recipient as it stands now (the digest checks its recipients again when it sends). */
export async function loadRecipient(tx: Executor, userId: number): Promise<Recipient | undefined> {
  const row = await recipientRows(tx).where('users.id', '=', userId).executeTakeFirst();
  return row && toRecipient(row, true);
}

/**
 * The recipients of a rule as they stand now: the users it names (active or not: an inactive one is recorded as out
 * of scope), and the active users holding a role it names placed within the rule's tier.
 */
export async function ruleRecipients(tx: Executor, rule: RuleRow): Promise<Recipient[]> {
  const ids = rule.recipient_user_ids;
  const roles = rule.recipient_roles;
  if (!ids.length && !roles.length) return [];
  const rows = await recipientRows(tx)
    .where((eb) =>
      eb.or([
        ...(ids.length ? [eb('users.id', 'in', ids)] : []),
        ...(roles.length
          ? [
              eb.and([
                eb('users.company_id', '=', rule.company_id),
                eb('users.active', '=', true),
                eb.exists(
                  eb
                    .selectFrom('user_roles as ur')
                    .select('ur.user_id')
                    .whereRef('ur.user_id', '=', 'users.id')
                    .where('ur.role', 'in', roles),
                ),
              ]),
            ]
          : []),
      ]),
    )
    .orderBy('users.id')
    .execute();
  const tier = tierReach(ruleScope(rule));
  const out: Recipient[] = [];
  for (const u of rows) {
    const named = ids.includes(u.id);
    const placed = { companyId: u.company_id, departmentId: u.department_id, zoneId: u.zone_id };
    // A role holder counts only within the rule's tier (a department rule's DepartmentAdmins are its own).
    if (!named && !reaches(tier, placed)) continue;
    const recipient = toRecipient(u, named);
    if (recipient) out.push(recipient);
  }
  return out;
}
