import { describe, expect, it } from 'vitest';
import { messageText } from '../messages.ts';
import { creditNoteBodySchema, paymentBodySchema } from './billing.ts';

const messageOf = (
  result: { error?: { issues: { path: PropertyKey[]; message: string }[] } },
  path: string,
) => result.error?.issues.find((i) => i.path.join('.') === path)?.message;

describe('billing amounts', () => {
  it('a payment or credit note of nothing asks for more than zero, not "zero or more"', () => {
    for (const amountMinor of [0, -100]) {
      const payment = paymentBodySchema.safeParse({ amountMinor, paidOn: '2026-11-20' });
      expect(messageOf(payment, 'amountMinor')).toBe('validation.amountPositive');
      const credit = creditNoteBodySchema.safeParse({ amountMinor, reason: 'Goodwill' });
      expect(messageOf(credit, 'amountMinor')).toBe('validation.amountPositive');
    }
    expect(messageText('validation.amountPositive')).toBe('Enter an amount greater than zero');
    // A fraction of a minor unit is still no amount at all.
    expect(
      messageOf(paymentBodySchema.safeParse({ amountMinor: 1.5, paidOn: '2026-11-20' }), 'amountMinor'),
    ).toBe('validation.amountInvalid');
  });
});
