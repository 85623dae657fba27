import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a credential: OAuth/OIDC (`code`, `token`, `access_token`, `refresh_token`,
 * `id_token`, `id_token_hint` of a logout, `client_assertion`, `code_verifier`, `logout_token`), passwords, and the
 * tracking apps' device token (OsmAnd `id`, `deviceid`, `device_id`). Compared case-insensitively.
 */
const SECRET_PARAMS = new Set([
  'id',
  'deviceid',
  'device_id',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'id_token_hint',
  'logout_token',
  'code',
  'code_verifier',
  'client_assertion',
  'client_secret',
  'assertion',
  'subject_token',
  'password',
]);

/** Headers that carry a credential: bearer and Basic auth, cookies, the SMS gateway's webhook token. */
export const SECRET_HEADERS = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-webhook-token',
];

/** A JWT anywhere in a logged URL (a token sent under a name we do not know): three base64url parts. */
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]*/g;

/**
 * A path segment or parameter value that is an opaque random handle (32 or more base64url characters: the sign-in
 * page's interaction id, a long `state`), whatever its name: the shape of a device token or an opaque OAuth
 * token. UUIDs (import ids) stay readable.
 */
const OPAQUE_SEGMENT =
  /(?<=\/)(?![0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\/|$))[\w-]{32,}(?=\/|$)/gi;
const OPAQUE_VALUE = /^[\w-]{32,}$/;

const REDACTED = '[redacted]';

/** The URL as it may be logged: credentials in the query string, and anything shaped like a JWT, replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(JWT, REDACTED).replace(OPAQUE_SEGMENT, REDACTED);
  if (q < 0) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (SECRET_PARAMS.has(name.toLowerCase()) || params.getAll(name).some((v) => OPAQUE_VALUE.test(v))) {
      params.set(name, REDACTED);
      changed = true;
    }
  }
  const query = changed ? params.toString() : url.slice(q + 1);
  return `${path}?${query.replace(JWT, REDACTED)}`;
}

/** pino serializer for the request line of Fastify's access log (no headers, no body). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * The server's pino options: the request serializer above, and pino's redaction of credential headers wherever a
 * log line carries a request's or response's headers (a plugin or a future log call that logs them).
 */
export function loggerOptions(level: string) {
  const paths = ['req.headers', 'request.headers', 'res.headers', 'headers'].flatMap((base) =>
    SECRET_HEADERS.map((header) => `${base}["${header}"]`),
  );
  return { level, serializers: { req: serializeRequest }, redact: { paths, censor: REDACTED } };
}
