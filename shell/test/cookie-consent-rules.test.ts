import { describe, expect, it } from 'vitest';
import {
  acceptAllConsent,
  consentModeUpdate,
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
