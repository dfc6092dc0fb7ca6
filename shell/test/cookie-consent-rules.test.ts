import { describe, expect, it } from 'vitest';
import {
  accountAtFirstRender,
  acceptAllConsent,
  consentModeUpdate,
  isCurrentConsentVersion,
  necessaryOnlyConsent,
  parseStoredConsent,
} from '../src/consent/cookie-consent-rules.ts';

describe('stored cookie consent', () => {
  it.each([
    ['nothing stored (first visit)', null, null],
    ['not JSON', '{oops', null],
    ['a non-boolean toggle', '{"analytics":"yes","advertising":false}', null],
    [
      'a choice',
      '{"necessary":true,"analytics":true,"advertising":false}',
      { necessary: true, analytics: true, advertising: false },
    ],
    [
      'necessary stored as false',
      '{"necessary":false,"analytics":false,"advertising":true}',
      { necessary: true, analytics: false, advertising: true },
    ],
  ])('when %s, then it reads %o', (_, stored, expected) => {
    expect(parseStoredConsent(stored)).toEqual(expected);
  });
});

describe('analytics tag consent update', () => {
  it('when all is accepted, then every signal is granted', () => {
    expect(consentModeUpdate(acceptAllConsent)).toEqual({
      analytics_storage: 'granted',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    });
  });

  it('when only necessary cookies are allowed, then every signal is denied', () => {
    expect(consentModeUpdate(necessaryOnlyConsent)).toEqual({
      analytics_storage: 'denied',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
  });

  it('when analytics only, then analytics storage follows analytics and the ad signals follow advertising', () => {
    expect(consentModeUpdate({ necessary: true, analytics: true, advertising: false })).toEqual({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
  });
});

describe('isCurrentConsentVersion', () => {
  it('when the choice was given to the current policy or a later one, then it stands', () => {
    expect(isCurrentConsentVersion('2026-11-24', '2026-11-24', '2026-11-24')).toBe(true);
    expect(isCurrentConsentVersion('2027-01-05', '2026-11-24', '2026-11-24')).toBe(true);
  });

  it('when the policy is newer than the choice, then the banner asks again', () => {
    expect(isCurrentConsentVersion('2026-11-24', '2027-03-01', '2026-11-24')).toBe(false);
  });

  it('when a choice was stored before versions were, then it counts as the first versioned policy', () => {
    expect(isCurrentConsentVersion(null, '2026-11-24', '2026-11-24')).toBe(true);
    expect(isCurrentConsentVersion(null, '2027-03-01', '2026-11-24')).toBe(false);
  });
});

describe("the account's choice at the banner's first render", () => {
  const recorded = { consent: acceptAllConsent, consentVersion: '2026-11-24' };

  it.each([
    ['who is signed in is not known yet', true, undefined, undefined, { checked: false }],
    ['signed out: no account to ask', false, undefined, undefined, { checked: true }],
    ['signed in, the account not answered yet', false, 'u1', undefined, { checked: false }],
    [
      'signed in, the account holds no choice',
      false,
      'u1',
      { state: { consent: null, consentVersion: null } },
      { checked: true },
    ],
    [
      'signed in, the question failed (the banner asks)',
      false,
      'u1',
      { state: undefined },
      { checked: true },
    ],
    [
      'signed in, the account holds a choice',
      false,
      'u1',
      { state: recorded },
      { checked: true, recorded: { consent: acceptAllConsent, version: '2026-11-24' } },
    ],
  ])('%s', (_case, pending, userId, answer, expected) => {
    expect(accountAtFirstRender(pending, userId, answer)).toEqual(expected);
  });
});
