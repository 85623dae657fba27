import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE_PATH } from '@lbs/contracts';
import type { Config } from './config.ts';
import { loggerOptions } from './lib/log-redaction.ts';
import { openApiOptions } from './lib/openapi.ts';
import type { Metrics } from './lib/metrics.ts';
import { frameworkErrors, installProblemHandler, rateLimitError } from './lib/problem.ts';
import { installSecurityHeaders, securityHeaders } from './lib/security-headers.ts';

/**
 * The Fastify instance with its infrastructure: logging with request ids, zod validation and serialisation,
 * problem+json errors, security headers, rate limiting and the OpenAPI document. Domain plugins come after.
 */
export async function httpApp(
  config: Config,
  logger: boolean | object | undefined,
  metrics?: Metrics,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Router errors and the drain answer go through the problem handler too (lib/problem.ts).
    frameworkErrors,
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Each answer's time by route template (not the URL: ids would make a series each), method and status.
  if (metrics)
    app.addHook('onResponse', (request, reply, done) => {
      metrics.httpRequestSeconds.observe(
        { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode },
        reply.elapsedTime / 1000,
      );
      done();
    });
  installProblemHandler(app);

  installSecurityHeaders(app, securityHeaders(config.externalIssuer));
  // API answers over 1 KB compressed for clients that accept it (brotli at a quality made for answers, not for
  // archives). Answers that set their own encoding (the Monitor's snapshot, gzipped once per change), the SPA's
  // precompressed files and the live stream (hijacked) pass untouched.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(rateLimit, { global: false, errorResponseBuilder: rateLimitError });

  await app.register(swagger, openApiOptions(config.publicUrl));
  await app.register(swaggerUi, { routePrefix: `${API_BASE_PATH}/docs` });
  return app;
}
