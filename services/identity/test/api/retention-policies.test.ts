import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { RetentionPoliciesResponse, RetentionPolicy } from '@laundry/contracts';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity, type Identity } from '@laundry/platform/auth';
import { startIdentityServer, type IdentityTestServer } from '../support/identity-server.ts';
import { createRetentionPolicyRepository } from '../../src/infra/retention-policy-repository.ts';
import { readDeclaredRetentionPolicies } from '../../src/infra/declared-retention-policies.ts';

vi.setConfig({ testTimeout: 30_000 });

let server: IdentityTestServer;
const admin: Identity = {
  id: '6f1d5a2e-8a4b-4c3d-9e2f-1a2b3c4d5e6f',
  email: 'admin@example.com',
  role: 'admin',
};
const person: Identity = {
  id: '7a1d5a2e-8a4b-4c3d-9e2f-1a2b3c4d5e6f',
  email: 'person@example.com',
  role: 'user',
};

beforeAll(async () => {
  server = await startIdentityServer({ RETENTION_INTERVAL_MS: '0' });
}, 60_000);
afterAll(() => server?.stop());

const as = (identity: Identity | undefined) => ({
  [INTERNAL_IDENTITY_HEADER]: signInternalIdentity(identity, server.config.INTERNAL_SECRET, '198.51.100.9'),
});

const list = (headers: Record<string, string>) =>
  fetch(`${server.baseUrl}/api/admin/retention-policies`, { headers });

