import { z } from 'zod';
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { blankToNull } from '../values.ts';
import { safeString } from './text.ts';

/**
 * The fields checked with libphonenumber's metadata (phone numbers, countries with a calling code): a module of their
 * own, so that code which only needs the other fields (the web app's first bundle) does not carry the metadata.
 */

/** A phone number in any common spelling → E.164 (`+393471234567`), or undefined when it is not a valid number. */
export function toE164(value: string): string | undefined {
  const trimmed = value.trim().replace(/^00/, '+');
  if (!/^\+?[\d\s().-]{6,24}$/.test(trimmed)) return undefined;
  const parsed = parsePhoneNumberFromString(trimmed.startsWith('+') ? trimmed : `+${trimmed}`);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** ISO 3166-1 alpha-2 country code (one of the countries with a calling code). */
export function isCountryCode(value: string): boolean {
  return /^[A-Z]{2}$/.test(value) && isSupportedCountry(value);
}

/** The number in E.164, or an issue on the field (and zod's NEVER) when it is not a valid number. */
function e164Of(value: string, ctx: z.RefinementCtx): string {
  const e164 = toE164(value);
  if (e164) return e164;
  ctx.issues.push({ code: 'custom', message: 'validation.phoneInvalid', input: value });
  return z.NEVER;
}

/** Required phone number, normalised to E.164 ('Enter a valid phone number'). */
export const phoneField = () => safeString('validation.phoneInvalid').transform(e164Of);

/** Optional phone number: absent stays absent, '' and null clear it, anything else must be a valid number. */
export const optionalPhone = () =>
  safeString('validation.phoneInvalid')
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value === null || !value.trim()) return null;
      return e164Of(value, ctx);
    });

export const optionalCountry = () =>
  safeString('validation.countryInvalid')
    .trim()
    .toUpperCase()
    .nullish()
    .transform(blankToNull)
    .refine((v) => v == null || isCountryCode(v), 'validation.countryInvalid');
