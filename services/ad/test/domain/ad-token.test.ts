import { describe, expect, it } from 'vitest';
import { readAdToken, signAdToken, type AdDecision } from '../../src/domain/delivery/ad-token.ts';

const decision: AdDecision = {
  id: '6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab',
  campaignId: '7a1c2a4e-8b1d-4c3a-9e2f-0123456789ab',
  placementKey: 'home-page',
  userId: null,
  viewerKey: 'c:abc',
  laundromatId: null,
  city: 'Paris',
  country: 'FR',
  latitude: 48.85,
  longitude: 2.35,
  issuedAt: 1_800_000_000,
  billedEvent: 'click',
  priceE4: 50_000,
  targetDigest: 'dGFyZ2V0',
  addressDigest: 'YWRkcmVzcw',
};
const secret = 'a-test-secret-of-enough-length';

describe('ad decision tokens', () => {
  it('when read back with the same secret in time, then it is the same decision, not expired', () => {
    const token = signAdToken(decision, secret);
    expect(readAdToken(token, secret, 1800, decision.issuedAt + 60)).toEqual({
      ok: true,
      decision,
      expired: false,
    });
  });

  it('when read after its time, or dated in the future, then it is a decision marked expired', () => {
    const token = signAdToken(decision, secret);
    expect(readAdToken(token, secret, 1800, decision.issuedAt + 1801)).toMatchObject({
      ok: true,
      expired: true,
    });
    expect(readAdToken(token, secret, 1800, decision.issuedAt - 120)).toMatchObject({
      ok: true,
      expired: true,
    });
  });

  it('when the payload, the signature or the secret differ, then it is no decision at all', () => {
    const token = signAdToken(decision, secret);
    const [payload, signature] = token.split('.');
    const changed = Buffer.from(JSON.stringify(['x'])).toString('base64url');
    expect(readAdToken(`${changed}.${signature}`, secret, 1800, decision.issuedAt)).toEqual({ ok: false });
    expect(readAdToken(`${payload}.AAAA`, secret, 1800, decision.issuedAt)).toEqual({ ok: false });
    expect(readAdToken(token, 'another-secret-of-enough-len', 1800, decision.issuedAt)).toEqual({
      ok: false,
    });
    expect(readAdToken(`${token}.extra`, secret, 1800, decision.issuedAt)).toEqual({ ok: false });
    expect(readAdToken('', secret, 1800, decision.issuedAt)).toEqual({ ok: false });
  });
});
