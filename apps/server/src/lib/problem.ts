import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, type MessageKey, type Problem } from '@lbs/contracts';
import { AppError, fieldErrorFrom, type FieldError } from './errors.ts';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const GENERIC_CODES: Record<number, string> = {
  400: 'problem.validation',
  401: 'auth.unauthorized',
  403: 'auth.forbidden',
  404: 'problem.notFound',
  409: 'problem.conflict',
  413: 'problem.payloadTooLarge',
  414: 'problem.uriTooLong',
  415: 'problem.unsupportedMediaType',
  429: 'problem.tooManyRequests',
  503: 'problem.unavailable',
};

function messageFor(key: string): string {
  return (MESSAGES as Record<string, string>)[key] ?? key;
}

/**
 * Zod issue messages are message keys (contracts), with the values of a limit (`validation.tooLong?max=120`): each
 * field error carries the key as `code`, the values as `params` and its English text as `message`; a text that is
 * not a key keeps the generic invalid key. Paths are dotted (`items.0.name`); outside
 * the body they name their part (`query.size`, `params.id`).
 */
function fieldErrorsFromZod(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const part = error.validationContext;
  const prefix = part && part !== 'body' ? `${part === 'querystring' ? 'query' : part}.` : '';
  return error.validation.map((v) => {
    const field = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    const path = field ? `${prefix}${field}` : prefix.slice(0, -1);
    return fieldErrorFrom(path, v.message);
  });
}

export function problemBody(
  status: number,
  code: string,
  detail: string | undefined,
  requestId: string,
  errors?: FieldError[],
): Problem {
  return {
    type: status >= 500 ? 'about:blank' : `urn:lbs:problem:${code}`,
    title: TITLES[status] ?? 'Error',
    status,
    code,
    ...(detail ? { detail } : {}),
    requestId,
    ...(errors && errors.length ? { errors } : {}),
  };
}

/**
 * Fastify's own errors (router, body parser, content types, limits) → status and stable code. Everything Fastify can
 * throw gets one of these or, for any other 4xx, the generic code of its status.
 */
const FRAMEWORK_CODES: Record<string, { status: number; code: MessageKey }> = {
  FST_ERR_BAD_URL: { status: 400, code: 'problem.malformedRequest' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'problem.uriTooLong' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'problem.malformedRequest' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'problem.unsupportedMediaType' },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, code: 'problem.unsupportedMediaType' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'problem.payloadTooLarge' },
  // A body that does not parse is a validation problem of the whole body (what clients have always been told).
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'problem.validation' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'problem.validation' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'problem.malformedRequest' },
  FST_ERR_CTP_EMPTY_TYPE: { status: 415, code: 'problem.unsupportedMediaType' },
};

interface ProblemParts {
  status: number;
  code: string;
  detail?: string | undefined;
  errors?: FieldError[] | undefined;
  headers?: Record<string, string> | undefined;
}

/** Any thrown value → the problem it answers. A 5xx never carries internal detail. */
export function problemOf(error: unknown): ProblemParts {
  if (error instanceof AppError)
    return {
      status: error.status,
      code: error.code,
      detail: error.message,
      errors: error.errors,
      headers: error.headers,
    };
  const e = (typeof error === 'object' && error !== null ? error : {}) as Partial<FastifyError>;
  if (hasZodFastifySchemaValidationErrors(e) || e.validation)
    return {
      status: 400,
      code: 'problem.validation',
      detail: messageFor('problem.validation'),
      errors: fieldErrorsFromZod(e as FastifyError),
    };
  const known = e.code ? FRAMEWORK_CODES[e.code] : undefined;
  if (known) return { status: known.status, code: known.code, detail: messageFor(known.code) };
  // A body that is not JSON (SyntaxError), or forbidden __proto__ keys (secure-json-parse): the parser's 400.
  if (e.statusCode === 400 && (e instanceof SyntaxError || !e.code))
    return { status: 400, code: 'problem.validation', detail: messageFor('problem.validation') };
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500)
    return {
      status: e.statusCode,
      code: GENERIC_CODES[e.statusCode] ?? 'problem.validation',
      detail: messageFor(GENERIC_CODES[e.statusCode] ?? 'problem.validation'),
    };
  return { status: 500, code: 'problem.internal', detail: messageFor('problem.internal') };
}

/** Writes one problem+json answer; every error path of the server ends here. */
export function sendProblem(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const problem = problemOf(error);
  if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
  if (problem.headers) reply.headers(problem.headers);
  return reply
    .status(problem.status)
    .header('x-request-id', request.id)
    .type('application/problem+json')
    .send(problemBody(problem.status, problem.code, problem.detail, request.id, problem.errors));
}

/** Fastify's `frameworkErrors` option: router errors (a malformed %-escape, an over-long parameter) as problems. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void sendProblem(request, reply, error);
}

/** @fastify/rate-limit's `errorResponseBuilder`: the thrown error the global handler turns into a 429 problem. */
export function rateLimitError(
  _request: FastifyRequest,
  context: { statusCode: number; after: string },
): AppError {
  return new AppError(
    context.statusCode === 403 ? 403 : 429,
    context.statusCode === 403 ? 'auth.forbidden' : 'problem.tooManyRequests',
    `${messageFor('problem.tooManyRequests')} (${context.after})`,
  );
}

/**
 * One global handler path: problem+json for every error (thrown, validation, body parser, rate limiter), for an
 * unknown path, and for a request that arrives while the server drains (Fastify's own 503 answer is plain JSON, so
 * `return503OnClosing` is off and this hook answers instead).
 */
export function installProblemHandler(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw new AppError(503, 'problem.unavailable', messageFor('problem.unavailable'));
  });
  app.setErrorHandler((error: FastifyError, request, reply) => sendProblem(request, reply, error));
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      request,
      reply,
      new AppError(404, 'problem.notFound', `No route for ${request.method} ${request.url.split('?')[0]}`),
    ),
  );
}
