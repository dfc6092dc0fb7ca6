import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { CONSENT_POLICY_VERSION, type ConsentHistoryResponse, type ConsentState } from '@laundry/contracts';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity, type Identity } from '@laundry/platform/auth';
import {
  registerAndSignIn,
  startIdentityServer,
  uniqueEmail,
  type IdentityTestServer,
} from '../support/identity-server.ts';

vi.setConfig({ testTimeout: 30_000 });

let server: IdentityTestServer;
let user: Identity;

beforeAll(async () => {
  server = await startIdentityServer();
  const response = await registerAndSignIn<Identity>(server, {
    email: uniqueEmail('consent'),
    password: 'a fine password',
    firstName: 'Ada',
    confirmAge13: true,
  });
  user = { id: response.body.id, email: response.body.email, role: 'user' };
}, 60_000);
afterAll(() => server?.stop());

const signedIn = (identity: Identity = user, address = '203.0.113.77') => ({
  [INTERNAL_IDENTITY_HEADER]: signInternalIdentity(identity, server.config.INTERNAL_SECRET, address),
});

async function putConsent(body: unknown, headers: Record<string, string> = signedIn()) {
  const response = await fetch(`${server.baseUrl}/api/me/consent`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'user-agent': 'ConsentTest/1.0', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as ConsentState & { message?: string },
    headers: response.headers,
  };
}

const getJson = async <T>(path: string, headers = signedIn()) => {
  const response = await fetch(`${server.baseUrl}${path}`, { headers });
  return { status: response.status, body: (await response.json()) as T };
};

const adViewerId = '0b3c1f9e-5d1a-4c61-9a57-2f1f0e6c7a10';

describe('consent records', () => {
  test('when nothing is recorded, then GET answers no choice and the current policy version', async () => {
    const { status, body } = await getJson<ConsentState>('/api/me/consent');
    expect(status).toBe(200);
    expect(body).toEqual({
      consent: null,
      consentVersion: null,
      currentVersion: CONSENT_POLICY_VERSION,
      recordedAt: null,
      expiresAt: null,
    });
  });

  test('when signed out, then GET and PUT answer 401 and nothing is stored', async () => {
    const get = await fetch(`${server.baseUrl}/api/me/consent`);
    expect(get.status).toBe(401);
    const put = await putConsent(
      { analytics: true, advertising: true, consentVersion: CONSENT_POLICY_VERSION, source: 'banner' },
      {},
    );
    expect(put.status).toBe(401);
  });

  test('when the body is not a choice, then 400 says what is wrong', async () => {
    const bad = await putConsent({
      analytics: 'yes',
      advertising: true,
      consentVersion: CONSENT_POLICY_VERSION,
      source: 'banner',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Analytics must be true or false/);
    const future = await putConsent({
      analytics: true,
      advertising: true,
      consentVersion: '2999-01-01',
      source: 'banner',
    });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe('This policy version is not known.');
  });

  test('when a choice is given and then advertising withdrawn, then both are kept: the withdrawal is a new record', async () => {
    const first = await putConsent({
      analytics: true,
      advertising: true,
      consentVersion: CONSENT_POLICY_VERSION,
      source: 'banner',
    });
    expect(first.status).toBe(200);
    expect(first.body.consent).toEqual({ necessary: true, analytics: true, advertising: true });
    expect(first.body.consentVersion).toBe(CONSENT_POLICY_VERSION);

    // The same choice again changes nothing.
    await putConsent({
      analytics: true,
      advertising: true,
      consentVersion: CONSENT_POLICY_VERSION,
      source: 'dialog',
    });
    const afterRepeat = await getJson<ConsentHistoryResponse>('/api/me/consent/history');
    expect(afterRepeat.body.records).toHaveLength(3);

    const withdrawn = await putConsent(
      {
        analytics: true,
        advertising: false,
        consentVersion: CONSENT_POLICY_VERSION,
        source: 'dialog',
        adViewerId,
      },
      { ...signedIn(), cookie: `lf_ad_id=${adViewerId}` },
    );
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.consent).toEqual({ necessary: true, analytics: true, advertising: false });
    // The browser is told to drop its advertising id.
    expect(withdrawn.headers.getSetCookie().some((line) => /^lf_ad_id=;/.test(line))).toBe(true);

    const { body } = await getJson<ConsentHistoryResponse>('/api/me/consent/history');
    const advertising = body.records.filter((record) => record.consentType === 'advertising');
    expect(advertising.map((record) => record.hasConsented)).toEqual([false, true]);
    expect(advertising[0]!.withdrawnAt).not.toBeNull();
    expect(advertising[0]!.consentSource).toBe('dialog');
    expect(advertising[1]!.withdrawnAt).toBeNull();
    expect(advertising[1]!.consentSource).toBe('banner');
    for (const record of body.records) {
      expect(record.ipAddress).toBe('203.0.113.77');
      expect(record.userAgent).toBe('ConsentTest/1.0');
      expect(record.consentVersion).toBe(CONSENT_POLICY_VERSION);
      expect(record.legalBasis).toBe(record.consentType === 'necessary' ? 'contract' : 'consent');
    }

    // The withdrawal is announced with the advertising id, through the outbox.
    const events = await server.db.query<{ envelope: { data: Record<string, unknown> } }>(
      `SELECT envelope FROM outbox WHERE type = 'user.consent-changed.v1' ORDER BY seq`,
    );
    expect(events.map((event) => event.envelope.data.advertising)).toEqual([true, false]);
    expect(events[1]!.envelope.data).toMatchObject({ userId: user.id, adViewerId });
  });

  test('when a record is changed in the database, then the trigger refuses it', async () => {
    await expect(server.db.query(`UPDATE user_consents SET has_consented = true`)).rejects.toThrow(
      /never changed/,
    );
  });

  test('when another person asks, then they see only their own state', async () => {
    const other = await registerAndSignIn<Identity>(server, {
      email: uniqueEmail('consent-other'),
      password: 'a fine password',
      firstName: 'Bo',
      confirmAge13: true,
    });
    const { body } = await getJson<ConsentState>(
      '/api/me/consent',
      signedIn({ id: other.body.id, email: other.body.email, role: 'user' }),
    );
    expect(body.consent).toBeNull();
  });
});
