import { ApiError } from '../../../lib/api/api-error.ts';
import { fieldMessageOf } from '../../../lib/field-message.ts';

/** The server's field messages (keys with their values, lib/field-message.ts) by path, for a dialog's fields. */
export function fieldErrorsOf(error: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (!(error instanceof ApiError)) return out;
  for (const f of error.fieldErrors) out.set(f.path, fieldMessageOf(f));
  return out;
}
