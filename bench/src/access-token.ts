import { createHash, createPrivateKey, randomBytes, randomUUID, sign, type JsonWebKey } from 'node:crypto';
import { API_BASE_PATH } from '@lbs/contracts';
import type { RunningServer } from '@lbs/server';

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** Cookies of one browser session, enough for a login flow on one origin. */
class CookieJar {
  readonly #cookies = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.#cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
  header(): string {
    return [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const decodeHtml = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** The login form of a page: its action and hidden inputs (Keycloak-like: fields `username` and `password`). */
function loginForm(
  html: string,
  pageUrl: string,
): { action: string; fields: Record<string, string> } | undefined {
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const [, attributes = '', inner = ''] = match;
    if (!/name=["']?password["'\s>]/i.test(inner)) continue;
    const action = decodeHtml(/action=["']([^"']*)["']/i.exec(attributes)?.[1] ?? pageUrl);
    const fields: Record<string, string> = {};
    for (const input of inner.matchAll(/<input\b[^>]*>/gi)) {
      const tag = input[0];
      const name = /name=["']([^"']+)["']/i.exec(tag)?.[1];
      if (name && /type=["']hidden["']/i.test(tag))
        fields[name] = decodeHtml(/value=["']([^"']*)["']/i.exec(tag)?.[1] ?? '');
    }
    return { action: new URL(action, pageUrl).toString(), fields };
  }
  return undefined;
}

/**
 * Signs in like the SPA does: authorization code + PKCE S256 at the provider's authorization endpoint, the login
 * form filled in, the code exchanged at the token endpoint. Works with the embedded provider and with Keycloak.
 */
export async function loginWithPkce(baseUrl: string, username: string, password: string): Promise<string> {
  const config = (await (await fetch(`${baseUrl}/api/v1/lbs-backend/config`)).json()) as {
    clientId: string;
    authorizationEndpoint: string;
    tokenEndpoint: string;
  };
  const redirectUri = `${baseUrl}/authenticate`;
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(16));
  const authorize = new URL(config.authorizationEndpoint);
  authorize.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid',
    state,
    nonce: base64url(randomBytes(16)),
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
  }).toString();

  const jar = new CookieJar();
  let url = authorize.toString();
  let init: RequestInit = { method: 'GET' };
  let submitted = false;
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as object), cookie: jar.header() },
    });
    jar.store(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.toString().startsWith(redirectUri)) {
        const code = next.searchParams.get('code');
        if (!code || next.searchParams.get('state') !== state)
          throw new Error(`login failed: ${next.search}`);
        const token = await fetch(config.tokenEndpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirectUri,
            client_id: config.clientId,
            code_verifier: verifier,
          }),
        });
        const body = (await token.json()) as { access_token?: string; error?: string };
        if (!body.access_token) throw new Error(`token exchange failed: ${token.status} ${body.error ?? ''}`);
        return body.access_token;
      }
      url = next.toString();
      init = { method: 'GET' };
      continue;
    }
    const form = response.ok && !submitted ? loginForm(await response.text(), url) : undefined;
    if (!form) throw new Error(`unexpected answer ${response.status} from ${url}`);
    submitted = true;
    url = form.action;
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form.fields, username, password }).toString(),
    };
  }
  throw new Error('login did not finish within 20 redirects');
}

/**
 * Fallback: an access token signed with the embedded provider's own key (read from its database), shaped like the
 * provider's (RFC 9068: header `typ: at+jwt`, `aud` the API) — for when the login flow is not available.
 */
export async function mintWithSigningKey(server: RunningServer, username: string): Promise<string> {
  const db = server.context.db;
  const secret = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', 'oidc.jwks')
    .executeTakeFirstOrThrow();
  const jwk = (secret.value as { keys: (JsonWebKey & { kid: string })[] }).keys[0];
  if (!jwk) throw new Error('no signing key stored');
  const user = await db
    .selectFrom('users')
    .select(['id', 'subject', 'email'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const roles = await db.selectFrom('user_roles').select('role').where('user_id', '=', user.id).execute();
  const now = Math.floor(Date.now() / 1000);
  const { config } = server.context;
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid }));
  const payload = base64url(
    JSON.stringify({
      iss: config.issuer,
      sub: user.subject,
      aud: `${config.publicUrl}${API_BASE_PATH}`,
      azp: config.clientId,
      iat: now,
      exp: now + 3600,
      jti: randomUUID(),
      preferred_username: username,
      email: user.email,
      realm_access: { roles: roles.map((r) => r.role) },
    }),
  );
  const signature = sign(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    createPrivateKey({ key: jwk, format: 'jwk' }),
  );
  return `${header}.${payload}.${base64url(signature)}`;
}
