import { isCountryCode } from '@lbs/contracts';

/**
 * The country list of the forms' country select. Its own module: the check behind it carries libphonenumber's
 * metadata, which the first bundle (everything that formats a date) should not.
 */
let countryCodes: string[] | undefined;
/** Every ISO 3166-1 alpha-2 code the shared schemas accept (the ones with a calling code). */
export function allCountryCodes(): string[] {
  if (!countryCodes) {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    countryCodes = [...letters].flatMap((a) => [...letters].map((b) => a + b)).filter(isCountryCode);
  }
  return countryCodes;
}
