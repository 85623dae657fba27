import { z } from 'zod';
import type { MessageKey } from '../messages.ts';
import { TOO_LONG } from './limits.ts';

/**
 * The one string type of every request schema (bodies, queries, path parameters). Text the database cannot store is
 * refused here, with a field message, before it reaches a query: U+0000 (PostgreSQL `text` has no NUL byte) and
 * lone UTF-16 surrogates (`"\ud800"` is valid JSON but no Unicode character, so it fails in `jsonb` and breaks
 * UTF-8). In `u` mode `\p{Cs}` matches only unpaired surrogates; emoji and RTL marks pass.
 */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /[\u0000\p{Cs}]/u;

export const TEXT_INVALID: MessageKey = 'validation.textInvalid';

/** True when the string holds only characters PostgreSQL and JSON can store. */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * A request string: refuses NUL and lone surrogates (`validation.textInvalid`, aborting the field's other rules).
 * `error` is the message of a missing or non-string value.
 */
export const safeString = (error: MessageKey = 'validation.invalid') =>
  z.string({ error }).refine(isStorableText, { message: TEXT_INVALID, abort: true });

/** A name or other short text a person typed: safeString, trimmed and in Unicode NFC (é is one code point). */
export const nameString = (error: MessageKey = 'validation.invalid') =>
  safeString(error).trim().normalize('NFC');

/**
 * Options of a cross-field rule (an object's `.refine`): it runs only once every field has parsed, so it never sees
 * a raw value (`from: "a"` where a Date was expected) and adds nothing to the field errors already found.
 */
export const AFTER_FIELDS = {
  when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0,
};

/** A list's search text (`q`): the same rules as a name, at most 200 characters. */
export const searchText = () => nameString().max(200, TOO_LONG);
