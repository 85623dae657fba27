import { z } from 'zod';
import { decimalToMinor } from '../../../lib/money.ts';

/**
 * A form's amount, typed in the invoice currency's units ("150.50"): more than zero, with no more decimals than the
 * currency has. `toMinor` turns the valid text into the integer minor units the API takes (15050).
 */
export const amountField = (currency: string) =>
  z.string().refine((value) => (decimalToMinor(value, currency) ?? 0) > 0, 'validation.amountPositive');

export const toMinor = (value: string, currency: string): number => decimalToMinor(value, currency) ?? 0;
