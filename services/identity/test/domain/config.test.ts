import { describe, expect, test } from 'vitest';
import { loadConfig } from '@laundry/platform/config';
import { identityConfigSchema } from '../../src/config.ts';

const loadIdentityConfig = (env: NodeJS.ProcessEnv) => loadConfig(identityConfigSchema, env);

const productionEnv = {
  NODE_ENV: 'production',
  INTERNAL_SECRET: 'a-production-internal-secret',
  SESSION_SECRET: 'a-production-session-secret-of-32-characters-or-more',
};

describe('identity configuration', () => {
  const secrets = {
    INTERNAL_SECRET: 'a-random-internal-secret-6b1f0c',
    SESSION_SECRET: 'a-random-session-secret-of-32-characters-9d2e',
  };

  test('when nothing but the secrets is set, then the documented defaults apply', () => {
    const config = loadIdentityConfig(secrets);

    expect(config).toMatchObject({
      PORT: 4001,
      SESSION_TTL_SECONDS: 604_800,
      COOKIE_SECURE: false,
      ADMIN_EMAILS: [],
      LOGIN_WINDOW_SECONDS: 900,
      LOGIN_MAX_ATTEMPTS_PER_EMAIL: 10,
      LOGIN_MAX_ATTEMPTS_PER_IP: 50,
      MAIL_FROM: 'Laundromat Finder <no-reply@localhost>',
      EMAIL_VERIFICATION_TTL_SECONDS: 172_800,
      PASSWORD_RESET_TTL_SECONDS: 3600,
      FORGOT_PASSWORD_WINDOW_SECONDS: 3600,
      FORGOT_PASSWORD_MAX_PER_ADDRESS: 5,
      FORGOT_PASSWORD_MAX_PER_CLIENT: 10,
    });
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBeUndefined();
  });

  test('when SMTP_URL is set without PUBLIC_URL, then start-up stops naming PUBLIC_URL: mailed links need it', () => {
    expect(() => loadIdentityConfig({ ...secrets, SMTP_URL: 'smtp://mail.example:587' })).toThrow(
      /PUBLIC_URL: must be set when SMTP_URL is/,
    );
  });

  test('when SMTP_URL and PUBLIC_URL are set, then both are kept, PUBLIC_URL without its trailing slash', () => {
    const config = loadIdentityConfig({
      ...secrets,
      SMTP_URL: 'smtps://user:secret@mail.example:465',
      PUBLIC_URL: 'https://laundry.example/',
    });

    expect(config.SMTP_URL).toBe('smtps://user:secret@mail.example:465');
    expect(config.PUBLIC_URL).toBe('https://laundry.example');
  });

  test('when SMTP_URL, PUBLIC_URL and MAIL_FROM are empty (compose passes unset variables so), then they count as unset', () => {
    const config = loadIdentityConfig({ ...secrets, SMTP_URL: '', PUBLIC_URL: '', MAIL_FROM: '' });

    expect(config.SMTP_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBeUndefined();
    expect(config.MAIL_FROM).toBe('Laundromat Finder <no-reply@localhost>');
  });

  test.each([
    ['SMTP_URL', 'http://mail.example', /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/],
    ['PUBLIC_URL', 'ftp://laundry.example', /PUBLIC_URL: must be an http:\/\/ or https:\/\/ URL/],
    ['MAIL_FROM', 'Laundromat Finder', /MAIL_FROM: must be an address or "Name <address>"/],
  ])('when %s is %s, then start-up stops naming the key', (key, value, message) => {
    expect(() => loadIdentityConfig({ ...secrets, [key]: value })).toThrow(message);
  });

  test('when running in production, then the session cookie is Secure by default', () => {
    expect(loadIdentityConfig(productionEnv).COOKIE_SECURE).toBe(true);
    expect(loadIdentityConfig({ ...productionEnv, COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(false);
  });

  test.each(['SESSION_SECRET', 'INTERNAL_SECRET'])(
    'when %s is not set, then start-up stops naming the key, in every mode',
    (key) => {
      for (const NODE_ENV of ['production', 'development']) {
        const env: Record<string, string> = { ...productionEnv, NODE_ENV };
        delete env[key];
        expect(() => loadIdentityConfig(env)).toThrow(new RegExp(`${key}: must be set`));
      }
    },
  );

  test.each([
    ['SESSION_SECRET', 'embedded-session-secret-change-me-please-0001'],
    ['SESSION_SECRET', 'dev-only-session-secret-change-me'],
    ['INTERNAL_SECRET', 'embedded-internal-secret-change-me'],
    ['INTERNAL_SECRET', 'dev-only-internal-secret-change-me'],
  ])('when %s is the published value %s, then start-up refuses it', (key, value) => {
    expect(() => loadIdentityConfig({ ...secrets, [key]: value })).toThrow(
      new RegExp(`${key}: must not be a published example value`),
    );
  });

  test('when the session secret is shorter than 32 characters, then start-up stops naming the key', () => {
    expect(() => loadIdentityConfig({ ...secrets, SESSION_SECRET: 'too-short' })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
  });

  test('when COOKIE_SECURE is not a boolean, then start-up stops naming the key', () => {
    expect(() => loadIdentityConfig({ ...secrets, COOKIE_SECURE: 'yes please' })).toThrow(
      /COOKIE_SECURE: must be true or false/,
    );
  });

  test('when ADMIN_EMAILS lists addresses, then they are trimmed and lower-cased', () => {
    expect(
      loadIdentityConfig({ ...secrets, ADMIN_EMAILS: ' Boss@Example.com, ,ops@example.com ' }).ADMIN_EMAILS,
    ).toEqual(['boss@example.com', 'ops@example.com']);
  });
});
