import { describe, expect, it } from 'vitest';
import { phoneHref, placeLine, websiteLink } from '../../src/domain/contact-display.ts';

describe('placeLine', () => {
  it.each([
    [{ address: '3 Rue de Rivoli', city: 'Paris', country: 'France' }, '3 Rue de Rivoli, Paris, France'],
    [{ address: '3 Rue de Rivoli', city: '', country: 'France' }, '3 Rue de Rivoli, France'],
    [{ address: '3 Rue de Rivoli', city: null, country: undefined }, '3 Rue de Rivoli'],
    [{ address: '5 Rue Cler, Paris', city: 'Paris', country: 'France' }, '5 Rue Cler, Paris, France'],
    [{ address: '  ', city: 'Lagos', country: 'Nigeria' }, 'Lagos, Nigeria'],
    [{ address: 'Singapore', city: 'Singapore', country: 'Singapore' }, 'Singapore'],
  ])('when the parts are %j, then the line reads %j', (parts, line) => {
    expect(placeLine(parts)).toBe(line);
  });
});

describe('phoneHref', () => {
  it.each([
    ['+1 555 0123', 'tel:+15550123'],
    ['+44 (20) 7946-0018', 'tel:+442079460018'],
    ['020 7946 0018', 'tel:02079460018'],
    ['', null],
    [null, null],
    ['call us', null],
  ])('when the phone is %j, then the link is %j', (phone, href) => {
    expect(phoneHref(phone)).toBe(href);
  });
});

describe('websiteLink', () => {
  it('when the website is https, then it links there and reads as host and path', () => {
    expect(websiteLink('https://www.example.com/demo/suds-laundry/')).toEqual({
      href: 'https://www.example.com/demo/suds-laundry/',
      label: 'example.com/demo/suds-laundry',
    });
  });

  it('when the website is plain http at its root, then the label is the host alone', () => {
    expect(websiteLink('http://washhouse.example.org')).toEqual({
      href: 'http://washhouse.example.org/',
      label: 'washhouse.example.org',
    });
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,<b>hi</b>',
    'ftp://example.com/file',
    'example.com',
    'https://user:secret@example.com/',
    '',
    null,
  ])('when the website is %j, then there is no link', (website) => {
    expect(websiteLink(website)).toBeNull();
  });
});
