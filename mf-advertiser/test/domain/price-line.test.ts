import { describe, expect, it } from 'vitest';
import { priceLine } from '../../src/domain/price-line.ts';
import { campaignBadges, findingText } from '../../src/domain/campaign-display.ts';

const pricing = {
  feeRateBp: 1500,
  placements: [
    { key: 'home-sidebar' as const, factorBp: 10_000 },
    { key: 'laundromat-detail' as const, factorBp: 12_000 },
  ],
};

describe('the price line beside the budget and bid', () => {
  it.each([
    ['100', '0.5', 100, 115],
    ['100.00', '0.50', 100, 115],
    ['12.34', '0.1', 12.34, 14.19],
    ['10', '0.1', 10, 11.5],
    ['0.1', '0.1', 0.1, 0.12], // 11.5 cents → 12, half up
  ])('a budget of %s is charged at most its fee-added total', (budget, bid, shown, charged) => {
    const line = priceLine(pricing, budget, bid)!;
    expect(line.budget).toBe(shown);
    expect(line.maxChargedMinor).toBe(Math.round(charged * 100));
    expect(line.feeRate).toBe(0.15);
  });

  it('when the bid is set, then each placement says its factor, its spend and its charge per click, exactly', () => {
    expect(priceLine(pricing, '100', '0.5')!.placements).toEqual([
      {
        key: 'home-sidebar',
        factor: '×1.0',
        spend: { value: 0.5, decimals: 2 },
        charged: { value: 0.575, decimals: 4 },
      },
      {
        key: 'laundromat-detail',
        factor: '×1.2',
        spend: { value: 0.6, decimals: 2 },
        charged: { value: 0.69, decimals: 2 },
      },
    ]);
    // 0.1 + 0.2 in floats is 0.30000000000000004; in E4 it is 0.3.
    expect(priceLine(pricing, '100', '0.25')!.placements[1]!.spend).toEqual({ value: 0.3, decimals: 2 });
  });

  it('when the advertiser is billed in yen, then the most charged is whole yen and a click says yen decimals only when it has them', () => {
    const line = priceLine(pricing, '15000', '75', 'JPY')!;
    expect(line.currency).toBe('JPY');
    expect(line.budget).toBe(15_000);
    expect(line.maxChargedMinor).toBe(17_250);
    expect(line.placements).toEqual([
      {
        key: 'home-sidebar',
        factor: '×1.0',
        spend: { value: 75, decimals: 0 },
        charged: { value: 86.25, decimals: 2 },
      },
      {
        key: 'laundromat-detail',
        factor: '×1.2',
        spend: { value: 90, decimals: 0 },
        charged: { value: 103.5, decimals: 2 },
      },
    ]);
    // ¥1,501 × 1.15 is ¥1,726.15: whole yen, half up.
    expect(priceLine(pricing, '1501', '15', 'JPY')!.maxChargedMinor).toBe(1726);
  });

  it.each(['', 'abc', '-5', '1e3', '1.23456'])('when a field reads %j, then no price is told yet', (text) => {
    expect(priceLine(pricing, text, '0.5')).toBeNull();
    expect(priceLine(pricing, '100', text)).toBeNull();
  });
});

describe('the campaign’s badges never contradict', () => {
  const key = (badges: ReturnType<typeof campaignBadges>) => badges.map((badge) => badge.text.key);

  it('when an approved active campaign has a change in review, then one badge says both', () => {
    const badges = campaignBadges({
      status: 'active',
      moderationStatus: 'approved',
      pendingChange: { status: 'pending' },
    });
    expect(key(badges)).toEqual(['advertiser:campaignState.changeInReview']);
    expect(badges[0]!.statusKey).toBe('advertiser:campaignStatus.active');
  });

  it('when a change was refused, then the badge says so in the destructive style', () => {
    const [badge] = campaignBadges({
      status: 'paused',
      moderationStatus: 'approved',
      pendingChange: { status: 'changes_requested' },
    });
    expect(badge).toMatchObject({
      style: 'destructive',
      text: { key: 'advertiser:campaignState.changeRefused' },
    });
  });

  it('when a new campaign waits, then it is not also called Active', () => {
    expect(key(campaignBadges({ status: 'active', moderationStatus: 'pending' }))).toEqual([
      'advertiser:moderation.pending',
    ]);
    expect(key(campaignBadges({ status: 'draft', moderationStatus: 'pending' }))).toEqual([
      'advertiser:campaignStatus.draft',
      'advertiser:moderation.pending',
    ]);
    expect(key(campaignBadges({ status: 'ended', moderationStatus: 'rejected' }))).toEqual([
      'advertiser:campaignStatus.ended',
    ]);
    expect(
      key(campaignBadges({ status: 'active', moderationStatus: 'approved', pendingChange: null })),
    ).toEqual(['advertiser:campaignStatus.active']);
  });

  it('when a finding has a code, then it is said in the reader’s language; without one, in the server’s words', () => {
    expect(findingText({ reason: 'x', code: 'shortener', params: { domain: 'bit.ly' } })).toEqual({
      key: 'advertiser:moderation.findings.shortener',
      values: { domain: 'bit.ly' },
    });
    expect(findingText({ reason: 'An old finding' })).toEqual({
      key: 'advertiser:validation.server',
      values: { message: 'An old finding' },
    });
  });
});
