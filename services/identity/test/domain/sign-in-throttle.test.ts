import { describe, expect, test } from 'vitest';
import { createMemoryCache } from '@laundry/platform/cache';
import { languages } from '@laundry/contracts';
import { createSignInThrottle } from '../../src/domain/sign-in-throttle.ts';
import { accountMailTexts } from '../../src/login-page/mail-texts.ts';

const limits = {
  windowSeconds: 900,
  maxPerEmail: 1_000,
  maxPerIp: 1_000,
  accountFreeFailures: 3,
  accountDelaySeconds: 30,
  accountMaxDelaySeconds: 900,
};

function throttleTelling() {
  const told: string[] = [];
  const throttle = createSignInThrottle(createMemoryCache(), 'test', limits, async (email) => {
    told.push(email);
  });
  return { throttle, told };
}

describe('the account-wide sign-in wait tells the owner', () => {
  test('when failures pass the free ones, then the owner is told once, however many follow', async () => {
    const { throttle, told } = throttleTelling();
    for (let n = 1; n <= 10; n += 1) await throttle.afterFailure(`203.0.113.${n}`, 'ana@example.test');

    expect(told).toEqual(['ana@example.test']);
  });

  test('when failures stay within the free ones, then nobody is told', async () => {
    const { throttle, told } = throttleTelling();
    for (let n = 1; n < limits.accountFreeFailures; n += 1) {
      await throttle.afterFailure('203.0.113.1', 'ana@example.test');
    }

    expect(told).toEqual([]);
  });

  test('when a success ends the episode and failures start again, then the owner is told again, once', async () => {
    const { throttle, told } = throttleTelling();
    for (let n = 1; n <= 5; n += 1) await throttle.afterFailure('203.0.113.1', 'ana@example.test');
    await throttle.afterSuccess('ana@example.test', '198.51.100.1');
    for (let n = 1; n <= 5; n += 1) await throttle.afterFailure('203.0.113.1', 'ana@example.test');

    expect(told).toEqual(['ana@example.test', 'ana@example.test']);
  });

  test('when many fail at once, then the owner is still told once', async () => {
    const { throttle, told } = throttleTelling();
    await Promise.all(
      Array.from({ length: 20 }, (_, n) => throttle.afterFailure(`203.0.113.${n}`, 'bo@example.test')),
    );

    expect(told).toEqual(['bo@example.test']);
  });
});

describe('the warning mails in every language', () => {
  test.each(languages)(
    'when written in %s, then both warnings have every part, with no placeholder',
    (language) => {
      const texts = accountMailTexts(language);
      for (const kind of [texts.signUpAttempt, texts.signInDelay]) {
        // These mails answer a stranger's act: each must say how long its link lasts and what to do if unasked.
        for (const part of [kind.subject, kind.intro, kind.action, kind.expiry ?? '', kind.ignore ?? '']) {
          expect(part.trim().length).toBeGreaterThan(0);
          expect(part).not.toMatch(/\{\{/);
        }
      }
    },
  );
});
