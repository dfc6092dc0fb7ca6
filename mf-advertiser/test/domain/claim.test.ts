import { describe, expect, it } from 'vitest';
import type { OwnerClaim } from '@laundry/contracts';
import {
  addressLine,
  claimAddress,
  claimCode,
  claimDomainOf,
  claimStatusText,
  ownedRows,
  ownStanding,
} from '../../src/domain/claim.ts';
import { english } from '../support/english.ts';

const claim = (change: Partial<OwnerClaim>): OwnerClaim => ({
  id: '00000000-0000-4000-8000-000000000001',
  laundromatId: '00000000-0000-4000-8000-0000000000a1',
  method: 'email-domain',
  status: 'verified',
  email: 'info@suds.example',
  documentType: null,
  documentUrl: null,
  codeExpiresAt: null,
  verifiedAt: null,
  decidedAt: null,
  notes: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...change,
});

describe('the e-mail claim', () => {
  it.each([
    ['https://www.suds.example/about', 'suds.example'],
    ['suds.example', 'suds.example'],
    ['https://www.facebook.com/suds', undefined],
    [null, undefined],
  ])('when the website is %s, then the address must be at %s', (website, domain) => {
    expect(claimDomainOf({ website })).toBe(domain);
  });

  it.each([
    ['info', 'info@suds.example'],
    ['  owner.name ', 'owner.name@suds.example'],
    ['Info@Suds.example', 'Info@Suds.example'],
    ['me@elsewhere.example', 'me@elsewhere.example'],
    ['   ', ''],
  ])('when %j is typed, then the code goes to %j', (typed, address) => {
    expect(claimAddress(typed, 'suds.example')).toBe(address);
  });

  it('when the code is pasted with spaces or a dash, then six digits are sent', () => {
    expect(claimCode(' 123 456 ')).toBe('123456');
    expect(claimCode('123-456')).toBe('123456');
  });
});

describe("'My laundromats'", () => {
  it('when there are verified ones and open claims, then the verified come first, each newest first', () => {
    const rows = ownedRows({
      verified: [claim({ id: 'a', createdAt: '2026-10-01T00:00:00.000Z' }), claim({ id: 'b' })],
      open: [claim({ id: 'c', status: 'pending-review', method: 'document' })],
    });
    expect(rows.map((row) => [row.claim.id, row.verified])).toEqual([
      ['b', true],
      ['a', true],
      ['c', false],
    ]);
  });

  it.each(['awaiting-code', 'pending-review', 'contested', 'verified'] as const)(
    'when a claim is %s, then its state has English words',
    (status) => {
      expect(english(claimStatusText(status))).toEqual(expect.any(String));
    },
  );
});

describe('the claimed laundromat', () => {
  it('when the street already names the city, then the city is not said twice', () => {
    expect(addressLine({ address: '1 Main St, Springfield', city: 'Springfield', country: 'US' })).toBe(
      '1 Main St, Springfield, US',
    );
    expect(addressLine({ address: '', city: 'Lyon', country: 'France' })).toBe('Lyon, France');
  });
});

describe('where the claim page starts', () => {
  const here = '00000000-0000-4000-8000-0000000000a1';
  const now = new Date('2026-11-01T10:10:00.000Z');
  const awaiting = (codeExpiresAt: string) =>
    claim({ status: 'awaiting-code', laundromatId: here, codeExpiresAt });

  it('when the person owns it, has a document in review, or nothing, then it says so', () => {
    expect(ownStanding({ verified: [claim({ laundromatId: here })], open: [] }, here, now).kind).toBe(
      'verified',
    );
    const review = claim({ status: 'contested', method: 'document', laundromatId: here });
    expect(ownStanding({ verified: [], open: [review] }, here, now).kind).toBe('in-review');
    expect(ownStanding({ verified: [claim({})], open: [] }, 'another', now).kind).toBe('none');
    expect(ownStanding(undefined, here, now).kind).toBe('none');
  });

  it('when a code was mailed and still runs, then the page asks for it; once it ran out, a new claim starts', () => {
    const running = awaiting('2026-11-01T10:30:00.000Z');
    expect(ownStanding({ verified: [], open: [running] }, here, now)).toEqual({
      kind: 'awaiting-code',
      claim: running,
    });
    const expired = awaiting('2026-11-01T10:05:00.000Z');
    expect(ownStanding({ verified: [], open: [expired] }, here, now).kind).toBe('none');
  });
});
