/**
 * The automatic content check of a campaign (docs/product.md, Data: content moderation review): each finding
 * adds points to a risk score, and a score at or above the threshold waits for an admin instead of being
 * approved at once. Pure, so the rules read (and are tested) without a database.
 */

import { mixedScriptWords, normaliseForMatching } from './text-normaliser.ts';

export interface ModerationRules {
  /** A score at or above this waits for an admin. */
  reviewThreshold: number;
  /** Words and phrases that may not appear in an ad, matched as whole words, any case. */
  prohibitedTerms: readonly string[];
  /** Hosts that link shorteners answer on; a shortened link hides where it goes. */
  shortenerDomains: readonly string[];
  /** Hosts never allowed in an ad (known scams, malware); a match is enough to wait for an admin. */
  blockedDomains: readonly string[];
}

export interface ModeratedContent {
  title: string;
  description: string | null;
  imageUrl: string | null;
  targetUrl: string;
  /** The advertiser's own website, whose domain the target is expected to share. */
  advertiserWebsite: string | null;
}

export interface Finding {
  field: 'title' | 'description' | 'imageUrl' | 'targetUrl';
  /** Which further creative it is about (1 is the first); absent for the campaign's own content. */
  creative?: number;
  /** In English, for the admin's queue and the audit log. */
  reason: string;
  points: number;
  /** Which rule found it, and what it names: the advertiser's page says it in their language from these. */
  code?: FindingCode;
  params?: Record<string, string>;
}

export type FindingCode = keyof typeof riskPoints;

export interface RiskAssessment {
  riskScore: number;
  findings: Finding[];
  /** True when the score is under the threshold: approved without an admin. */
  autoApproved: boolean;
}

export const riskPoints = {
  notHttps: 40,
  ipHost: 50,
  credentialsInUrl: 50,
  shortener: 40,
  blockedDomain: 100,
  punycodeHost: 30,
  prohibitedTerm: 40,
  // Enough alone to wait for an admin: an ad sending people away from the advertiser's own site (or an
  // approved ad whose link is edited to go elsewhere) is seen by a person first.
  foreignTargetDomain: 40,
  unreadableUrl: 50,
  // Enough alone to wait for an admin: a word mixing look-alike letters of two scripts hides what it says.
  mixedScript: 30,
} as const;

export const defaultModerationRules: ModerationRules = {
  reviewThreshold: 30,
  prohibitedTerms: [
    'casino',
    'gambling',
    'betting',
    'crypto',
    'bitcoin',
    'forex',
    'payday loan',
    'get rich',
    'free money',
    'guaranteed income',
    'miracle cure',
    'weight loss',
    'viagra',
    'cialis',
    'adult',
    'xxx',
    'escort',
    'firearm',
    'counterfeit',
    'replica',
  ],
  shortenerDomains: [
    'bit.ly',
    'tinyurl.com',
    't.co',
    'goo.gl',
    'ow.ly',
    'is.gd',
    'buff.ly',
    'rebrand.ly',
    'cutt.ly',
    'shorturl.at',
    'tiny.cc',
    'rb.gy',
    'bl.ink',
    't.ly',
    's.id',
    'v.gd',
    'lnkd.in',
    'shorte.st',
    'adf.ly',
  ],
  blockedDomains: [],
};

/** Settings add to the built-in lists (comma-separated), so a deployment extends them without a release. */
export function moderationRulesFrom(settings: {
  reviewThreshold: number;
  extraProhibitedTerms: readonly string[];
  extraShortenerDomains: readonly string[];
  blockedDomains: readonly string[];
}): ModerationRules {
  const clean = (list: readonly string[]) => list.map((item) => item.trim().toLowerCase()).filter(Boolean);
  return {
    reviewThreshold: settings.reviewThreshold,
    prohibitedTerms: [...defaultModerationRules.prohibitedTerms, ...clean(settings.extraProhibitedTerms)],
    shortenerDomains: [...defaultModerationRules.shortenerDomains, ...clean(settings.extraShortenerDomains)],
    blockedDomains: clean(settings.blockedDomains),
  };
}

