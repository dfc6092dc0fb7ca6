import { describe, expect, it } from 'vitest';
import {
  assessRisk,
  defaultModerationRules,
  moderationRulesFrom,
  riskPoints,
  type ModeratedContent,
} from '../../src/domain/moderation-rules.ts';

const clean: ModeratedContent = {
  title: 'Fresh towels',
  description: 'Open late every day',
  imageUrl: 'https://cdn.brightsuds.example/ad.png',
  targetUrl: 'https://www.brightsuds.example/offers',
  advertiserWebsite: 'https://brightsuds.example',
};
const rules = defaultModerationRules;
const reasons = (content: Partial<ModeratedContent>, withRules = rules) =>
  assessRisk({ ...clean, ...content }, withRules).findings.map((f) => `${f.field}: ${f.reason}`);

describe('the automatic risk score', () => {
  it('when links are https on the advertiser’s own domain (any subdomain) and the words are plain, then it scores 0 and is approved', () => {
    expect(assessRisk(clean, rules)).toEqual({ riskScore: 0, findings: [], autoApproved: true });
  });

  it('when a link is http, an IP, carries credentials, uses punycode or a shortener, then each is a finding', () => {
    expect(reasons({ targetUrl: 'http://brightsuds.example/' })).toEqual([
      'targetUrl: The link does not use https',
    ]);
    expect(reasons({ imageUrl: 'https://[2001:db8::1]/a.png' })).toEqual([
      'imageUrl: The link points at an IP address, not a domain',
    ]);
    expect(reasons({ imageUrl: 'https://0x7f.1/a.png' })).toEqual([
      'imageUrl: The link points at an IP address, not a domain',
    ]);
    expect(reasons({ targetUrl: 'https://a:b@brightsuds.example/' })).toEqual([
      'targetUrl: The link carries a user name or password',
    ]);
    expect(reasons({ imageUrl: 'https://xn--brghtsuds-d4a.example/a.png' })).toEqual([
      'imageUrl: The domain uses look-alike (punycode) letters',
    ]);
    expect(reasons({ imageUrl: 'https://go.bit.ly/x' })).toEqual([
      'imageUrl: The link is shortened (bit.ly)',
    ]);
  });

  it('when the target goes to another domain than the website, then that alone waits for an admin', () => {
    const risk = assessRisk({ ...clean, targetUrl: 'https://other.example/' }, rules);
    expect(risk.riskScore).toBe(riskPoints.foreignTargetDomain);
    expect(risk.autoApproved).toBe(false);
    // No website to compare with: nothing to flag.
    expect(reasons({ targetUrl: 'https://other.example/', advertiserWebsite: null })).toEqual([]);
    // A domain that merely ends with the same letters is another domain.
    expect(reasons({ targetUrl: 'https://notbrightsuds.example/' })).toHaveLength(1);
  });

  it('when a prohibited term appears as a word in any case or accent, then it is flagged; inside another word it is not', () => {
    expect(reasons({ title: 'CASINO night!' })).toEqual(["title: Contains the prohibited term 'casino'"]);
    expect(reasons({ description: 'Free   money, today' })).toEqual([
      "description: Contains the prohibited term 'free money'",
    ]);
    expect(reasons({ title: 'Casinó' })).toHaveLength(1);
    expect(reasons({ title: 'Occasional discounts' })).toEqual([]);
  });

  it('when settings extend the lists, then the extra terms, shorteners and blocked domains count', () => {
    const extended = moderationRulesFrom({
      reviewThreshold: 30,
      extraProhibitedTerms: [' Timeshare ', ''],
      extraShortenerDomains: ['sho.rt'],
      blockedDomains: ['evil.example'],
    });
    expect(reasons({ title: 'timeshare offer' }, extended)).toHaveLength(1);
    expect(reasons({ imageUrl: 'https://sho.rt/x' }, extended)).toEqual([
      'imageUrl: The link is shortened (sho.rt)',
    ]);
    const blocked = assessRisk(
      { ...clean, targetUrl: 'https://www.evil.example/', advertiserWebsite: null },
      extended,
    );
    expect(blocked.findings.map((f) => f.reason)).toEqual(['The domain evil.example is not allowed']);
    expect(blocked.autoApproved).toBe(false);
  });

  it('when the score reaches the threshold exactly, then it waits for an admin', () => {
    const risk = assessRisk(
      { ...clean, targetUrl: 'http://brightsuds.example/' },
      { ...rules, reviewThreshold: 40 },
    );
    expect(risk).toMatchObject({ riskScore: 40, autoApproved: false });
  });
});
