import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a credential (the OsmAnd device token travels as `id`). */
const SECRET_PARAMS = ['id', 'token', 'access_token', 'code', 'refresh_token', 'password'];

/** The URL as it may be logged: credentials in the query string replaced by a marker. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of SECRET_PARAMS) {
    if (params.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/** pino serializer for the request line of Fastify's access log. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
