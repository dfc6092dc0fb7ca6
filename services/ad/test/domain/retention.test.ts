import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createRetentionClient, type RetentionPoliciesResponse } from '@laundry/contracts';
import { createLogger, migrate, openPostgres, type Db } from '@laundry/platform';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '@laundry/platform/auth';
import { platformRetentionTasks, runRetention } from '@laundry/platform/retention';
import { adRetentionTasks } from '../../src/domain/retention/ad-retention-tasks.ts';
import {
  startIdentityServer,
  type IdentityTestServer,
} from '../../../identity/test/support/identity-server.ts';
import { urls } from '../../../../test/support/servers.ts';

vi.setConfig({ testTimeout: 60_000 });

const DAY = 86_400_000;
const now = new Date('2026-11-24T12:00:00Z');
const ago = (days: number, extraMs = 0) => new Date(now.getTime() - days * DAY + extraMs);

let identity: IdentityTestServer;
let db: Db;
let schema: string;
let campaignId: string;
let advertiserId: string;

beforeAll(async () => {
  // The policies come from the real identity service, through the client every service uses.
  identity = await startIdentityServer({ RETENTION_INTERVAL_MS: '0' });
  schema = `ad_retention_${randomBytes(4).toString('hex')}`;
  const logger = createLogger('test', 'silent');
  db = await openPostgres({ url: urls.database, schema, logger, max: 2 });
  await migrate(db, fileURLToPath(new URL('../../migrations/', import.meta.url)), { logger });
  const [advertiser] = await db.query<{ id: string }>(
    `INSERT INTO advertisers (user_id, business_name, contact_email) VALUES ($1, 'Suds Ltd', 'a@suds.example')
     RETURNING id`,
    [randomUUID()],
  );
  const [campaign] = await db.query<{ id: string }>(
    `INSERT INTO campaigns (advertiser_id, title, target_url, daily_budget, total_budget, cost_per_click, status,
                            moderation_status)
     VALUES ($1, 'Suds', 'https://suds.example/', 1000, 100000, 0.5, 'active', 'approved') RETURNING id`,
    [advertiser!.id],
  );
  campaignId = campaign!.id;
  advertiserId = advertiser!.id;
}, 120_000);

afterAll(async () => {
  await db?.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await db?.close();
  await identity?.stop();
});

async function insertAdEvent(createdAt: Date, ipAddress: string) {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO ad_events (decision_id, campaign_id, event_type, user_agent, ip_address, created_at)
     VALUES ($1, $2, 'impression', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131', $3, $4) RETURNING id`,
    [randomUUID(), campaignId, ipAddress, createdAt],
  );
  return row!.id;
}

