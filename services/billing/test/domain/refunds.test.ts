import { describe, expect, it } from 'vitest';
import {
  creditNoteNumberOf,
  moreThanRefundableMessage,
  refundableCents,
  refundSplit,
} from '../../src/domain/refunds.ts';

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

  it('when a refund is more than is left, then the message names what is left in the statement’s currency', () => {
    expect(moreThanRefundableMessage(230, 'USD')).toContain('at most $2.30.');
    expect(moreThanRefundableMessage(13_198, 'JPY')).toContain('at most ¥13,198.');
    expect(moreThanRefundableMessage(123_456, 'EUR')).toContain('at most €1,234.56.');
  });

  it('when a yen statement with tax is refunded in parts, then the tax given back is whole yen and adds up', () => {
    // ¥15,618 charged: ¥14,198 of spend and fee, ¥1,420 of tax.
    const yen = { advertiserChargeCents: 15_618, taxCents: 1420 };
    const first = refundSplit(yen, 0, 1000);
    const rest = refundSplit(yen, 1000, 14_618);
    expect(first).toEqual({ netCents: 909, taxCents: 91 });
    expect(first.taxCents + rest.taxCents).toBe(1420);
    expect(first.netCents + rest.netCents).toBe(14_198);
  });

  it('when credit notes are numbered, then they have their own yearly sequence apart from invoices', () => {
    expect(creditNoteNumberOf(2026, 7)).toBe('CN-2026-000007');
  });
});
