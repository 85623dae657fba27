/** Money as integer minor units of a currency (no zod here: the app shell formats amounts without the schemas). */

/** Minor units are PostgreSQL bigints, but stay within JavaScript's exact integers. */
export const MINOR_MAX = 900_000_000_000_000;

const digitsByCurrency = new Map<string, number>();
/** The number of decimals of a currency (EUR 2, JPY 0, KWD 3), from the runtime's ISO 4217 data (remembered). */
export function currencyDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** Minor units as a decimal string of the currency (12345 EUR → "123.45"; JPY 500 → "500"). */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const negative = minor < 0;
  const text = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  const whole = digits ? text.slice(0, -digits) : text;
  const fraction = digits ? `.${text.slice(-digits)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
