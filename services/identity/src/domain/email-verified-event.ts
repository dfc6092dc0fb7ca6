import { createEvent, userEmailVerifiedV1 } from '@laundry/contracts';
import type { Outbox } from '@laundry/platform/outbox';
import type { UserRepository } from './user-store.ts';

/**
 * Every way an address becomes verified (the mailed link, a password reset by mail, a confirmed change of
 * address) goes through one of these two writes; wrapping them here records user.email-verified.v1 in the
 * same transaction, so no path can verify an address without the ad service hearing of it. Verification
 * only ever turns on, so repeating the event (a link followed twice) changes nothing downstream.
 */
export function withVerificationEvents(users: UserRepository, outbox: Outbox): UserRepository {
  const announce = (tx: Parameters<UserRepository['markEmailVerified']>[0], userId: string) =>
    outbox.record(
      tx,
      createEvent(userEmailVerifiedV1, outbox.producer, { userId, verifiedAt: new Date().toISOString() }),
    );
  return {
    ...users,
    async markEmailVerified(tx, userId, email) {
      const verified = await users.markEmailVerified(tx, userId, email);
      if (verified) await announce(tx, userId);
      return verified;
    },
    async changeEmail(tx, userId, email) {
      const changed = await users.changeEmail(tx, userId, email);
      if (changed) await announce(tx, userId);
      return changed;
    },
  };
}
