import * as client from 'openid-client';
import { AUTH_CALLBACK_PATH, CLIENT_ID } from '@lbs/contracts';

/** Just enough of a browser's cookie store: name, value, path; expired and emptied cookies are dropped. */
export class CookieJar {
  readonly #cookies = new Map<string, { name: string; value: string; path: string }>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', val = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = val;
        if (key.toLowerCase() === 'expires' && Date.parse(val) <= Date.now()) expired = true;
        if (key.toLowerCase() === 'max-age' && Number(val) <= 0) expired = true;
      }
      const key = `${name};${path}`;
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { name, value, path });
    }
  }

  header(url: URL): string {
    const matches = (path: string) =>
      path === '/' ||
      url.pathname === path ||
      url.pathname.startsWith(path.endsWith('/') ? path : `${path}/`);
    return [...this.#cookies.values()]
      .filter((c) => matches(c.path))
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  names(): string[] {
    return [...this.#cookies.values()].map((c) => c.name);
  }
}

/** fetch with a cookie jar and no automatic redirects, so each hop can be asserted. */
export class Browser {
  readonly jar = new CookieJar();
  constructor(readonly headers: Record<string, string> = {}) {}

  async request(
    url: string | URL,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<Response> {
    const target = new URL(url);
    const headers: Record<string, string> = { ...this.headers, accept: 'text/html' };
    const cookie = this.jar.header(target);
    if (cookie) headers['cookie'] = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(target, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    this.jar.store(response);
    return response;
  }
}

/** The Location of a redirect, resolved against the request URL; fails unless the status is `status`. */
export function redirectTarget(response: Response, status = 303): URL {
  if (response.status !== status)
    throw new Error(`expected ${status} from ${response.url}, got ${response.status}`);
  const location = response.headers.get('location');
  if (!location) throw new Error(`no Location from ${response.url}`);
  return new URL(location, response.url);
}

export async function discover(issuer: string): Promise<client.Configuration> {
  return client.discovery(new URL(issuer), CLIENT_ID, undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
}

export interface AuthorizationRequest {
  url: URL;
  verifier: string;
  state: string;
  nonce: string;
}

/** The portal's authorization request (SPEC §7): code, scope openid, state, nonce, PKCE S256. */
export async function authorizationRequest(
  config: client.Configuration,
  publicUrl: string,
  extra: Record<string, string> = {},
): Promise<AuthorizationRequest> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: `${publicUrl}${AUTH_CALLBACK_PATH}`,
    scope: 'openid',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...extra,
  });
  return { url, verifier, state, nonce };
}

/** Starts the flow and returns the sign-in page the provider sent the browser to. */
export async function openLoginPage(
  browser: Browser,
  authUrl: URL,
): Promise<{ loginUrl: URL; html: string; status: number }> {
  const loginUrl = redirectTarget(await browser.request(authUrl));
  const response = await browser.request(loginUrl);
  return { loginUrl, html: await response.text(), status: response.status };
}

export async function submitLogin(
  browser: Browser,
  loginUrl: URL,
  username: string,
  password: string,
): Promise<Response> {
  return browser.request(loginUrl, { form: { username, password } });
}

/** Signs in through the real pages and exchanges the code with openid-client, as the portal does. */
export async function signIn(
  browser: Browser,
  config: client.Configuration,
  publicUrl: string,
  username: string,
  password: string,
): Promise<client.TokenEndpointResponse & client.TokenEndpointResponseHelpers> {
  const auth = await authorizationRequest(config, publicUrl);
  const { loginUrl } = await openLoginPage(browser, auth.url);
  const resume = redirectTarget(await submitLogin(browser, loginUrl, username, password));
  const callback = redirectTarget(await browser.request(resume));
  return client.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: auth.verifier,
    expectedState: auth.state,
    expectedNonce: auth.nonce,
    idTokenExpected: true,
  });
}
