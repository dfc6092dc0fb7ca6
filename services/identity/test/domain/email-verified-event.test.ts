import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Db, Outbox } from '@laundry/platform';
import { parseEvent, userEmailVerifiedV1 } from '@laundry/contracts';
import { withVerificationEvents } from '../../src/domain/email-verified-event.ts';
import type { UserRepository } from '../../src/domain/user-store.ts';

/** An outbox that keeps what is recorded, and users whose writes match or not as the test says. */
function fixture(matches: boolean) {
  const recorded: unknown[] = [];
  const outbox = {
    producer: 'identity',
    record: async (_tx: Db, event: unknown) => {
      recorded.push(event);
      return event;
    },
  } as unknown as Outbox;
  const users = {
    markEmailVerified: async () => matches,
    changeEmail: async () => matches,
  } as unknown as UserRepository;
  return { recorded, users: withVerificationEvents(users, outbox) };
}

const tx = {} as Db;

describe('user.email-verified.v1', () => {
  it('when an address is marked verified or changed to a confirmed one, then the event is recorded in that transaction, naming only the user', async () => {
    const { recorded, users } = fixture(true);
    const userId = randomUUID();
    expect(await users.markEmailVerified(tx, userId, 'a@example.test')).toBe(true);
    expect(await users.changeEmail(tx, userId, 'b@example.test')).toBe(true);
    expect(recorded).toHaveLength(2);
    for (const event of recorded) {
      const parsed = parseEvent(userEmailVerifiedV1, event);
      expect(parsed.producer).toBe('identity');
      expect(Object.keys(parsed.data).sort()).toEqual(['userId', 'verifiedAt']);
      expect(parsed.data.userId).toBe(userId);
    }
  });

  it('when the write matched no account (an address no longer theirs, one taken), then nothing is recorded', async () => {
    const { recorded, users } = fixture(false);
    expect(await users.markEmailVerified(tx, randomUUID(), 'a@example.test')).toBe(false);
    expect(await users.changeEmail(tx, randomUUID(), 'b@example.test')).toBe(false);
    expect(recorded).toEqual([]);
  });
});
