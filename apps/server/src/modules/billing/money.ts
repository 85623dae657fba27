import { currencyDigits } from '@lbs/contracts';

/**
 * Exact money arithmetic: decimal texts (unit prices, rates: up to 6 decimals) as scaled bigints, amounts as integer
 * minor units of the currency. Rounding is half-up (away from zero) once per line — never a float in between.
 */

/** Decimal texts are read at this scale (10⁶: the six decimals of `numeric(20, 6)`). */
export const SCALE = 6;
const SCALE_FACTOR = 10n ** BigInt(SCALE);

/** "12.5" → 12_500_000n (scaled by 10⁶). Throws on anything but an unsigned or negative plain decimal. */
export function parseScaled(text: string): bigint {
  const match = /^(-)?(\d+)(?:\.(\d{1,6})\d*)?$/.exec(text.trim());
  if (!match) throw new Error(`not a decimal: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const value = BigInt(whole!) * SCALE_FACTOR + BigInt(fraction.padEnd(SCALE, '0'));
  return sign ? -value : value;
}

/** 12_500_000n → "12.500000". */
export function formatScaled(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / SCALE_FACTOR;
  const fraction = (abs % SCALE_FACTOR).toString().padStart(SCALE, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** n / d rounded half away from zero (d > 0). */
export function divRound(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new Error('divisor must be positive');
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const q = (abs * 2n + d) / (2n * d);
  return negative ? -q : q;
}

/** 10^digits of the currency as a bigint (EUR 100n, JPY 1n, KWD 1000n). */
export function minorFactor(currency: string): bigint {
  return 10n ** BigInt(currencyDigits(currency));
}

/**
 * A scaled unit price times a quantity `num / den`, in minor units of the currency, rounded half-up:
 * round(price × num / den × 10^digits).
 */
export function lineAmountMinor(price: bigint, num: bigint, den: bigint, currency: string): bigint {
  return divRound(price * num * minorFactor(currency), SCALE_FACTOR * den);
}

/** A scaled major amount (a fixed rebate "25.00") in minor units, rounded half-up. */
export function majorToMinor(amount: bigint, currency: string): bigint {
  return divRound(amount * minorFactor(currency), SCALE_FACTOR);
}

/** A percentage (scaled, "15" → 15_000_000n) of a minor amount, rounded half-up. */
export function percentOfMinor(minor: bigint, percent: bigint): bigint {
  return divRound(minor * percent, 100n * SCALE_FACTOR);
}

/** Minor units as a JavaScript number (they stay far inside 2^53: MINOR_MAX). */
export function toNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new Error('amount out of range');
  return Number(value);
}
