/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { messageText } from '../../src/domain/validation-messages.ts';
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
    expect(englishAt(key)).toEqual(expect.any(String));
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
  ])('when the contract says %j, then the English page says exactly that (spec §5)', (message) => {
    expect(english(messageText(message))).toBe(message);
  });

  it('when the server says something the table does not know, then it is shown in its own words', () => {
    const suggestion = "We don't know the city 'Pariss'. Did you mean 'Paris, FR'?";
    expect(english(messageText(suggestion))).toBe(suggestion);
  });

  it('when spec §2 and §8 strings are looked up, then they are verbatim', () => {
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
