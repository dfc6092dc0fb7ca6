import { afterEach, describe, expect, test, vi } from 'vitest';
import { createMemoryCache } from '../../src/cache/memory-cache.ts';
import { createSessionRevocations } from '../../src/auth/session-revocations.ts';
import type { Session } from '../../src/auth/session.ts';

const person = {
  id: '6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab',
  email: 'ana@example.test',
  role: 'user' as const,
};
const other = { ...person, id: '0b9f6f7e-3c1a-4f6e-9a51-2b7d1c0e8a11' };
const session = (issuedAt: number, identity = person, sessionId = `s-${issuedAt}`): Session => ({
  identity,
  sessionId,
  issuedAt,
  expiresAt: issuedAt + 3600,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('session revocations', () => {
  test('when one session is signed out, then only that one is refused', async () => {
    const revocations = createSessionRevocations(createMemoryCache());
    const now = Math.floor(Date.now() / 1000);

    await revocations.revoke(session(now, person, 'a'));

    expect(await revocations.isRevoked(session(now, person, 'a'))).toBe(true);
    expect(await revocations.isRevoked(session(now, person, 'b'))).toBe(false);
  });

  test('when all of a person’s sessions are ended, then each signed up to that second is refused, later ones and other people’s are not', async () => {
    vi.useFakeTimers({ now: new Date('2026-05-01T10:00:00.400Z') });
    const revocations = createSessionRevocations(createMemoryCache());
    const now = Math.floor(Date.now() / 1000);

    const validFrom = await revocations.revokeAllOf(person.id, 3600);

    expect(validFrom).toBe(now + 1);
    expect(await revocations.validFrom(person.id)).toBe(now + 1);
    expect(await revocations.isRevoked(session(now - 100))).toBe(true);
    expect(await revocations.isRevoked(session(now))).toBe(true);
    expect(await revocations.isRevoked(session(validFrom))).toBe(false);
    expect(await revocations.isRevoked(session(now - 100, other))).toBe(false);
    expect(await revocations.validFrom(other.id)).toBeUndefined();
  });
});
