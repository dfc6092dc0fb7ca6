import { isOwnAdImage, type CampaignLifecycleStatus, type ModerationStatus } from '@laundry/contracts';
import { dollarsToE4, e4ToDollars } from '@laundry/contracts/money';
import { ns, serverText, type I18nText } from './i18n-text.ts';

/**
 * The product's badge styles (docs/product.md, Pages): the normal ones, and destructive for anything that
 * needs attention.
 */
export type BadgeStyle = 'default' | 'secondary' | 'outline' | 'destructive';

const normalStatusStyles: Record<string, BadgeStyle> = {
  active: 'default',
  paused: 'secondary',
  draft: 'outline',
};

/**
 * docs/product.md, Pages: draft, active and paused in their normal styles; anything else (ended) destructive.
 */
export function campaignStatusBadge(status: string): { style: BadgeStyle; text: I18nText } {
  const known = ['draft', 'active', 'paused', 'ended'].includes(status);
  return {
    style: normalStatusStyles[status] ?? 'destructive',
    text: known ? { key: ns(`campaignStatus.${status}`) } : { key: ns('campaignStatus.unknown') },
  };
}

/**
 * Only an approved campaign is served: any other review state shows, destructive, why it is not
 * ('Pending review', 'Rejected', 'Changes requested'); approved shows nothing.
 */
export function moderationBadge(
  status: ModerationStatus | string,
): { style: BadgeStyle; text: I18nText } | null {
  if (status === 'approved') return null;
  const known = ['pending', 'rejected', 'changes_requested'].includes(status);
  return {
    style: 'destructive',
    text: { key: ns(known ? `moderation.${status}` : 'moderation.unknown') },
  };
}

export interface CampaignBadge {
  style: BadgeStyle;
  text: I18nText;
  testId: 'campaign-status' | 'campaign-moderation';
  /** The lifecycle status named inside the text ('Active · change in review'), translated by the badge. */
  statusKey?: string;
}

/**
 * The badges of a campaign, never two that contradict each other: an approved campaign whose new content
 * waits is 'Active · change in review' (its approved version is what is shown), not 'Active' beside 'Pending
 * review'; a campaign never approved shows its review state, and beside it only a status that does not claim
 * it is shown (draft, paused), since an unapproved campaign is shown to nobody.
 */
export function campaignBadges(campaign: {
  status: string;
  moderationStatus: string;
  pendingChange?: { status: string } | null;
}): CampaignBadge[] {
  const status = campaignStatusBadge(campaign.status);
  if (campaign.status === 'ended') return [{ ...status, testId: 'campaign-status' }];
  if (campaign.moderationStatus === 'approved') {
    const change = campaign.pendingChange;
    if (!change) return [{ ...status, testId: 'campaign-status' }];
    const refused = change.status !== 'pending';
    return [
      {
        style: refused ? 'destructive' : status.style,
        text: { key: ns(refused ? 'campaignState.changeRefused' : 'campaignState.changeInReview') },
        statusKey: status.text.key,
        testId: 'campaign-status',
      },
    ];
  }
  const review = moderationBadge(campaign.moderationStatus)!;
  return [
    ...(campaign.status === 'active' ? [] : [{ ...status, testId: 'campaign-status' as const }]),
    { ...review, testId: 'campaign-moderation' },
  ];
}

/** A finding of the content check in the advertiser's language, or the server's English when it has no code. */
export function findingText(finding: {
  reason: string;
  code?: string;
  params?: Record<string, string>;
}): I18nText {
  const known = [
    'notHttps',
    'ipHost',
    'credentialsInUrl',
    'punycodeHost',
    'shortener',
    'blockedDomain',
    'prohibitedTerm',
    'foreignTargetDomain',
    'unreadableUrl',
    'mixedScript',
  ];
  return finding.code && known.includes(finding.code)
    ? { key: ns(`moderation.findings.${finding.code}`), values: finding.params ?? {} }
    : serverText(finding.reason);
}

/** docs/product.md, Pages: a processed payout in the default style, any other secondary. */
export const payoutBadgeStyle = (status: string): BadgeStyle =>
  status === 'processed' ? 'default' : 'secondary';

export type StatusAction = 'active' | 'paused' | 'ended';

/**
 * What the advertiser may ask for next (draft → active ⇄ paused → ended): a draft starts with Activate,
 * a running campaign pauses, a paused one resumes, anything not ended can end; ended is final.
 */
export function statusActions(status: CampaignLifecycleStatus | string): StatusAction[] {
  switch (status) {
    case 'draft':
      return ['active', 'ended'];
    case 'active':
      return ['paused', 'ended'];
    case 'paused':
      return ['active', 'ended'];
    default:
      return [];
  }
}

export const statusActionKeys: Record<StatusAction, string> = {
  active: ns('dashboard.campaigns.activate'),
  paused: ns('dashboard.campaigns.pause'),
  ended: ns('dashboard.campaigns.end'),
};

/** Click-through rate in percent, or null before the first impression (no rate to show, not 0 %). */
export function clickThroughRate(impressions: number, clicks: number): number | null {
  if (!(impressions > 0)) return null;
  return (clicks / impressions) * 100;
}

export interface CampaignTotals {
  activeCampaigns: number;
  totalImpressions: number;
  totalClicks: number;
  totalSpent: number;
}

/**
 * The dashboard's tiles, from the campaign list: the campaigns that can be shown now counted, the rest
 * summed. Active is not enough: one waiting for review, sent back or rejected is shown to nobody (the ad
 * service serves only approved ones), and the tile says it counts what visitors can see.
 */
export function campaignTotals(
  campaigns: readonly {
    status: string;
    moderationStatus?: string;
    totalImpressions: number;
    totalClicks: number;
    totalSpent?: number;
  }[],
): CampaignTotals {
  let totalSpentE4 = 0;
  const totals = { activeCampaigns: 0, totalImpressions: 0, totalClicks: 0, totalSpent: 0 };
  for (const campaign of campaigns) {
    if (campaign.status === 'active' && (campaign.moderationStatus ?? 'approved') === 'approved')
      totals.activeCampaigns += 1;
    totals.totalImpressions += campaign.totalImpressions;
    totals.totalClicks += campaign.totalClicks;
    // Money is added as integers of E4 read from the amounts' digits, so 0.1 + 0.2 is 0.3 and 0.0001 stays.
    totalSpentE4 += dollarsToE4(campaign.totalSpent ?? 0);
  }
  totals.totalSpent = e4ToDollars(totalSpentE4);
  return totals;
}

/** The domain an ad leads to, as the preview and the ad itself show it ('example.com'); '' when invalid. */
export function targetDomain(url: string): string {
  try {
    const parsed = new URL(url.trim());
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return '';
    return parsed.hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** An image address the preview may load: one uploaded here; anything else shows the placeholder. */
export function previewImageUrl(url: string): string | null {
  // Only an image uploaded here is shown to visitors (the ad service serves no other), so only it is previewed.
  return isOwnAdImage(url.trim()) ? url.trim() : null;
}
