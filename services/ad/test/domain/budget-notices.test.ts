import { describe, expect, it } from 'vitest';
import { budgetNoticesCrossed } from '../../src/domain/advertiser-notices.ts';

// A $100 budget in E4 and a $0.50 click.
const budget = 1_000_000;
const click = 5_000;

describe('the budget notices a charge crosses', () => {
  it('when the spend reaches 80 % exactly, then 80 % is said, once', () => {
    expect(budgetNoticesCrossed(795_000, click, budget)).toEqual(['budget-80']);
    expect(budgetNoticesCrossed(800_000, click, budget)).toEqual([]);
  });

  it('when what is left cannot pay another event at this price, then 100 % is said, once', () => {
    expect(budgetNoticesCrossed(990_000, click, budget)).toEqual([]);
    expect(budgetNoticesCrossed(995_000, click, budget)).toEqual(['budget-100']);
    // A budget that no click fits exactly: 100 % once less than a click is left.
    expect(budgetNoticesCrossed(990_000, 7_000, budget)).toEqual(['budget-100']);
  });

  it('when one charge crosses both marks, then both are said; nothing for a free or invalid event', () => {
    expect(budgetNoticesCrossed(0, 1_000_000, budget)).toEqual(['budget-80', 'budget-100']);
    expect(budgetNoticesCrossed(795_000, 0, budget)).toEqual([]);
    expect(budgetNoticesCrossed(100_000, click, budget)).toEqual([]);
  });
});
