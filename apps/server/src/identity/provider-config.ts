import { AUTH_CALLBACK_PATH, LOCALE_CODES, OIDC_PATHS } from '@lbs/contracts';
import { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { accessTokenClaims, accountFinder, loadAccount } from './accounts.ts';
import { firstPartyGrant } from './first-party-grant.ts';
import { pageLocale } from './i18n.ts';
import { loginPolicy } from './interaction-policy.ts';
import { rememberLoginLocale } from './login-locale.ts';
import {
  ACCESS_TOKEN_TTL,
  AUTHORIZATION_CODE_TTL,
  ID_TOKEN_TTL,
  INTERACTION_TTL,
  grantRemaining,
  sessionRemaining,
} from './lifetimes.ts';
import { logoutHandlers } from './logout.ts';
import { databaseAdapterFactory } from './oidc-adapter.ts';
import { errorPage } from './pages.ts';
import type { SigningKeys } from './secrets.ts';
import { apiAudience } from './token-verifier.ts';
import type { RecordAudit } from '../db/audit-log.ts';

export interface ProviderConfigInput {
  config: Config;
  db: Db;
  keys: SigningKeys;
  cookieKeys: string[];
  /** Records sign-outs in the audit log (events/audit.ts's audit, passed by the composition root). */
  audit: RecordAudit;
}

/** The login page, relative to the issuer (Keycloak has its own login-actions path; nothing depends on it). */
export const LOGIN_PATH = '/login';

/** The issuer's path as browsers see it (/realms/lbs behind PUBLIC_URL). */
export const issuerPathOf = (config: Config): string => new URL(config.issuer).pathname.replace(/\/+$/, '');

const SCOPES = ['openid', 'profile', 'email'];

/**
 * oidc-provider configuration shaped like a Keycloak realm with one public client: Keycloak's endpoint paths,
 * code flow with PKCE S256 only, rotating refresh tokens, Keycloak's default lifetimes, JWT access tokens with
 * Keycloak's claims, and everything stored in the database.
 */
export function providerConfiguration({
  config,
  db,
  keys,
  cookieKeys,
  audit,
}: ProviderConfigInput): Configuration {
  // The API, as the one resource server: access tokens are JWTs for this audience.
  const resource = apiAudience(config);
  const portalUrl = `${config.publicUrl}/`;
  const issuerPath = issuerPathOf(config);
  const sessionCookie = { httpOnly: true, sameSite: 'lax' as const, path: issuerPath };
  const logout = logoutHandlers({ db, portalUrl, sessionCookie, audit });

  return {
    adapter: databaseAdapterFactory(db),
    clients: [
      {
        client_id: config.clientId,
        client_name: 'LBS Portal',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${config.publicUrl}${AUTH_CALLBACK_PATH}`],
        post_logout_redirect_uris: [portalUrl],
        scope: SCOPES.join(' '),
      },
    ],
    jwks: { keys: keys.keys },
    cookies: { keys: cookieKeys, long: sessionCookie, short: { httpOnly: true, sameSite: 'lax' } },
    routes: {
      authorization: OIDC_PATHS.authorization,
      token: OIDC_PATHS.token,
      userinfo: OIDC_PATHS.userinfo,
      end_session: OIDC_PATHS.endSession,
      jwks: OIDC_PATHS.jwks,
      revocation: OIDC_PATHS.revocation,
    },
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: SCOPES,
    claims: {
      acr: null,
      sid: null,
      auth_time: null,
      iss: null,
      // The portal asks for `openid` only (SPEC §7) and still expects names in the ID token, as Keycloak gives.
      // `locale`: the sign-in's language, back to the portal (login-locale.ts).
      openid: ['sub', 'name', 'preferred_username', 'email', 'locale'],
      profile: ['name', 'preferred_username', 'locale'],
      email: ['email'],
    },
    conformIdTokenClaims: false,
    findAccount: accountFinder(db),
    loadExistingGrant: (ctx) => {
      rememberLoginLocale(ctx);
      return firstPartyGrant(ctx);
    },
    // scope=openid gets a refresh token, as from Keycloak (oidc-provider would otherwise want offline_access).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    extraTokenClaims: async (_ctx, token) => {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const account = accountId ? await loadAccount(db, accountId) : undefined;
      return account && token.clientId ? accessTokenClaims(account, token.clientId) : undefined;
    },
    // Browsers may call the token and userinfo endpoints cross-origin only from the portal itself.
    clientBasedCORS: (_ctx, origin) => origin === new URL(config.publicUrl).origin,
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: logout.logoutSource,
        postLogoutSuccessSource: logout.postLogoutSuccessSource,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        // Refresh and code exchange keep the API audience even though the `openid` scope is present.
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: SCOPES.join(' '),
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    interactions: {
      policy: loginPolicy(),
      url: (_ctx, interaction) => `${issuerPath}${LOGIN_PATH}/${interaction.uid}`,
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: AUTHORIZATION_CODE_TTL,
      IdToken: ID_TOKEN_TTL,
      Interaction: INTERACTION_TTL,
      Grant: grantRemaining,
      Session: (_ctx, session) => sessionRemaining(session.loginTs),
      RefreshToken: (_ctx, token) => sessionRemaining(token.authTime),
    },
    discovery: { ui_locales_supported: [...LOCALE_CODES] },
    renderError: (ctx: KoaContextWithOIDC, out, error) => {
      const page = pageLocale(ctx.oidc?.params?.['ui_locales'], ctx.get('accept-language'));
      ctx.type = 'html';
      ctx.body = errorPage(page, {
        kind: error instanceof errors.SessionNotFound ? 'sessionExpired' : 'generic',
        code: out.error,
        portalUrl,
      });
    },
  };
}
