import { describe, expect, it } from 'vitest';
import en from '../../../packages/ui/src/locales/en.json';
import {
  creditProblems,
  formatE4,
  formatMinorUnits,
  parseMinorUnits,
  refundProblems,
  stateTone,
  statementStates,
} from '../../src/domain/billing.ts';

const states: Record<string, string> = en.admin.billing.state;

describe('billing amounts', () => {
  it('when a statement charges integer cents, then they are shown in its currency exactly', () => {
    expect(formatMinorUnits(1311, 'USD', 'en')).toBe('$13.11');
    expect(formatMinorUnits(0, 'USD', 'en')).toBe('$0.00');
    // Beyond a float's exact cents: 2^53 - 1 cents keeps every digit.
    expect(formatMinorUnits(9_007_199_254_740_991, 'USD', 'en')).toBe('$90,071,992,547,409.91');
    expect(formatMinorUnits(123_456, 'EUR', 'fr')).toBe('1\u202f234,56\u00a0€');
    // A yen statement's minor unit is the yen itself: 17,250 of them are ¥17,250, not ¥173.
    expect(formatMinorUnits(17_250, 'JPY', 'en')).toBe('¥17,250');
    expect(formatMinorUnits(-1_500, 'JPY', 'en')).toBe('-¥1,500');
    expect(formatMinorUnits(-5, 'USD', 'en')).toBe('-$0.05');
  });

  it('when a ledger entry costs E4, then its fourth decimal is kept and whole cents show two', () => {
    expect(formatE4(25, 'USD', 'en')).toBe('$0.0025');
    expect(formatE4(114_000, 'USD', 'en')).toBe('$11.40');
    expect(formatE4(0, 'USD', 'en')).toBe('$0.00');
    expect(formatE4(750_000, 'JPY', 'en')).toBe('¥75');
    expect(formatE4(862_500, 'JPY', 'en')).toBe('¥86.25');
  });
});

describe('the credit form', () => {
  it('when the ad event id is not a UUID or the reason is blank or too long, then it says which', () => {
    expect(creditProblems('21ce1512-dc9f-4759-9a88-455c235d2ab1', 'Click farm')).toEqual({});
    expect(creditProblems('21ce1512', '  ')).toEqual({
      adEventId: 'billing.credit.adEventInvalid',
      reason: 'billing.credit.reasonRequired',
    });
    expect(creditProblems('21ce1512-dc9f-4759-9a88-455c235d2ab1', 'x'.repeat(501))).toEqual({
      reason: 'billing.credit.reasonTooLong',
    });
  });
});

describe('charge states', () => {
  it('when the filter and badges name a state, then English has its words and each state a tone', () => {
    for (const state of statementStates) expect(states[state]).toEqual(expect.any(String));
    expect(Object.keys(stateTone).sort()).toEqual(statementStates.filter((s) => s !== 'all').sort());
  });
});

describe('the refund form', () => {
  it('when an amount is typed in dollars, then it is read into exact cents', () => {
    expect(parseMinorUnits('12.5', 'USD')).toBe(1250);
    expect(parseMinorUnits('0,07', 'EUR')).toBe(7);
    expect(parseMinorUnits(' 3 ', 'USD')).toBe(300);
    expect(parseMinorUnits('1.005', 'USD')).toBeUndefined();
    expect(parseMinorUnits('-1', 'USD')).toBeUndefined();
    expect(parseMinorUnits('1e3', 'USD')).toBeUndefined();
    expect(parseMinorUnits('500', 'JPY')).toBe(500);
  });

  it('when the amount is zero, more than is left, or the reason is missing, then the form says so', () => {
    expect(refundProblems('0', 'Goodwill', 230, 'USD').amount).toBe('billing.refund.amountInvalid');
    expect(refundProblems('2.31', 'Goodwill', 230, 'USD').amount).toBe('billing.refund.amountTooLarge');
    expect(refundProblems('2.30', ' ', 230, 'USD')).toMatchObject({
      reason: 'billing.refund.reasonRequired',
      amountCents: 230,
    });
    expect(refundProblems('1', 'x'.repeat(501), 230, 'USD').reason).toBe('billing.refund.reasonTooLong');
  });
});
