import { describe, expect, test } from 'vitest';
import { composeAccountMail, type AccountMailInput } from '../../src/domain/account-mails.ts';
import { accountMailTexts } from '../../src/login-page/mail-texts.ts';

const LINK = 'https://laundry.example/api/login/reset-password?token=abc&lang=en';

const input = (overrides: Partial<AccountMailInput> = {}): AccountMailInput => {
  const texts = accountMailTexts('en');
  return {
    to: 'ana@example.test',
    language: 'en',
    link: LINK,
    texts: texts.resetPassword,
    common: texts.common,
    ttlSeconds: 3600,
    ...overrides,
  };
};

describe('composeAccountMail', () => {
  test('when a reset mail is written, then both forms greet plainly, carry the link and say how long it lasts', () => {
    const mail = composeAccountMail(input());

    expect(mail).toMatchObject({ to: 'ana@example.test', subject: 'Choose a new password' });
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).toContain(`\n${LINK}\n`);
    expect(mail.text).toContain('The link works once, for 60 minutes.');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain(
      'href="https://laundry.example/api/login/reset-password?token=abc&amp;lang=en"',
    );
  });

  test.each([
    ['zh', '设置新密码'],
    ['hi', 'नया पासवर्ड चुनें'],
    ['es', 'Elige una contraseña nueva'],
    ['fr', 'Choisissez un nouveau mot de passe'],
  ] as const)('when the mail is written in %s, then its subject and words are', (language, subject) => {
    const texts = accountMailTexts(language);
    const mail = composeAccountMail(input({ language, texts: texts.resetPassword, common: texts.common }));

    expect(mail.subject).toBe(subject);
    expect(mail.text.startsWith(texts.common.greeting)).toBe(true);
    expect(mail.html).toContain(`<html lang="${language}">`);
  });

  test('when a verification mail is written, then it says its hours', () => {
    const texts = accountMailTexts('en');
    const mail = composeAccountMail(input({ texts: texts.verifyEmail, ttlSeconds: 48 * 3600 }));

    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.text).toContain('The link works once, for 48 hours.');
  });

  test('when a suggestion was approved, then the mail names the place and points and has no empty paragraph', () => {
    const texts = accountMailTexts('fr');
    const mail = composeAccountMail(
      input({
        language: 'fr',
        link: 'https://laundry.example/account',
        texts: texts.suggestionApproved,
        common: texts.common,
        ttlSeconds: 0,
        values: { name: 'Lavomatic Voltaire', points: '5' },
      }),
    );

    expect(mail.text).toContain('Lavomatic Voltaire');
    expect(mail.text).toContain('5 points de contribution');
    expect(mail.text).not.toMatch(/\n\n\n/);
    expect(mail.html).not.toMatch(/<p>\s*<\/p>/);
  });
});
