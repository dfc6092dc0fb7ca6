import { accountTokenSchema } from '@laundry/contracts';
import type { Db } from '@laundry/platform/db';
import type { AccountLinkRepository } from './account-link-store.ts';
import { hashLinkToken, linkState } from './account-links.ts';
import type { UserRepository } from './user-store.ts';

export type VerificationResult = 'verified' | 'expired' | 'invalid';

export interface VerifyEmailDeps {
  db: Db;
  users: UserRepository;
  links: AccountLinkRepository;
  now?: () => Date;
}

/**
 * Marks the address verified with a usable link, once. A link followed again after it worked (a mail
 * scanner may follow it first) still says verified while the address is, rather than alarm the person.
 */
export async function verifyEmail(deps: VerifyEmailDeps, token: unknown): Promise<VerificationResult> {
  const parsed = accountTokenSchema.safeParse(token);
  if (!parsed.success) return 'invalid';
  const now = () => deps.now?.() ?? new Date();
  const tokenHash = hashLinkToken(parsed.data);
  const link = await deps.links.find(tokenHash, 'verify-email');
  const state = linkState(link, now());
  if (!link || state === 'invalid') return 'invalid';
  if (state === 'expired') return 'expired';

  if (state === 'usable') {
    await deps.db.tx(async (tx) => {
      const locked = await deps.links.findForUpdate(tx, tokenHash, 'verify-email');
      if (linkState(locked, now()) !== 'usable') return;
      await deps.users.markEmailVerified(tx, link.userId, link.email);
      await deps.links.useAll(tx, link.userId, 'verify-email');
    });
  }
  const user = await deps.users.findById(link.userId);
  const stillTheirs = user?.email.toLowerCase() === link.email.toLowerCase();
  return user?.emailVerified && stillTheirs ? 'verified' : 'invalid';
}
