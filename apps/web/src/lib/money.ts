import { currencyDigits, MINOR_MAX } from '@lbs/contracts';

const AMOUNT = /^(\d{1,14})(?:[.,](\d+))?$/;

/**
 * An amount typed in the currency's units ("150.5" EUR) → integer minor units (15050), exactly (no float). Undefined
 * when it is no amount, has more decimals than the currency (EUR 2, JPY 0, KWD 3) or exceeds MINOR_MAX.
 */
export function decimalToMinor(text: string, currency: string): number | undefined {
  const match = AMOUNT.exec(text.trim());
  if (!match) return undefined;
  const digits = currencyDigits(currency);
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return undefined;
  const minor = Number(`${match[1]}${fraction.padEnd(digits, '0')}`);
  return Number.isSafeInteger(minor) && minor <= MINOR_MAX ? minor : undefined;
}
