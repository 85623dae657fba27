import { describe, expect, it } from 'vitest';
import { decimalToMinor } from './money.ts';

describe('decimalToMinor', () => {
  it('turns an amount into the currency’s minor units exactly', () => {
    expect(decimalToMinor('150.5', 'EUR')).toBe(15_050);
    expect(decimalToMinor(' 0,07 ', 'EUR')).toBe(7);
    expect(decimalToMinor('500', 'JPY')).toBe(500);
    expect(decimalToMinor('1.234', 'KWD')).toBe(1_234);
    expect(decimalToMinor('0.29', 'USD')).toBe(29);
  });

  it('refuses more decimals than the currency has, signs, words and amounts beyond MINOR_MAX', () => {
    expect(decimalToMinor('1.005', 'EUR')).toBeUndefined();
    expect(decimalToMinor('1.5', 'JPY')).toBeUndefined();
    expect(decimalToMinor('-5', 'EUR')).toBeUndefined();
    expect(decimalToMinor('ten', 'EUR')).toBeUndefined();
    expect(decimalToMinor('9000000000000.01', 'EUR')).toBeUndefined();
  });
});
