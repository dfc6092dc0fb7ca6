import { describe, expect, test } from 'vitest';
import { loadIdentityConfig } from '../src/config.ts';

const productionEnv = {
  NODE_ENV: 'production',
  INTERNAL_SECRET: 'a-production-internal-secret',
  SESSION_SECRET: 'a-production-session-secret-of-32-characters-or-more',
};

describe('identity configuration', () => {
  test('when nothing is set, then the documented defaults apply', () => {
    const config = loadIdentityConfig({});

    expect(config).toMatchObject({
      PORT: 4001,
      SESSION_TTL_SECONDS: 604_800,
      COOKIE_SECURE: false,
      ADMIN_EMAILS: [],
      LOGIN_WINDOW_SECONDS: 900,
      LOGIN_MAX_ATTEMPTS_PER_EMAIL: 10,
      LOGIN_MAX_ATTEMPTS_PER_IP: 50,
    });
  });

  test('when running in production, then the session cookie is Secure by default', () => {
    expect(loadIdentityConfig(productionEnv).COOKIE_SECURE).toBe(true);
    expect(loadIdentityConfig({ ...productionEnv, COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(false);
  });

  test('when running in production with the development session secret, then start-up stops naming the key', () => {
    const { SESSION_SECRET: _unset, ...env } = productionEnv;

    expect(() => loadIdentityConfig(env)).toThrow(/SESSION_SECRET: must be set in production/);
  });

  test('when the session secret is shorter than 32 characters, then start-up stops naming the key', () => {
    expect(() => loadIdentityConfig({ SESSION_SECRET: 'too-short' })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
  });

  test('when COOKIE_SECURE is not a boolean, then start-up stops naming the key', () => {
    expect(() => loadIdentityConfig({ COOKIE_SECURE: 'yes please' })).toThrow(
      /COOKIE_SECURE: must be true or false/,
    );
  });

  test('when ADMIN_EMAILS lists addresses, then they are trimmed and lower-cased', () => {
    expect(loadIdentityConfig({ ADMIN_EMAILS: ' Boss@Example.com, ,ops@example.com ' }).ADMIN_EMAILS).toEqual(
      ['boss@example.com', 'ops@example.com'],
    );
  });
});
