import { randomUUID } from 'node:crypto';
import type { AccountSession } from '@laundry/contracts';
import { notFound } from '@laundry/platform/errors';
import type { SessionRevocations } from '@laundry/platform/auth';
import type { ClientSummary } from './describe-client.ts';
import type { SessionRecord, SessionRepository } from './session-store.ts';

/** last_seen_at is written at most this often per session: "roughly" is all the list needs. */
export const LAST_SEEN_EVERY_SECONDS = 5 * 60;

export interface AccountSessionDeps {
  sessions: SessionRepository;
  revocations: SessionRevocations;
  /** The longest a session lives. */
  ttlSeconds: number;
}

/** A new session's id and when it ends; its row is written before its cookie is handed out. */
export async function recordSession(
  deps: Pick<AccountSessionDeps, 'sessions' | 'ttlSeconds'>,
  userId: string,
  client: ClientSummary,
): Promise<string> {
  const sid = randomUUID();
  await deps.sessions.insert({
    sid,
    userId,
    ...client,
    expiresAt: new Date(Date.now() + deps.ttlSeconds * 1000),
  });
  return sid;
}

const view = (row: SessionRecord, currentSid: string | undefined): AccountSession => ({
  id: row.sid,
  browser: row.browser,
  os: row.os,
  address: row.address,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  current: row.sid === currentSid,
});

/** The person's sessions, this browser's first. */
export async function listSessions(
  deps: Pick<AccountSessionDeps, 'sessions'>,
  userId: string,
  currentSid: string | undefined,
): Promise<AccountSession[]> {
  const rows = await deps.sessions.listActive(userId);
  const views = rows.map((row) => view(row, currentSid));
  return [...views.filter((s) => s.current), ...views.filter((s) => !s.current)];
}

const revokeRow = (deps: AccountSessionDeps, row: SessionRecord) =>
  deps.revocations.revoke({
    identity: { id: row.userId, email: '', role: 'user' },
    sessionId: row.sid,
    issuedAt: Math.floor(row.createdAt.getTime() / 1000),
    expiresAt: Math.ceil(row.expiresAt.getTime() / 1000),
  });

/**
 * Ends one of the person's sessions: the revocation list first (the gateway refuses it from then on), then
 * the row. Someone else's session, or one already over, is not found.
 */
export async function endSession(deps: AccountSessionDeps, userId: string, sid: string): Promise<void> {
  const active = (await deps.sessions.listActive(userId)).find((row) => row.sid === sid);
  if (!active) throw notFound('This session has already ended.');
  await revokeRow(deps, active);
  await deps.sessions.end(userId, sid);
}

/**
 * Ends every session of the person's but the one asking: each listed one by its id, and every other one
 * signed before now (sessions from before the list existed, or a sign-in racing this) by the person's
 * revocation time. Answers how many listed sessions ended and the second from which sessions count again,
 * for the asking session to be signed anew as of then (its id kept).
 */
export async function endOtherSessions(
  deps: AccountSessionDeps,
  userId: string,
  currentSid: string | undefined,
): Promise<{ ended: number; validFrom: number }> {
  const others = (await deps.sessions.listActive(userId)).filter((row) => row.sid !== currentSid);
  // Revoked before the rows change: should the list be out of reach, nothing looks ended that is not.
  await Promise.all(others.map((row) => revokeRow(deps, row)));
  const validFrom = await deps.revocations.revokeAllOf(userId, deps.ttlSeconds);
  const ended = await deps.sessions.endAllExcept(userId, currentSid);
  return { ended: ended.length, validFrom };
}

/** Every session of the person ends (a password reset): the revocation time, then the rows. */
export async function endAllSessions(deps: AccountSessionDeps, userId: string): Promise<number> {
  const validFrom = await deps.revocations.revokeAllOf(userId, deps.ttlSeconds);
  await deps.sessions.endAllExcept(userId, undefined);
  return validFrom;
}
