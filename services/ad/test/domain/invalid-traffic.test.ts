import { describe, expect, it } from 'vitest';
import { isbot } from 'isbot';
import { invalidReason, type TrafficFacts } from '../../src/domain/delivery/invalid-traffic.ts';

const clean: TrafficFacts = {
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1',
  expired: false,
  ownAd: false,
  eventsThisMinute: 1,
  burstLimit: 10,
  otherViewer: false,
  noImpression: false,
  overDailyClickCap: false,
};

describe('invalid traffic', () => {
  it('when a person in a browser sends an event in time, then it is valid', () => {
    expect(invalidReason(clean, isbot)).toBeUndefined();
  });

  it('when each rule is broken, then that rule is the reason', () => {
    expect(invalidReason({ ...clean, userAgent: undefined }, isbot)).toBe('no_user_agent');
    expect(invalidReason({ ...clean, userAgent: '   ' }, isbot)).toBe('no_user_agent');
    expect(invalidReason({ ...clean, userAgent: 'Mozilla/5.0 (compatible; bingbot/2.0)' }, isbot)).toBe(
      'bot',
    );
    expect(invalidReason({ ...clean, userAgent: 'curl/8.5.0' }, isbot)).toBe('bot');
    expect(invalidReason({ ...clean, expired: true }, isbot)).toBe('expired');
    expect(invalidReason({ ...clean, ownAd: true }, isbot)).toBe('own_ad');
    expect(invalidReason({ ...clean, eventsThisMinute: 11 }, isbot)).toBe('burst');
    expect(invalidReason({ ...clean, eventsThisMinute: 10 }, isbot)).toBeUndefined();
    expect(invalidReason({ ...clean, otherViewer: true }, isbot)).toBe('other_viewer');
    expect(invalidReason({ ...clean, noImpression: true }, isbot)).toBe('no_impression');
    expect(invalidReason({ ...clean, overDailyClickCap: true }, isbot)).toBe('daily_click_cap');
  });
});
