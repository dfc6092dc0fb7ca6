/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { messageText } from '../../src/domain/validation-messages.ts';
import { moneyText } from '../../src/domain/i18n-text.ts';
import { english, englishAt } from '../support/english.ts';

const src = fileURLToPath(new URL('../../src/', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every literal key the pages and the domain ask for: t('…') in the advertiser namespace, ns('…') in full. */
const keys = [
  ...new Set(
    files(src).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const plain = [...text.matchAll(/\bt\(\s*'([^'$]+)'/g)].map((match) => match[1]!);
      const prefixed = [...text.matchAll(/\bns\('([^'$]+)'\)/g)].map((match) => `advertiser:${match[1]!}`);
      return [...plain.map((key) => (key.includes(':') ? key : `advertiser:${key}`)), ...prefixed];
    }),
  ),
].sort();

describe('the advertiser pages’ message keys', () => {
  it('when the sources are read, then they ask for keys', () => {
    expect(keys.length).toBeGreaterThan(150);
  });

  it.each(keys)('when %s is looked up in en.json, then it has English text', (key) => {
    // A count's key is found by its plural forms (key_one, key_other).
    expect(englishAt(key) ?? englishAt(`${key}_other`)).toEqual(expect.any(String));
  });

  it.each([
    'Business name is required',
    'Please enter a valid website URL',
    'Please enter a valid email address',
    'Title is required',
    'Please enter a valid URL',
    'Minimum budget is $10',
    'Minimum daily budget is $1',
    'Minimum cost per click is $0.10',
    'Minimum budget is ¥1,500',
    'Minimum daily budget is ¥150',
    'Minimum cost per click is ¥15',
    'Minimum budget is €10',
    'Minimum cost per click is CA$0.10',
    'Minimum budget is A$10',
    'Minimum budget is £10',
    'Use a whole amount: this currency has no decimals',
  ])('when the contract says %j, then the English page says exactly that', (message) => {
    expect(english(messageText(message))).toBe(message);
  });

  // Each refusal of a claim, as the owner service and the claim contracts word it.
  it.each([
    'This laundromat has no website of its own to check an address against. Send a document instead.',
    "The address must be at suds.example, the laundromat's website.",
    'You have asked for several codes today. Please try again tomorrow.',
    'You are already the verified owner of this laundromat.',
    'You already have an open claim of this laundromat.',
    'You already have an open claim of this laundromat, or own it.',
    'This laundromat already has a verified owner. If it is yours, send a document: an admin will compare both.',
    'We could not send the code right now. Please try again in a moment.',
    'Too many wrong codes. Please start a new claim.',
    'This code has expired. Please start a new claim.',
    'This code was already used: the claim is verified.',
    'E-mail address is required',
    'Enter a valid e-mail address',
    'Code is required',
    'The code has 6 digits',
  ])(
    'when a claim is refused with %j, then it has a translation that reads the same in English',
    (message) => {
      const text = messageText(message);
      expect(text.key).not.toBe('advertiser:validation.server');
      expect(english(text)).toBe(message);
    },
  );

  it('when a wrong code is refused, then the tries left are counted in the reader’s plural', () => {
    expect(messageText('That code is not right. 4 tries left.')).toEqual({
      key: 'advertiser:claims.refusals.codeIncorrect',
      values: { count: 4 },
    });
    expect(messageText('That code is not right. 1 try left.').values).toEqual({ count: 1 });
    expect(englishAt('advertiser:claims.refusals.codeIncorrect_other')).toBe(
      'That code is not right. {{count}} tries left.',
    );
  });

  it('when the server says something the table does not know, then it is shown in its own words', () => {
    const unknown = 'Something the ad service has never said before.';
    expect(messageText(unknown).key).toBe('advertiser:validation.server');
    expect(english(messageText(unknown))).toBe(unknown);
  });

  // Each refusal the ad service words itself (services/ad/src/domain), as it words it.
  it.each([
    "We don't know the city 'Pariss'. Did you mean 'Paris, FR'?",
    "We don't know the city 'Xq'. Check the spelling, or add its country code ('Paris, FR').",
    'Until your business is verified, your campaigns may budget at most $500.00 in all ($120.50 left). ' +
      'Verify your business in Settings to lift the limit.',
    'The total budget cannot be less than what the campaign has already spent ($12.30).',
    'Until your business is verified, your campaigns may budget at most ¥75,000 in all (¥60,000 left). ' +
      'Verify your business in Settings to lift the limit.',
    'The billing currency is fixed once a campaign exists: it is JPY.',
    "Only the account's owner can change its billing currency.",
    'The end date has already passed.',
    'This campaign is waiting for review. You can edit it again once an admin has looked at it.',
    'This campaign has ended and cannot be changed.',
    'This campaign has ended and cannot be changed. Create a new campaign to advertise again.',
    'A draft campaign is started with Activate; it can be paused once it runs.',
    "This campaign's end date has passed, so it cannot run again.",
    'You already have an advertiser profile.',
    'Create your advertiser profile first.',
    'Your business is already verified.',
    'Your document is waiting for review. We will let you know once it is checked.',
  ])(
    'when the ad service refuses with %j, then it has a translation that reads the same in English',
    (message) => {
      const text = messageText(message);
      expect(text.key).not.toBe('advertiser:validation.server');
      expect(english(text)).toBe(message);
    },
  );

  it('when a minimum is named in yen, then the translation carries the amount for the page to write', () => {
    expect(messageText('Minimum budget is ¥1,500')).toEqual({
      key: 'advertiser:campaign.validation.minBudget',
      money: { amount: { units: 1500, currency: 'JPY' } },
    });
    expect(moneyText({ units: 1500, currency: 'JPY' }, 'fr')).toMatch(/^1\s500\sJPY$/);
    expect(moneyText({ units: 0.1, currency: 'EUR' }, 'de')).toMatch(/^0,10\s€$/);
  });

  it('when the page and error strings are looked up, then they are verbatim', () => {
    expect(englishAt('advertiser:setup.pitch.signIn')).toBe('Sign In to Get Started');
    expect(englishAt('advertiser:setup.submitting')).toBe('Creating Profile...');
    expect(englishAt('advertiser:setup.success')).toBe('Profile created successfully!');
    expect(englishAt('advertiser:setup.failed')).toBe('Failed to create profile');
    expect(englishAt('advertiser:campaign.success')).toBe('Campaign created successfully!');
    expect(englishAt('advertiser:campaign.failed')).toBe('Failed to create campaign');
    expect(englishAt('common:status.tryAgainLater')).toBe('Please try again later');
    expect(englishAt('advertiser:dashboard.campaigns.createFirst')).toBe('Create Your First Campaign');
    expect(englishAt('advertiser:campaign.sections.budget')).toBe('Budget & Pricing');
  });
});
