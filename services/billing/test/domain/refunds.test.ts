import { describe, expect, it } from 'vitest';
import { creditNoteNumberOf, refundableCents, refundSplit } from '../../src/domain/refunds.ts';

describe('refunds', () => {
  // $17.03 charged: $14.19 of spend and fee, $2.84 of VAT.
  const statement = { advertiserChargeCents: 1703, taxCents: 284 };

  it('when a refund is cut in parts, then the parts give back exactly the statement’s tax in total', () => {
    const parts = [500, 1, 333, 869];
    let before = 0;
    const splits = parts.map((amount) => {
      const split = refundSplit(statement, before, amount);
      before += amount;
      return split;
    });

    expect(splits.map((split) => split.netCents + split.taxCents)).toEqual(parts);
    expect(splits.reduce((sum, split) => sum + split.taxCents, 0)).toBe(284);
    expect(splits.reduce((sum, split) => sum + split.netCents, 0)).toBe(1419);
  });

  it('when a statement had no tax, then a refund is all spend and fee', () => {
    expect(refundSplit({ advertiserChargeCents: 230, taxCents: 0 }, 0, 100)).toEqual({
      netCents: 100,
      taxCents: 0,
    });
  });

  it('when earlier refunds were made, then only what was charged less them is refundable, never below zero', () => {
    expect(refundableCents(statement, 0)).toBe(1703);
    expect(refundableCents(statement, 1700)).toBe(3);
    expect(refundableCents(statement, 1703)).toBe(0);
  });

  it('when credit notes are numbered, then they have their own yearly sequence apart from invoices', () => {
    expect(creditNoteNumberOf(2026, 7)).toBe('CN-2026-000007');
  });
});