const patch = (id: string, body: unknown, headers: Record<string, string>) =>
  fetch(`${server.baseUrl}/api/admin/retention-policies/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('the data retention policies', () => {
  test('when an admin lists them, then every default is there with its period, basis and jurisdiction', async () => {
    const response = await list(as(admin));
    expect(response.status).toBe(200);
    const { policies } = (await response.json()) as RetentionPoliciesResponse;
    const byKey = new Map(policies.map((policy) => [`${policy.service}/${policy.dataType}`, policy]));
    expect(byKey.get('ad/ad-event-addresses')).toMatchObject({
      action: 'anonymise',
      retentionPeriodDays: 30,
    });
    expect(byKey.get('ad/audit-log-addresses')).toMatchObject({
      action: 'anonymise',
      retentionPeriodDays: 30,
    });
    expect(byKey.get('ad/ad-events')).toMatchObject({ action: 'delete', retentionPeriodDays: 90 });
    expect(byKey.get('identity/sessions')).toMatchObject({
      retentionPeriodDays: 30,
      autoDeleteEnabled: true,
    });
    expect(byKey.get('identity/unverified-accounts')).toMatchObject({ retentionPeriodDays: 30 });
    expect(byKey.get('ad/refused-documents')).toMatchObject({ action: 'delete', retentionPeriodDays: 30 });
    // Every policy each listed service declares (the outbox's and processed events' of each included).
    const declared = readDeclaredRetentionPolicies();
    expect(new Set(declared.map((policy) => policy.service)).size).toBeGreaterThanOrEqual(6);
    for (const policy of declared) {
      expect(byKey.get(`${policy.service}/${policy.dataType}`)).toMatchObject({
        action: policy.action,
        retentionPeriodDays: policy.retentionPeriodDays,
      });
    }
    for (const service of new Set(declared.map((policy) => policy.service))) {
      expect(byKey.get(`${service}/outbox-events`)).toMatchObject({ retentionPeriodDays: 7 });
      expect(byKey.get(`${service}/processed-events`)).toBeDefined();
    }
    for (const policy of policies) {
      expect(policy.legalBasis).toBeTruthy();
      expect(policy.jurisdiction).toBe('GLOBAL');
    }
  });

  test('when a signed-out visitor or a person who is not an admin asks, then 401 and 403, and nothing changes', async () => {
    expect((await list(as(undefined))).status).toBe(401);
    expect((await list(as(person))).status).toBe(403);
    const [policy] = await server.db.query<{ id: string }>(`SELECT id FROM data_retention_policies LIMIT 1`);
    const refused = await patch(policy!.id, { retentionPeriodDays: 1 }, as(person));
    expect(refused.status).toBe(403);
    const [after] = await server.db.query<{ days: number }>(
      `SELECT retention_period_days AS days FROM data_retention_policies WHERE id = $1`,
      [policy!.id],
    );
    expect(after!.days).not.toBe(1);
  });

  test('when an admin changes a policy, then it is stored and the change is audited with old and new values', async () => {
    const { policies } = (await (await list(as(admin))).json()) as RetentionPoliciesResponse;
    const policy = policies.find((p) => p.service === 'ad' && p.dataType === 'ad-events') as RetentionPolicy;
    const response = await patch(
      policy.id,
      { retentionPeriodDays: 120, autoDeleteEnabled: false },
      as(admin),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ retentionPeriodDays: 120, autoDeleteEnabled: false });

    const [audit] = await server.db.query<{ envelope: { data: Record<string, unknown> } }>(
      `SELECT envelope FROM outbox WHERE type = 'audit.recorded.v1' ORDER BY seq DESC LIMIT 1`,
    );
    expect(audit!.envelope.data).toMatchObject({
      userId: admin.id,
      action: 'retention_policy.update',
      resource: 'data_retention_policy',
      resourceId: policy.id,
      status: 'success',
      ipAddress: '198.51.100.9',
      oldData: { retentionPeriodDays: 90, autoDeleteEnabled: true },
      newData: { retentionPeriodDays: 120, autoDeleteEnabled: false },
    });
  });

  test('when a change is out of range, then 400 names the rule and an unknown policy is 404', async () => {
    const [policy] = await server.db.query<{ id: string }>(`SELECT id FROM data_retention_policies LIMIT 1`);
    const tooLong = await patch(policy!.id, { retentionPeriodDays: 99999 }, as(admin));
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { message: string }).message).toMatch(/at most 3650 days/);
    const empty = await patch(policy!.id, {}, as(admin));
    expect(empty.status).toBe(400);
    const unknown = await patch('00000000-0000-4000-8000-000000000000', { isActive: false }, as(admin));
    expect(unknown.status).toBe(404);
  });

  test('when a service reads its policies and reports a run, then lastCleanupRun is recorded; an unsigned call is refused', async () => {
    const unsigned = await fetch(`${server.baseUrl}/internal/retention-policies?service=ad`);
    expect(unsigned.status).toBe(403);
    const signed = await fetch(`${server.baseUrl}/internal/retention-policies?service=billing`, {
      headers: as(undefined),
    });
    const { policies } = (await signed.json()) as RetentionPoliciesResponse;
    expect(policies.map((policy) => policy.dataType)).toEqual(['outbox-events', 'processed-events']);
    const report = await fetch(`${server.baseUrl}/internal/retention-policies/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...as(undefined) },
      body: JSON.stringify({ service: 'billing', runs: [{ dataType: 'outbox-events', affected: 7 }] }),
    });
    expect(report.status).toBe(204);
    const [row] = await server.db.query<{ run: Date | null; count: string }>(
      `SELECT last_cleanup_run AS run, last_cleanup_count AS count FROM data_retention_policies
       WHERE service = 'billing' AND data_type = 'outbox-events'`,
    );
    expect(row!.run).not.toBeNull();
    expect(Number(row!.count)).toBe(7);
  });

  test('when identity starts again, then a policy an admin changed keeps its values and a newly declared one is added', async () => {
    const policies = createRetentionPolicyRepository(server.db);
    await server.db.query(
      `UPDATE data_retention_policies SET retention_period_days = 400, auto_delete_enabled = false
       WHERE service = 'review' AND data_type = 'outbox-events'`,
    );
    const declared = [
      ...readDeclaredRetentionPolicies(),
      {
        service: 'laundry-notes',
        dataType: 'outbox-events',
        action: 'delete' as const,
        retentionPeriodDays: 7,
        legalBasis: 'Legitimate interests: reliable delivery',
        jurisdiction: 'GLOBAL',
        autoDeleteEnabled: true,
      },
    ];
    expect(await policies.addMissing(declared)).toBe(1);
    expect(await policies.addMissing(declared)).toBe(0);
    const byKey = new Map(
      (await policies.list()).map((policy) => [`${policy.service}/${policy.dataType}`, policy]),
    );
    expect(byKey.get('review/outbox-events')).toMatchObject({
      retentionPeriodDays: 400,
      autoDeleteEnabled: false,
    });
    expect(byKey.get('laundry-notes/outbox-events')).toMatchObject({
      action: 'delete',
      retentionPeriodDays: 7,
      isActive: true,
      autoDeleteEnabled: true,
    });
  });
});
