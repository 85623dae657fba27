import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { z } from 'zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_BASE_PATH, problemSchema } from '@lbs/contracts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What the API document shows beyond the route's own schema, for routes that read their input themselves (the
     * tracking apps' ingest): query, headers, body and responses as zod schemas (documentation only, never
     * validated or used to serialise) and the content types they accept.
     */
    openapi?: {
      querystring?: z.ZodType;
      headers?: z.ZodType;
      body?: z.ZodType;
      consumes?: string[];
      response?: Record<number, z.ZodType>;
    };
  }
}

/** The one component schema every error response of the document refers to. */
export const PROBLEM_SCHEMA_REF = '#/components/schemas/Problem';
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** How callers authenticate: the API's bearer access token, and what the ingest and webhook endpoints take. */
export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'An access token of the portal’s identity provider.',
  },
  deviceToken: {
    type: 'apiKey',
    in: 'query',
    name: 'id',
    description:
      'The MSISDN’s device token (POST /msisdns/{id}/device-token), as OsmAnd / Traccar Client sends its device ' +
      'identifier; also accepted as `deviceid`, or as `device_id` in the JSON body.',
  },
  deviceTokenBasic: {
    type: 'http',
    scheme: 'basic',
    description: 'OwnTracks HTTP mode: any user name, the device token as the password.',
  },
  webhookToken: {
    type: 'apiKey',
    in: 'header',
    name: 'x-webhook-token',
    description: 'The shared secret of the inbound-SMS webhook (SMS_WEBHOOK_TOKEN).',
  },
  webhookBearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'The same webhook secret as `Authorization: Bearer <token>`.',
  },
} as const;

const TITLES: Record<string, string> = {
  '400': 'The request is not valid (field errors in `errors`)',
  '401': 'No valid credentials',
  '403': 'Not allowed',
  '404': 'Not found in the caller’s scope',
  '409': 'Conflicts with existing data',
  '413': 'The request is too large',
  '415': 'This content type is not accepted',
  '429': 'Too many requests',
  '502': 'The mobile network failed',
  default: 'Any other error, as problem+json',
};

type Operation = {
  operationId?: string;
  responses?: Record<string, { description?: string; content?: unknown }>;
  [key: string]: unknown;
};
type OpenApiDocument = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** `/api/v1/lbs-backend/msisdns/{id}/device-token` + post → `postMsisdnsByIdDeviceToken`. */
export function operationIdOf(method: string, path: string): string {
  const relative = path.startsWith(API_BASE_PATH) ? path.slice(API_BASE_PATH.length) : path;
  const words = relative
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      const text = param ? `by-${param[1]}` : segment;
      return text
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join('');
    });
  return `${method.toLowerCase()}${words.join('')}`;
}

/** A path without its trailing slash: `/companies/` (a route '/' under a prefix) is `/companies`. */
const canonicalPath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * The last step of the document, over every operation (so a route added later follows it without doing anything):
 * paths without trailing slashes, an operationId derived from method and path unless the route names one, and every
 * error response — the declared 4xx/5xx and a `default` — as problem+json referring to the one Problem schema.
 */
export function finishDocument({
  openapiObject,
}: {
  openapiObject: Partial<OpenApiDocument>;
}): OpenApiDocument {
  const doc = openapiObject as OpenApiDocument;
  const paths: NonNullable<OpenApiDocument['paths']> = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const canonical = canonicalPath(path);
    paths[canonical] = { ...paths[canonical], ...item };
  }
  const problem = { content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: PROBLEM_SCHEMA_REF } } } };
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operation.operationId ??= operationIdOf(method, path);
      const responses = (operation.responses ??= {});
      for (const status of [...Object.keys(responses), 'default']) {
        if (status !== 'default' && Number(status) < 400) continue;
        const described = responses[status]?.description;
        responses[status] = {
          description: (described !== 'Default Response' && described) || TITLES[status] || 'Error',
          ...problem,
        };
      }
    }
  }
  return {
    ...doc,
    paths,
    components: {
      ...doc.components,
      schemas: {
        ...doc.components?.schemas,
        Problem: z.toJSONSchema(problemSchema, { target: 'openapi-3.0', io: 'output' }),
      },
    },
  };
}

/** Per route: zod schemas to JSON Schema, plus what `config.openapi` documents for routes that read input themselves. */
const transformRoute: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (input) => {
  const docs = (input.route.config as { openapi?: { response?: object } } | undefined)?.openapi;
  if (!docs) return jsonSchemaTransform(input);
  const schema = input.schema as { response?: object } | undefined;
  const response = { ...schema?.response, ...docs.response };
  return jsonSchemaTransform({ ...input, schema: { ...input.schema, ...docs, response } });
};

/** @fastify/swagger's options: the API's description, its security schemes, and the two steps above. */
export function openApiOptions(publicUrl: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'LBS Portal API',
        version: '1.0.0',
        description:
          'Location-based monitoring of employee MSISDNs. Every error is `application/problem+json` (the Problem ' +
          'schema): `code` is a stable message key, `errors` lists field errors.',
      },
      servers: [{ url: publicUrl }],
      components: { securitySchemes: SECURITY_SCHEMES },
      security: [{ bearer: [] }],
    },
    transform: transformRoute,
    transformObject: finishDocument as unknown as FastifyDynamicSwaggerOptions['transformObject'],
  };
}
