import { MESSAGES, type MessageKey } from '@lbs/contracts';
import { AppError } from '../lib/errors.ts';

/** 409 whose code is a message key; with `path` it also names the field (a taken name, a taken number). */
export function conflictOn(code: MessageKey, path?: string): AppError {
  const message = MESSAGES[code];
  return new AppError(409, code, message, path ? [{ path, code, message }] : undefined);
}

/** 400 for a rule the schema cannot check alone (a reference outside the company, a role constraint). */
export function invalidField(path: string, code: MessageKey): AppError {
  return new AppError(400, 'problem.validation', MESSAGES['problem.validation'], [
    { path, code, message: MESSAGES[code] },
  ]);
}
