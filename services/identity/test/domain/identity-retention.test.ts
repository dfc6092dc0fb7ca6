import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createMemoryBus } from '@laundry/platform/bus';
import { createLogger } from '@laundry/platform/logging';
import { createOutbox } from '@laundry/platform/outbox';
import { platformRetentionTasks, runRetention } from '@laundry/platform/retention';
import { identityRetentionTasks } from '../../src/domain/identity-retention-tasks.ts';
import { localPolicySource } from '../../src/domain/retention-policies.ts';
import { createRetentionPolicyRepository } from '../../src/infra/retention-policy-repository.ts';
import { startIdentityServer, type IdentityTestServer } from '../support/identity-server.ts';

vi.setConfig({ testTimeout: 30_000 });

const DAY = 86_400_000;
const now = new Date('2026-11-24T12:00:00Z');
const ago = (days: number, extraMs = 0) => new Date(now.getTime() - days * DAY + extraMs);

let server: IdentityTestServer;

beforeAll(async () => {
  server = await startIdentityServer({ RETENTION_INTERVAL_MS: '0' });
}, 60_000);
afterAll(() => server?.stop());

async function insertUser(fields: { createdAt: Date; verified: boolean; points?: number; role?: string }) {
  const [row] = await server.db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, created_at, email_verified_at, contribution_points, role)
     VALUES ($1, 'x', $2, $3, $4, $5) RETURNING id`,
    [
      `${randomUUID()}@example.com`,
      fields.createdAt,
      fields.verified ? fields.createdAt : null,
      fields.points ?? 0,
      fields.role ?? 'user',
    ],
  );
  return row!.id;
}

async function insertSession(userId: string, expiresAt: Date, endedAt: Date | null) {
  const sid = randomUUID();
  await server.db.query(
    `INSERT INTO sessions (sid, user_id, created_at, last_seen_at, expires_at, ended_at)
     VALUES ($1, $2, $3, $3, $4, $5)`,
    [sid, userId, ago(60), expiresAt, endedAt],
  );
  return sid;
}

const run = () =>
  runRetention({
    service: 'identity',
    db: server.db,
    policies: localPolicySource(createRetentionPolicyRepository(server.db)),
    // An outbox on the service's own table: the running service relays what the run records.
    tasks: [
      ...platformRetentionTasks,
      ...identityRetentionTasks(
        createOutbox({
          db: server.db,
          bus: createMemoryBus(),
          producer: 'identity',
          logger: createLogger('test', 'silent'),
        }),
      ),
    ],
    now: () => now,
  });

describe("identity's retention run", () => {
  test('when it runs, then unverified accounts and ended sessions past 30 days go, and nothing just inside the period', async () => {
    const oldUnverified = await insertUser({ createdAt: ago(30, -60_000), verified: false });
    const youngUnverified = await insertUser({ createdAt: ago(30, 60_000), verified: false });
    const oldVerified = await insertUser({ createdAt: ago(400), verified: true });
    const oldContributor = await insertUser({ createdAt: ago(400), verified: false, points: 10 });
    const oldAdmin = await insertUser({ createdAt: ago(400), verified: false, role: 'admin' });

    const endedLongAgo = await insertSession(oldVerified, ago(1), ago(30, -60_000));
    const expiredLongAgo = await insertSession(oldVerified, ago(30, -60_000), null);
    const endedRecently = await insertSession(oldVerified, ago(-5), ago(30, 60_000));
    const open = await insertSession(oldVerified, ago(-5), null);

    const outcome = await run();
    expect(outcome.failures).toEqual([]);
    expect(outcome.runs).toEqual(
      expect.arrayContaining([
        { dataType: 'unverified-accounts', affected: 1 },
        { dataType: 'sessions', affected: 2 },
      ]),
    );

    const users = await server.db.query<{ id: string }>(`SELECT id FROM users`);
    const ids = users.map((user) => user.id);
    expect(ids).not.toContain(oldUnverified);
    expect(ids).toEqual(expect.arrayContaining([youngUnverified, oldVerified, oldContributor, oldAdmin]));

    // The removal is an erasure: the other services are told through the outbox.
    const erased = await server.db.query<{ envelope: { data: { userId: string } } }>(
      `SELECT envelope FROM outbox WHERE type = 'user.deleted.v1'`,
    );
    expect(erased.map((row) => row.envelope.data.userId)).toEqual([oldUnverified]);

    const sessions = await server.db.query<{ sid: string }>(`SELECT sid FROM sessions ORDER BY sid`);
    expect(sessions.map((row) => row.sid).sort()).toEqual([endedRecently, open].sort());
    expect(sessions.map((row) => row.sid)).not.toContain(endedLongAgo);
    expect(sessions.map((row) => row.sid)).not.toContain(expiredLongAgo);

    const [policy] = await server.db.query<{ run: Date | null; count: string }>(
      `SELECT last_cleanup_run AS run, last_cleanup_count AS count FROM data_retention_policies
       WHERE service = 'identity' AND data_type = 'sessions'`,
    );
    expect(policy!.run).not.toBeNull();
    expect(Number(policy!.count)).toBe(2);
  });
});
