import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, type Problem } from '@lbs/contracts';
import { AppError, type FieldError } from './errors.ts';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
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
  429: 'problem.tooManyRequests',
  503: 'problem.unavailable',
};

function messageFor(key: string): string {
  return (MESSAGES as Record<string, string>)[key] ?? key;
}

/**
 * Zod issue messages are message keys (contracts): each field error carries the key as `code` and its English text
 * as `message`; a text that is not a key keeps the generic invalid key. Paths are dotted (`items.0.name`); outside
 * the body they name their part (`query.size`, `params.id`).
 */
function fieldErrorsFromZod(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const part = error.validationContext;
  const prefix = part && part !== 'body' ? `${part === 'querystring' ? 'query' : part}.` : '';
  return error.validation.map((v) => {
    const field = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    const path = field ? `${prefix}${field}` : prefix.slice(0, -1);
    if (v.message && v.message in MESSAGES) return { path, code: v.message, message: messageFor(v.message) };
    return { path, code: 'validation.invalid', message: v.message || messageFor('validation.invalid') };
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

/** One global handler: problem+json for every error; a 5xx never carries internal detail, it is logged instead. */
export function installProblemHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let code = 'problem.internal';
    let detail: string | undefined;
    let errors: FieldError[] | undefined;
    if (error instanceof AppError) {
      status = error.status;
      code = error.code;
      detail = error.message;
      errors = error.errors;
      if (error.headers) reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      status = 400;
      code = 'problem.validation';
      detail = messageFor(code);
      errors = fieldErrorsFromZod(error);
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      code = GENERIC_CODES[status] ?? 'problem.validation';
      detail = error.message;
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      detail = messageFor('problem.internal');
    }
    reply
      .status(status)
      .type('application/problem+json')
      .send(problemBody(status, code, detail, request.id, errors));
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .type('application/problem+json')
      .send(
        problemBody(
          404,
          'problem.notFound',
          `No route for ${request.method} ${request.url.split('?')[0]}`,
          request.id,
        ),
      );
  });
}
