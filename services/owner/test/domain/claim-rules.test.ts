import { describe, expect, it } from 'vitest';
import { isAtWebsiteDomain, websiteDomain } from '../../src/domain/email-domain.ts';
import { codeMatches, hashClaimCode, newClaimCode } from '../../src/domain/claim-code.ts';
import { claimCodeMail } from '../../src/domain/claim-mail.ts';

describe("an address at a laundromat's website", () => {
  it.each([
    ['https://www.suds.example/contact', 'suds.example'],
    ['suds.example', 'suds.example'],
    ['HTTP://Shop.Suds.Example./', 'shop.suds.example'],
  ])('when the website is %s, then its domain is %s', (website, domain) => {
    expect(websiteDomain(website)).toBe(domain);
  });

  it.each([
    ['no website', null],
    ['an address by number', 'http://192.0.2.10/'],
    ['a name without a dot', 'http://intranet/'],
    ['another scheme', 'ftp://suds.example'],
    ['a page on a shared site', 'https://facebook.com/suds'],
    ['a site on a shared host', 'https://suds.wixsite.com/home'],
  ])('when the website is %s, then no address can prove it', (_case, website) => {
    expect(websiteDomain(website)).toBeUndefined();
  });

  it.each([
    ['owner@suds.example', true],
    ['Owner@SUDS.example', true],
    ['owner@mail.suds.example', false],
    ['owner@suds.example.evil.test', false],
    ['owner@example', false],
  ])('when the address is %s, then it is at www.suds.example: %s', (email, expected) => {
    expect(isAtWebsiteDomain(email, 'https://www.suds.example')).toBe(expected);
  });
});

describe('a claim code', () => {
  it('when made, then it has six digits, and only its own claim and code match its hash', () => {
    const code = newClaimCode();
    expect(code).toMatch(/^\d{6}$/);
    const hash = hashClaimCode('secret', 'claim-1', code);
    expect(codeMatches('secret', 'claim-1', code, hash)).toBe(true);
    expect(codeMatches('secret', 'claim-2', code, hash)).toBe(false);
    expect(codeMatches('other', 'claim-1', code, hash)).toBe(false);
    expect(codeMatches('secret', 'claim-1', code === '000000' ? '000001' : '000000', hash)).toBe(false);
  });
});

describe("a claim code's mail", () => {
  it('when written in French for a name with markup, then it speaks French and the name is text, not markup', () => {
    const request = claimCodeMail('claim-1', 'desk@suds.example', 'Suds <b>&</b> Co', '042917', 'fr');
    const mail = request.content.fr!;
    expect(request).toMatchObject({ type: 'owner.claim-code', to: 'desk@suds.example', language: 'fr' });
    expect(mail.subject).toBe('Votre code pour revendiquer une laverie');
    expect(mail.text).toContain('042917');
    expect(mail.text).toContain('30 minutes');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('Suds &#60;b&#62;&#38;&#60;/b&#62; Co');
    expect(mail.html).not.toContain('<b>');
  });

  it('when it is asked for twice for one claim, then both calls carry the same mailId, so identity sends once', () => {
    const first = claimCodeMail('claim-1', 'desk@suds.example', 'Suds', '123456', 'en');
    const again = claimCodeMail('claim-1', 'desk@suds.example', 'Suds', '123456', 'en');
    const other = claimCodeMail('claim-2', 'desk@suds.example', 'Suds', '123456', 'en');
    expect(again.mailId).toBe(first.mailId);
    expect(other.mailId).not.toBe(first.mailId);
  });

  it.each(['en', 'zh', 'hi', 'es', 'fr'] as const)(
    'when written in %s, then it carries the code',
    (language) => {
      const mail = claimCodeMail('claim-1', 'desk@suds.example', 'Suds', '123456', language).content[
        language
      ]!;
      expect(mail.subject.length).toBeGreaterThan(0);
      expect(mail.text).toContain('123456');
      expect(mail.html).toContain(`lang="${language}"`);
    },
  );
});
