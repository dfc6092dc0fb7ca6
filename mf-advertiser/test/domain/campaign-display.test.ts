import { describe, expect, it } from 'vitest';
import {
  campaignStatusBadge,
  campaignTotals,
  clickThroughRate,
  moderationBadge,
  payoutBadgeStyle,
  previewImageUrl,
  statusActions,
  targetDomain,
} from '../../src/domain/campaign-display.ts';
import { english } from '../support/english.ts';

describe('campaign badges (docs/product.md, Pages)', () => {
  it('when a campaign is draft, active or paused, then its badge is in a normal style', () => {
    expect(campaignStatusBadge('active').style).toBe('default');
    expect(campaignStatusBadge('paused').style).toBe('secondary');
    expect(campaignStatusBadge('draft').style).toBe('outline');
    expect(english(campaignStatusBadge('draft').text)).toBe('Draft');
  });

  it('when it is anything else (ended, or a status this page does not know), then the badge is destructive', () => {
    expect(campaignStatusBadge('ended')).toEqual({
      style: 'destructive',
      text: { key: 'advertiser:campaignStatus.ended' },
    });
    expect(english(campaignStatusBadge('ended').text)).toBe('Ended');
    expect(campaignStatusBadge('archived').style).toBe('destructive');
    expect(english(campaignStatusBadge('archived').text)).toBe('Unknown');
  });

  it('when the campaign is approved, then no moderation badge shows; otherwise a destructive one says why', () => {
    expect(moderationBadge('approved')).toBeNull();
    expect(english(moderationBadge('pending')?.text)).toBe('Pending review');
    expect(english(moderationBadge('rejected')?.text)).toBe('Rejected');
    expect(english(moderationBadge('changes_requested')?.text)).toBe('Changes requested');
    for (const status of ['pending', 'rejected', 'changes_requested', 'flagged'])
      expect(moderationBadge(status)?.style).toBe('destructive');
  });

  it('when a payout is processed, then its badge is the default style; any other is secondary', () => {
    expect(payoutBadgeStyle('processed')).toBe('default');
    expect(payoutBadgeStyle('pending')).toBe('secondary');
    expect(payoutBadgeStyle('failed')).toBe('secondary');
  });
});

describe('status actions (draft → active ⇄ paused → ended)', () => {
  it.each([
    ['draft', ['active', 'ended']],
    ['active', ['paused', 'ended']],
    ['paused', ['active', 'ended']],
    ['ended', []],
    ['unknown', []],
  ])('when a campaign is %s, then it offers %j', (status, actions) => {
    expect(statusActions(status)).toEqual(actions);
  });
});

describe('campaign figures', () => {
  it('when there are impressions, then the click-through rate is clicks over impressions in percent', () => {
    expect(clickThroughRate(200, 5)).toBe(2.5);
    expect(clickThroughRate(3, 1)).toBeCloseTo(33.333, 3);
  });

  it('when there are no impressions yet, then there is no rate (not 0 %)', () => {
    expect(clickThroughRate(0, 0)).toBeNull();
  });

  it('when the dashboard adds up the campaigns, then active ones are counted and money is summed in cents', () => {
    expect(
      campaignTotals([
        { status: 'active', totalImpressions: 100, totalClicks: 3, totalSpent: 0.1 },
        { status: 'paused', totalImpressions: 50, totalClicks: 2, totalSpent: 0.2 },
        { status: 'active', totalImpressions: 0, totalClicks: 0, totalSpent: 0.0001 },
        { status: 'ended', totalImpressions: 7, totalClicks: 0 },
      ]),
    ).toEqual({ activeCampaigns: 2, totalImpressions: 157, totalClicks: 5, totalSpent: 0.3001 });
  });

  it('when an active campaign waits for review, was sent back or rejected, then it is not counted as active', () => {
    const active = (moderationStatus: string) => ({
      status: 'active',
      moderationStatus,
      totalImpressions: 0,
      totalClicks: 0,
      totalSpent: 0,
    });
    expect(
      campaignTotals([active('approved'), active('pending'), active('changes_requested'), active('rejected')])
        .activeCampaigns,
    ).toBe(1);
  });

  it('when there are no campaigns, then every total is 0', () => {
    expect(campaignTotals([])).toEqual({
      activeCampaigns: 0,
      totalImpressions: 0,
      totalClicks: 0,
      totalSpent: 0,
    });
  });
});

describe('the ad preview', () => {
  it('when the target URL is a web address, then the preview shows its domain without www', () => {
    expect(targetDomain('https://www.suds.test/summer?x=1')).toBe('suds.test');
    expect(targetDomain(' http://shop.suds.test ')).toBe('shop.suds.test');
  });

  it('when it is not one (half typed, another scheme), then there is no domain', () => {
    expect(targetDomain('https://')).toBe('');
    expect(targetDomain('suds.test')).toBe('');
    expect(targetDomain('javascript:alert(1)')).toBe('');
  });

  it('when the image is not one uploaded here, then the preview does not load it, as visitors never see it', () => {
    const uploaded = '/objects/ad-images/ab/abcdef01-2345-4678-9abc-def012345678.webp';
    expect(previewImageUrl(uploaded)).toBe(uploaded);
    expect(previewImageUrl('https://cdn.suds.test/ad.jpg')).toBeNull();
    expect(previewImageUrl('data:image/png;base64,AAAA')).toBeNull();
    expect(previewImageUrl('')).toBeNull();
  });
});
