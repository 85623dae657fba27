import { ApiError, isMessageKey } from '../../../lib/api/api-error.ts';

/** The server's field messages (keys) by path, for a dialog's fields. */
export function fieldErrorsOf(error: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (!(error instanceof ApiError)) return out;
  for (const f of error.fieldErrors) out.set(f.path, isMessageKey(f.code) ? f.code : 'validation.invalid');
  return out;
}
