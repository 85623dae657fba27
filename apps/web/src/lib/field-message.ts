/**
 * Field messages in the user's language: a contracts fieldMessage string (`validation.tooLong?max=120`, from a zod
 * issue or a server field error's `code` + `params`) → its text with the values filled in, written the locale's way
 * (digits of the language, dates in its format: "At most 120 characters", "بين ١ و١٤٤٠").
 *
 *   const text = useFieldErrorText();          // components/form-fields.tsx
 *   text(fieldState.error?.message)
 */
import type { TFunction } from 'i18next';
import { fieldMessage, isIsoDate, parseFieldMessage, type MessageParams } from '@lbs/contracts';
import { isMessageKey, type FieldProblem } from './api/api-error.ts';
import { formatDate } from './format.ts';

/** A server field error → the one message string the forms carry (its key with the values it names). */
export function fieldMessageOf(problem: Pick<FieldProblem, 'code' | 'message' | 'params'>): string {
  if (isMessageKey(problem.code)) return fieldMessage(problem.code, problem.params);
  return isMessageKey(problem.message) ? problem.message : 'validation.invalid';
}

/** The values as the locale writes them: numbers without grouping (a limit, not an amount), ISO dates localised. */
export function localiseParams(locale: string, params: MessageParams | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const number = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 20 });
  for (const [name, value] of Object.entries(params ?? {})) {
    out[name] =
      typeof value === 'number' ? number.format(value) : isIsoDate(value) ? formatDate(locale, value) : value;
  }
  return out;
}

/** A message string → its text in the language of `t`; a text that names no message key is shown as it is. */
export function messageTextIn(t: TFunction, locale: string, message: string): string {
  const parsed = parseFieldMessage(message);
  if (!parsed) return message;
  return t(parsed.key, localiseParams(locale, parsed.params));
}
