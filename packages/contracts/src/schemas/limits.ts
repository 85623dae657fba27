import { z } from 'zod';
import { DATE_MAX, DATE_MIN } from '../constants.ts';
import { fieldMessage, type MessageKey } from '../messages.ts';

/**
 * The one message builder of the schemas' limits: each message names its limit (`At most 120 characters`,
 * `Between 1 and 1440`), as a fieldMessage string (`validation.tooLong?max=120`) that the server turns into
 * `errors[].code` + `params` and the web app into text in the user's language.
 *
 *   safeString().max(TITLE_MAX, TOO_LONG)      // the limit is read from the check itself
 *   z.array(item).max(20, TOO_MANY)
 *   intBetween(1, 1440)                         // an integer; an empty box says it is required
 */

/** What a limit check's error map receives: the bound it failed. */
interface BoundIssue {
  maximum?: unknown;
  minimum?: unknown;
}

/** A string longer than its `.max(n)`: `At most n characters`. */
export const TOO_LONG = {
  error: (issue: BoundIssue) => fieldMessage('validation.tooLong', { max: Number(issue.maximum) }),
};

/** A list longer than its `.max(n)`: `At most n items`. */
export const TOO_MANY = {
  error: (issue: BoundIssue) => fieldMessage('validation.tooMany', { max: Number(issue.maximum) }),
};

/** `Between min and max` (numbers). */
export const outOfRange = (min: number, max: number): string =>
  fieldMessage('validation.numberOutOfRange', { min, max });

/** `Date must be between 1900-01-01 and 2099-12-31` (SPEC §9), the dates shown in the user's format. */
export const DATE_OUT_OF_RANGE = fieldMessage('validation.dateOutOfRange', { min: DATE_MIN, max: DATE_MAX });

/** No value where one is needed: absent, null, or a number box left empty (NaN). */
function isMissing(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'number' && Number.isNaN(input));
}

/**
 * An integer from `min` to `max`: out of range or not an integer says `Between min and max`; no value says
 * `required` (a MESSAGES key, `validation.required` unless told).
 */
export function intBetween(min: number, max: number, required: MessageKey = 'validation.required') {
  const range = outOfRange(min, max);
  return z
    .number({ error: (issue) => (isMissing(issue.input) ? required : range) })
    .int(range)
    .min(min, range)
    .max(max, range);
}