export function assessRisk(content: ModeratedContent, rules: ModerationRules): RiskAssessment {
  const findings: Finding[] = [
    ...checkUrl('targetUrl', content.targetUrl, rules),
    ...(content.imageUrl ? checkUrl('imageUrl', content.imageUrl, rules) : []),
    ...checkText('title', content.title, rules),
    ...(content.description ? checkText('description', content.description, rules) : []),
    ...checkTargetDomain(content.targetUrl, content.advertiserWebsite),
  ];
  const riskScore = findings.reduce((sum, finding) => sum + finding.points, 0);
  return { riskScore, findings, autoApproved: riskScore < rules.reviewThreshold };
}

function checkUrl(field: Finding['field'], text: string, rules: ModerationRules): Finding[] {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return [
      { field, reason: 'The link cannot be read', points: riskPoints.unreadableUrl, code: 'unreadableUrl' },
    ];
  }
  const findings: Finding[] = [];
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (url.protocol !== 'https:') {
    findings.push({
      field,
      reason: 'The link does not use https',
      points: riskPoints.notHttps,
      code: 'notHttps',
    });
  }
  if (isIpHost(host)) {
    findings.push({
      field,
      reason: 'The link points at an IP address, not a domain',
      points: riskPoints.ipHost,
      code: 'ipHost',
    });
  }
  if (url.username || url.password) {
    findings.push({
      field,
      reason: 'The link carries a user name or password',
      points: riskPoints.credentialsInUrl,
      code: 'credentialsInUrl',
    });
  }
  if (host.split('.').some((label) => label.startsWith('xn--'))) {
    findings.push({
      field,
      reason: 'The domain uses look-alike (punycode) letters',
      points: riskPoints.punycodeHost,
      code: 'punycodeHost',
    });
  }
  const shortener = rules.shortenerDomains.find((domain) => isSameOrSubdomain(host, domain));
  if (shortener) {
    findings.push({
      field,
      reason: `The link is shortened (${shortener})`,
      points: riskPoints.shortener,
      code: 'shortener',
      params: { domain: shortener },
    });
  }
  const blocked = rules.blockedDomains.find((domain) => isSameOrSubdomain(host, domain));
  if (blocked) {
    findings.push({
      field,
      reason: `The domain ${blocked} is not allowed`,
      points: riskPoints.blockedDomain,
      code: 'blockedDomain',
      params: { domain: blocked },
    });
  }
  return findings;
}

function checkText(field: Finding['field'], text: string, rules: ModerationRules): Finding[] {
  const normalized = ` ${normaliseForMatching(text)} `;
  const terms = rules.prohibitedTerms
    .filter((term) => normalized.includes(` ${normaliseForMatching(term)} `))
    .map((term) => ({
      field,
      reason: `Contains the prohibited term '${term}'`,
      points: riskPoints.prohibitedTerm,
      code: 'prohibitedTerm' as const,
      params: { term },
    }));
  const mixed = mixedScriptWords(text).map((word) => ({
    field,
    reason: `The word '${word}' mixes letters of different scripts`,
    points: riskPoints.mixedScript,
    code: 'mixedScript' as const,
    params: { word },
  }));
  return [...terms, ...mixed];
}

function checkTargetDomain(targetUrl: string, website: string | null): Finding[] {
  const target = hostOf(targetUrl);
  const own = website ? hostOf(website) : undefined;
  if (!target || !own) return [];
  const base = (host: string) => host.replace(/^www\./, '');
  if (isSameOrSubdomain(base(target), base(own)) || isSameOrSubdomain(base(own), base(target))) return [];
  return [
    {
      field: 'targetUrl',
      reason: `The link goes to ${base(target)}, not to the advertiser's website (${base(own)})`,
      points: riskPoints.foreignTargetDomain,
      code: 'foreignTargetDomain',
      params: { target: base(target), own: base(own) },
    },
  ];
}

function hostOf(text: string): string | undefined {
  try {
    return new URL(text).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return undefined;
  }
}

function isSameOrSubdomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

function isIpHost(host: string): boolean {
  // URL keeps IPv6 hosts in brackets and normalizes IPv4 forms (0x7f.1, 2130706433) to dotted decimal.
  return host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}
