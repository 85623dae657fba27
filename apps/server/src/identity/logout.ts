import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/database.ts';
import type { RecordAudit } from '../db/audit-log.ts';
import { loadAccount } from './accounts.ts';
import { pageLocale } from './i18n.ts';
import { revokeGrant } from './oidc-adapter.ts';
import { logoutConfirmPage, signedOutPage } from './pages.ts';

export interface LogoutOptions {
  db: Db;
  portalUrl: string;
  /** The provider's session-cookie options (`cookies.long`), needed to clear the cookie. */
  sessionCookie: Record<string, unknown>;
  audit: RecordAudit;
}

const localeOf = (ctx: KoaContextWithOIDC) =>
  pageLocale(ctx.oidc.params?.['ui_locales'], ctx.get('accept-language'));

/**
 * RP-initiated logout (`features.rpInitiatedLogout`). The provider calls `logoutSource` after it has validated
 * `id_token_hint` (signature, issuer, audience) and `post_logout_redirect_uri` (registered for that client), to ask
 * the user for confirmation. Like Keycloak, we do not ask when the hint names the user of this browser session:
 * the session ends here and the browser goes straight back to the client. Without a (matching) hint the user
 * confirms on a branded page. A browser without a session never reaches this: the provider's own auto-submitting
 * form (its script is allowed by a CSP hash the provider adds) ends the flow.
 */
export function logoutHandlers({ db, portalUrl, sessionCookie, audit }: LogoutOptions) {
  async function endSession(ctx: KoaContextWithOIDC): Promise<void> {
    const { session, provider } = ctx.oidc;
    if (!session) return;
    const state = (session.state ?? {}) as { postLogoutRedirectUri?: string; state?: string };
    const accountId = session.accountId;
    const grants = Object.values(session.authorizations ?? {}).flatMap((a) => (a.grantId ? [a.grantId] : []));
    for (const grantId of grants) await revokeGrant(db, grantId);
    await session.destroy();
    ctx.cookies.set(provider.cookieName('session'), null, sessionCookie);

    const account = accountId ? await loadAccount(db, accountId) : undefined;
    if (account) {
      await audit(
        db,
        { userId: account.id, name: account.username, requestId: ctx.get('x-request-id') || undefined },
        {
          action: 'auth.logout',
          entity: 'user',
          entityId: account.id,
          companyId: account.companyId,
          detail: { ip: ctx.ip },
        },
      );
    }

    let target = ctx.oidc.urlFor('end_session_success');
    if (state.postLogoutRedirectUri) {
      const url = new URL(state.postLogoutRedirectUri);
      if (state.state != null) url.searchParams.set('state', state.state);
      target = url.href;
    }
    provider.emit('end_session.success', ctx);
    ctx.status = 303;
    ctx.redirect(target);
  }

  return {
    async logoutSource(ctx: KoaContextWithOIDC, form: string): Promise<void> {
      const hint = ctx.oidc.entities.IdTokenHint;
      if (hint && ctx.oidc.session?.accountId && hint.payload['sub'] === ctx.oidc.session.accountId) {
        await endSession(ctx);
        return;
      }
      ctx.type = 'html';
      ctx.body = logoutConfirmPage(localeOf(ctx), { form, portalUrl });
    },

    async postLogoutSuccessSource(ctx: KoaContextWithOIDC): Promise<void> {
      ctx.type = 'html';
      ctx.body = signedOutPage(localeOf(ctx), { portalUrl });
    },
  };
}
