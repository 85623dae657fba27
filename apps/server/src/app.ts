import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_BASE_PATH } from '@lbs/contracts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { embeddedIdentity, type EmbeddedIdentity } from './identity/embedded.ts';
import { publicJwks, signingKeys } from './identity/secrets.ts';
import { createTokenVerifier, discoverJwksUri } from './identity/token-verifier.ts';
import { installProblemHandler } from './lib/problem.ts';
import { serializeRequest } from './lib/log-redaction.ts';
import authPlugin from './access/auth-plugin.ts';
import { routeAccess, type ApiRoute } from './access/route-access.ts';
import { assetRoutes } from './modules/assets/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { clientConfigRoutes } from './modules/client-config/routes.ts';
import { userManagementRoutes } from './modules/user-management/routes.ts';
import { organisationRoutes } from './modules/organisation/plugin.ts';
import { spaPlugin } from './spa.ts';
import { createLocation, type LocationRuntime } from './location/index.ts';
import { ingestRoutes } from './location/ingest/routes.ts';
import { positionRoutes } from './modules/positions/routes.ts';
import type { AppContext } from './app-context.ts';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Pino logger options; false silences (tests). */
  logger?: boolean | object;
  /** GMLC of the bundled simulator, when LBS_MLP_URL is unset. */
  mlpUrl?: string | undefined;
}

export interface BuiltApp {
  app: FastifyInstance;
  context: AppContext;
  identity: EmbeddedIdentity | undefined;
  location: LocationRuntime;
  /** Every route of the API scope with the access it declares (the route-coverage test reads it). */
  apiRoutes: ApiRoute[];
}

/** Builds the Fastify app: infrastructure plugins, then identity, then domain routes, then the SPA. */
export async function buildApp({ config, database, logger, mlpUrl }: BuildAppOptions): Promise<BuiltApp> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, serializers: { req: serializeRequest } },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installProblemHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", ...(config.externalIssuer ? [new URL(config.externalIssuer).origin] : [])],
        formAction: ["'self'", ...(config.externalIssuer ? [new URL(config.externalIssuer).origin] : [])],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'LBS Portal API',
        version: '1.0.0',
        description: 'Location-based monitoring of employee MSISDNs',
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_BASE_PATH}/docs` });

  const db = database.db;
  let identity: EmbeddedIdentity | undefined;
  let verifyToken;
  if (config.externalIssuer) {
    const jwksUri = await discoverJwksUri(config.externalIssuer);
    verifyToken = createTokenVerifier({ issuer: config.issuer, clientId: config.clientId, jwks: jwksUri });
  } else {
    const keys = await signingKeys(db);
    verifyToken = createTokenVerifier({
      issuer: config.issuer,
      clientId: config.clientId,
      jwks: publicJwks(keys),
    });
    identity = await embeddedIdentity(app, { config, db, keys });
  }
  const context: AppContext = { config, database, db, verifyToken };
  const location = await createLocation({ config, database, log: app.log, mlpUrl });
  app.addHook('onClose', () => location.close());

  await app.register(healthRoutes, { context });
  const apiRoutes: ApiRoute[] = [];
  await app.register(
    async (api) => {
      // Access first: every route registered below must declare who may call it.
      await api.register(routeAccess, { routes: apiRoutes });
      await api.register(clientConfigRoutes, { context });
      await api.register(assetRoutes);
      await api.register(authPlugin, { db, verify: verifyToken, embedded: !config.externalIssuer });
      await api.register(userManagementRoutes, { context, prefix: '/user-management' });
      await api.register(organisationRoutes, { context });
      await api.register(positionRoutes, { context, location });
    },
    { prefix: API_BASE_PATH },
  );
  await app.register(ingestRoutes, { ingest: location.ingest, prefix: '/ingest' });
  await app.register(spaPlugin, { config });
  return { app, context, identity, location, apiRoutes };
}