async function insertAuditEntry(createdAt: Date, ipAddress: string) {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO audit_log (event_id, user_id, action, resource, ip_address, user_agent, created_at)
     VALUES ($1, $2, 'campaign.update', 'campaign', $3, 'Mozilla/5.0 Firefox/133', $4) RETURNING id`,
    [randomUUID(), randomUUID(), ipAddress, createdAt],
  );
  return row!.id;
}

const client = () =>
  createRetentionClient({
    baseUrl: identity.baseUrl,
    timeoutMs: 5000,
    identityHeader: INTERNAL_IDENTITY_HEADER,
    sign: () => signInternalIdentity(undefined, identity.config.INTERNAL_SECRET, 'service:ad'),
  });

describe("the ad service's retention run", () => {
  test('when it runs, then exactly the rows past each period go or are cut down, rows just inside stay, and identity records the run', async () => {
    // ad-events: 90 days; addresses in ad events and the audit log: 30 days (the defaults).
    const oldEvent = await insertAdEvent(ago(90, -60_000), '203.0.113.77');
    const keptEvent = await insertAdEvent(ago(90, 60_000), '2001:db8:85a3:8d3:1319:8a2e:370:7348');
    const recentEvent = await insertAdEvent(ago(30, 60_000), '198.51.100.23');
    const oldAudit = await insertAuditEntry(ago(30, -60_000), '2001:db8:85a3:8d3::1');
    const recentAudit = await insertAuditEntry(ago(30, 60_000), '198.51.100.23');
    // The outbox (7 days): a published row past it goes, an unpublished one of any age stays.
    await db.query(
      `INSERT INTO outbox (id, type, envelope, created_at, published_at) VALUES
         ('old-published', 'x', '{}', $1, $1), ('old-unpublished', 'x', '{}', $1, NULL), ('recent', 'x', '{}', $2, $2)`,
      [ago(7, -60_000), ago(7, 60_000)],
    );
    await db.query(
      `INSERT INTO processed_events (consumer, event_id, processed_at) VALUES ('c', 'old', $1), ('c', 'recent', $2)`,
      [ago(31), ago(29)],
    );
    // Team invitations nobody accepted (30 days): the one sent just before goes, the one just after stays.
    await db.query(
      `INSERT INTO advertiser_invitations (id, advertiser_id, email, role, token_hash, created_at, expires_at)
       VALUES ($1, $3, 'old@suds.example', 'viewer', repeat('a', 64), $4, $4::timestamptz + interval '14 days'),
              ($2, $3, 'new@suds.example', 'viewer', repeat('b', 64), $5, $5::timestamptz + interval '14 days')`,
      [randomUUID(), randomUUID(), advertiserId, ago(30, -60_000), ago(30, 60_000)],
    );

    const outcome = await runRetention({
      service: 'ad',
      db,
      policies: client(),
      tasks: [...platformRetentionTasks, ...adRetentionTasks],
      now: () => now,
      batchSize: 1,
    });
    expect(outcome.failures).toEqual([]);
    const counts = Object.fromEntries(outcome.runs.map((run) => [run.dataType, run.affected]));
    expect(counts).toEqual({
      'ad-events': 1,
      // Deletions run first: the event past 90 days is gone, so only the one just inside 90 days is cut down.
      'ad-event-addresses': 1,
      'audit-log-addresses': 1,
      'outbox-events': 1,
      'processed-events': 1,
      'team-invitations': 1,
    });
    const invitations = await db.query<{ email: string }>('SELECT email FROM advertiser_invitations');
    expect(invitations).toEqual([{ email: 'new@suds.example' }]);

    const events = await db.query<{ id: string; ip: string | null; ua: string | null }>(
      `SELECT id, ip_address AS ip, user_agent AS ua FROM ad_events ORDER BY created_at`,
    );
    expect(events.map((event) => event.id)).toEqual([keptEvent, recentEvent]);
    expect(events.map((event) => event.id)).not.toContain(oldEvent);
    expect(events[0]).toMatchObject({ ip: '2001:db8:85a3::', ua: null });
    expect(events[1]).toMatchObject({
      ip: '198.51.100.23',
      ua: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
    });

    const audit = await db.query<{ id: string; ip: string | null; ua: string | null; action: string }>(
      `SELECT id, ip_address AS ip, user_agent AS ua, action FROM audit_log ORDER BY created_at`,
    );
    expect(audit).toEqual([
      { id: oldAudit, ip: '2001:db8:85a3::', ua: null, action: 'campaign.update' },
      { id: recentAudit, ip: '198.51.100.23', ua: 'Mozilla/5.0 Firefox/133', action: 'campaign.update' },
    ]);
    // Anything else is still refused by the audit log's trigger.
    await expect(db.query(`UPDATE audit_log SET ip_address = NULL`)).rejects.toThrow(/append-only/);
    await expect(db.query(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/);

    const outbox = await db.query<{ id: string }>(`SELECT id FROM outbox ORDER BY id`);
    expect(outbox.map((row) => row.id)).toEqual(['old-unpublished', 'recent']);
    const processed = await db.query<{ id: string }>(`SELECT event_id AS id FROM processed_events`);
    expect(processed.map((row) => row.id)).toEqual(['recent']);

    // A second run finds nothing more to do.
    const again = await runRetention({
      service: 'ad',
      db,
      policies: client(),
      tasks: [...platformRetentionTasks, ...adRetentionTasks],
      now: () => now,
    });
    expect(again.runs.every((run) => run.affected === 0)).toBe(true);

    const response = await fetch(`${identity.baseUrl}/internal/retention-policies?service=ad`, {
      headers: {
        [INTERNAL_IDENTITY_HEADER]: signInternalIdentity(undefined, identity.config.INTERNAL_SECRET),
      },
    });
    const { policies } = (await response.json()) as RetentionPoliciesResponse;
    // The policies of the tasks run here; refused documents are the photo service's files, run by the app.
    const ran = new Set([...platformRetentionTasks, ...adRetentionTasks].map((task) => task.dataType));
    const recorded = policies.filter((policy) => ran.has(policy.dataType));
    expect(recorded.map((policy) => policy.dataType).sort()).toEqual([...ran].sort());
    for (const policy of recorded) {
      expect(policy.lastCleanupRun).not.toBeNull();
      expect(policy.lastCleanupCount).toBe(0);
    }
  });

  test('when a policy is turned off by an admin, then its data is left alone', async () => {
    const [policy] = await identity.db.query<{ id: string }>(
      `UPDATE data_retention_policies SET auto_delete_enabled = false
       WHERE service = 'ad' AND data_type = 'ad-events' RETURNING id`,
    );
    expect(policy).toBeDefined();
    const old = await insertAdEvent(ago(200), '203.0.113.5');
    const outcome = await runRetention({
      service: 'ad',
      db,
      policies: client(),
      tasks: [...platformRetentionTasks, ...adRetentionTasks],
      now: () => now,
    });
    expect(outcome.runs.map((run) => run.dataType)).not.toContain('ad-events');
    const [row] = await db.query<{ ip: string }>(`SELECT ip_address AS ip FROM ad_events WHERE id = $1`, [
      old,
    ]);
    // Still there, though its address was cut (that policy is on).
    expect(row).toEqual({ ip: '203.0.113.0' });
  });
});
