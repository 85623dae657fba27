import {
  MESSAGES,
  messageText,
  parseFieldMessage,
  type MessageKey,
  type MessageParams,
} from '@lbs/contracts';

export interface FieldError {
  path: string;
  message: string;
  code: string;
  /** The values the message names (`{ max: 120 }` for "At most 120 characters"); the UI fills them in. */
  params?: MessageParams;
}

/**
 * A zod issue's message (a contracts fieldMessage: `validation.tooLong?max=120`) at `path` → the field error: the key
 * as `code`, its values as `params`, its English text filled in as `message`. A text that is no key keeps the generic
 * invalid key.
 */
export function fieldErrorFrom(path: string, issueMessage: string | undefined): FieldError {
  const parsed = issueMessage ? parseFieldMessage(issueMessage) : undefined;
  if (!parsed)
    return { path, code: 'validation.invalid', message: issueMessage || MESSAGES['validation.invalid'] };
  return {
    path,
    code: parsed.key,
    ...(parsed.params ? { params: parsed.params } : {}),
    message: messageText(parsed.key, parsed.params),
  };
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
