import type { MessageKey } from '@lbs/contracts';

export interface FieldError {
  path: string;
  message: string;
  code: string;
}

/** The one error factory: status, stable code (a message key the UI translates), message, field errors. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: MessageKey | (string & {}),
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  /** Fastify's name for the status, so handlers of other scopes (the sign-in page's) read it too. */
  get statusCode(): number {
    return this.status;
  }
}

export const notFound = (what = 'The requested item') =>
  new AppError(404, 'problem.notFound', `${what} was not found.`);
export const unauthorized = (detail = 'A valid bearer token is required.') =>
  new AppError(401, 'auth.unauthorized', detail, undefined, { 'www-authenticate': 'Bearer realm="lbs"' });
export const forbidden = (code: MessageKey = 'auth.forbidden', detail = 'You are not allowed to do this.') =>
  new AppError(403, code, detail);
export const conflict = (detail: string, code: MessageKey | (string & {}) = 'problem.conflict') =>
  new AppError(409, code, detail);
export const validationFailed = (errors: FieldError[], detail = 'Some fields are not valid.') =>
  new AppError(400, 'problem.validation', detail, errors);
