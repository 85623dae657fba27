import { REALM_ROLE_NAMES, ROLES, parseRole } from '@lbs/contracts';
import type { Account, FindAccount, KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/database.ts';
import { loginLocaleClaim } from './login-locale.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A portal user as the identity provider sees it: who they are, their realm roles, whether they may have tokens. */
export interface IdentityAccount {
  id: number;
  subject: string;
  username: string;
  email: string;
  fullName: string;
  companyId: number | null;
  active: boolean;
  /** Realm-role spellings (SUPER_ADMIN …), highest first. */
  realmRoles: string[];
  sessionsRevokedAt: Date | null;
}

export async function loadAccount(db: Db, subject: string): Promise<IdentityAccount | undefined> {
  if (!UUID.test(subject)) return undefined;
  const row = await db
    .selectFrom('users')
    .select([
      'id',
      'subject',
      'username',
      'email',
      'full_name',
      'company_id',
      'active',
      'sessions_revoked_at',
    ])
    .where('subject', '=', subject)
    .executeTakeFirst();
  if (!row) return undefined;
  const roleRows = await db.selectFrom('user_roles').select('role').where('user_id', '=', row.id).execute();
  const held = new Set(roleRows.map((r) => parseRole(r.role)));
  return {
    id: row.id,
    subject: row.subject,
    username: row.username,
    email: row.email,
    fullName: row.full_name,
    companyId: row.company_id,
    active: row.active,
    realmRoles: ROLES.filter((role) => held.has(role)).map((role) => REALM_ROLE_NAMES[role]),
    sessionsRevokedAt: row.sessions_revoked_at,
  };
}

/**
 * True when the user's sessions were ended (deactivation, password change) after this login. One second of grace
 * so a login in the same second as the revocation is not caught by it, the same rule the API applies to `iat`.
 */
export function loginRevoked(account: IdentityAccount, loginTs: number | undefined): boolean {
  if (!account.sessionsRevokedAt || loginTs === undefined) return false;
  return loginTs * 1000 < account.sessionsRevokedAt.getTime() - 1000;
}

/** Standard claims for the ID token and userinfo (Keycloak's default profile/email mappers, minus given/family name). */
export function standardClaims(account: IdentityAccount): {
  sub: string;
  name: string;
  preferred_username: string;
  email: string;
} {
  return {
    sub: account.subject,
    name: account.fullName,
    preferred_username: account.username,
    email: account.email,
  };
}

/** Keycloak-shaped access-token claims beyond the provider's own (iss, sub, aud, exp, iat, jti, client_id). */
export function accessTokenClaims(account: IdentityAccount, clientId: string): Record<string, unknown> {
  return {
    typ: 'Bearer',
    azp: clientId,
    name: account.fullName,
    preferred_username: account.username,
    email: account.email,
    realm_access: { roles: account.realmRoles },
  };
}

function loginTimeOf(ctx: KoaContextWithOIDC, token: Parameters<FindAccount>[2]): number | undefined {
  if (token && 'authTime' in token && typeof token.authTime === 'number') return token.authTime;
  return ctx.oidc.session?.loginTs;
}

/**
 * The provider's findAccount: no account (so no login, no tokens, no refresh) for an unknown or inactive user, or
 * for a session that began before the user's sessions were revoked.
 */
export function accountFinder(db: Db): FindAccount {
  return async (ctx, sub, token): Promise<Account | undefined> => {
    const account = await loadAccount(db, sub);
    if (!account || !account.active || account.realmRoles.length === 0) return undefined;
    if (loginRevoked(account, loginTimeOf(ctx, token))) return undefined;
    return {
      accountId: account.subject,
      claims: async () => ({ ...standardClaims(account), ...(await loginLocaleClaim(ctx, token)) }),
    };
  };
}
