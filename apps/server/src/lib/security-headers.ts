import type { FastifyInstance } from 'fastify';
import { REALM_PATH } from '@lbs/contracts';

/**
 * The security headers, computed once at start (helmet rebuilt its set and re-parsed the policy on every request:
 * 13–18 % of a trivial route's CPU, issue 17). Every answer gets the static set; the content security policy goes
 * only where a document can run it: HTML answers, and everything the identity provider answers (its replies bypass
 * Fastify's hooks, so its pages get the policy up front). An answer that sets its own policy keeps it.
 */
export interface SecurityHeaders {
  /** Header name and value pairs sent with every answer (helmet's defaults, minus the policy). */
  always: readonly (readonly [string, string])[];
  contentSecurityPolicy: string;
}

export function securityHeaders(externalIssuer: string | undefined): SecurityHeaders {
  const issuerOrigin = externalIssuer ? [new URL(externalIssuer).origin] : [];
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'font-src': ["'self'", 'https:', 'data:'],
    'form-action': ["'self'", ...issuerOrigin],
    'frame-ancestors': ["'none'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'connect-src': ["'self'", ...issuerOrigin],
    'worker-src': ["'self'", 'blob:'],
  };
  return {
    always: [
      ['cross-origin-opener-policy', 'same-origin'],
      ['cross-origin-resource-policy', 'same-origin'],
      ['origin-agent-cluster', '?1'],
      ['referrer-policy', 'no-referrer'],
      ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
      ['x-content-type-options', 'nosniff'],
      ['x-dns-prefetch-control', 'off'],
      ['x-download-options', 'noopen'],
      ['x-frame-options', 'SAMEORIGIN'],
      ['x-permitted-cross-domain-policies', 'none'],
      ['x-xss-protection', '0'],
    ],
    contentSecurityPolicy: Object.entries(directives)
      .map(([name, values]) => `${name} ${values.join(' ')}`)
      .join(';'),
  };
}

const CSP = 'content-security-policy';

export function installSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  const { always, contentSecurityPolicy } = headers;
  const realm = `${REALM_PATH}/`;
  app.addHook('onRequest', (request, reply, done) => {
    // On the raw response: hijacked replies (the identity provider, the live stream) carry them too.
    const raw = reply.raw;
    for (const [name, value] of always) raw.setHeader(name, value);
    if (request.url.startsWith(realm)) raw.setHeader(CSP, contentSecurityPolicy);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader(CSP) && !reply.raw.hasHeader(CSP)) {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html')) reply.header(CSP, contentSecurityPolicy);
    }
    done(null, payload);
  });
}
