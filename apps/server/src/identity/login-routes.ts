import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type Provider } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { pageLocale } from './i18n.ts';
import { LOGIN_LOCALE } from './login-locale.ts';
import type { RecordAudit } from '../db/audit-log.ts';
import { checkLogin } from './login.ts';
import { errorPage, loginPage, type ErrorKind } from './pages.ts';

export interface LoginRoutesOptions {
  provider: Provider;
  /** Public path of the login page, without the uid (form actions point there). */
  publicPath: string;
  db: Db;
  config: Config;
  /** Records every sign-in attempt in the audit log (events/audit.ts's audit, passed by the composition root). */
  audit: RecordAudit;
  /** Login-form submissions per client IP and minute; lockout per account is the real brute-force defence. */
  loginRateLimit?: number;
}

interface LoginParams {
  uid: string;
}

interface LoginBody {
  username?: unknown;
  password?: unknown;
  /** The page's language (the switcher's choice), sent back with the form. */
  ui_locales?: unknown;
}

interface LoginQuery {
  /** A language picked on the page's switcher. */
  ui_locales?: unknown;
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

/**
 * The provider's login interaction (`interactions.url` points here): GET renders the sign-in form, POST checks
 * the credentials and hands the account to the provider, which then issues the authorization code. Consent is
 * never asked: the only client is first-party and its grant is created by `loadExistingGrant`.
 */
export async function loginRoutes(
  app: FastifyInstance,
  { provider, publicPath, db, config, audit, loginRateLimit = 30 }: LoginRoutesOptions,
): Promise<void> {
  await app.register(formbody);

  const portalUrl = `${config.publicUrl}/`;
  const locale = (request: FastifyRequest, uiLocales?: unknown) =>
    pageLocale(uiLocales, request.headers['accept-language']);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'sign-in page failed');
    const kind: ErrorKind =
      status === 429
        ? 'tooManyRequests'
        : error instanceof errors.SessionNotFound
          ? 'sessionExpired'
          : 'generic';
    return html(reply, status, errorPage(locale(request), { kind, portalUrl }));
  });

  /** The pending interaction of this browser, if it is the one named in the URL and it asks for a login. */
  async function pendingLogin(request: FastifyRequest<{ Params: LoginParams }>, reply: FastifyReply) {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (details.uid !== request.params.uid) throw new errors.SessionNotFound('interaction and URL mismatch');
    if (details.prompt.name !== 'login') {
      request.log.warn({ prompt: details.prompt }, 'unexpected interaction prompt');
      throw new errors.InvalidRequest(`unsupported prompt ${details.prompt.name}`);
    }
    return details;
  }

  const action = (uid: string) => `${publicPath}/${encodeURIComponent(uid)}`;

  app.get<{ Params: LoginParams; Querystring: LoginQuery }>(
    '/:uid',
    { schema: { hide: true } },
    async (request, reply) => {
      const details = await pendingLogin(request, reply);
      const page = locale(request, request.query.ui_locales ?? details.params['ui_locales']);
      const hint = details.params['login_hint'];
      return html(
        reply,
        200,
        loginPage(page, {
          action: action(details.uid),
          ...(typeof hint === 'string' ? { username: hint } : {}),
        }),
      );
    },
  );

  app.post<{ Params: LoginParams; Body: LoginBody }>(
    '/:uid',
    { schema: { hide: true }, config: { rateLimit: { max: loginRateLimit, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const details = await pendingLogin(request, reply);
      const page = locale(request, request.body?.ui_locales ?? details.params['ui_locales']);
      const username = typeof request.body?.username === 'string' ? request.body.username : '';
      const password = typeof request.body?.password === 'string' ? request.body.password : '';
      const outcome = await checkLogin(
        db,
        config,
        { username, password, requestId: request.id, ip: request.ip },
        audit,
      );
      if (!outcome.ok) {
        return html(
          reply,
          200,
          loginPage(page, { action: action(details.uid), username: username.slice(0, 254), error: true }),
        );
      }
      // remember: false → the session cookie lives as long as the browser; the session's lifetime is kept server-side.
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: outcome.subject, amr: ['pwd'], remember: false }, [LOGIN_LOCALE]: page.locale },
        { mergeWithLastSubmission: false },
      );
      return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
    },
  );
}
