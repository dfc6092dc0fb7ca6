import { createHash, randomBytes } from 'node:crypto';
import { INVALID_LINK_MESSAGE } from '@laundry/contracts';
import { AppError } from '@laundry/platform/errors';
import type { AccountLinkPurpose, AccountLinkRecord, AccountLinkRepository } from './account-link-store.ts';

export const USED_LINK_MESSAGE = 'This link has already been used. Please ask for a new one if you need it.';
export const EXPIRED_LINK_MESSAGE = 'This link has expired. Please ask for a new one.';

/** 32 random bytes: a link's secret, in base64url (43 characters, as accountTokenSchema expects). */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a token: a fast hash is enough for 256 random bits, and lets a link be looked up. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface IssueLinkDeps {
  links: AccountLinkRepository;
  now?: () => Date;
}

/** Stores a new single-use link for the person's address and answers its secret, for the e-mail only. */
export async function issueLink(
  deps: IssueLinkDeps,
  link: { purpose: AccountLinkPurpose; userId: string; email: string; ttlSeconds: number },
): Promise<string> {
  const token = newLinkToken();
  const now = deps.now?.() ?? new Date();
  await deps.links.insert({
    tokenHash: hashLinkToken(token),
    purpose: link.purpose,
    userId: link.userId,
    email: link.email,
    expiresAt: new Date(now.getTime() + link.ttlSeconds * 1000),
  });
  return token;
}

export type LinkState = 'usable' | 'used' | 'expired' | 'invalid';

/** Used first: a link used and then past its time was used, which is what the person needs to hear. */
export function linkState(link: AccountLinkRecord | undefined, now: Date): LinkState {
  if (!link) return 'invalid';
  if (link.usedAt) return 'used';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'usable';
}

/** The 400 a person reads when a link cannot be used, saying why in words they understand. */
export function linkRefusal(state: Exclude<LinkState, 'usable'>): AppError {
  switch (state) {
    case 'used':
      return new AppError(400, USED_LINK_MESSAGE, 'LINK_USED');
    case 'expired':
      return new AppError(400, EXPIRED_LINK_MESSAGE, 'LINK_EXPIRED');
    case 'invalid':
      return new AppError(400, INVALID_LINK_MESSAGE, 'LINK_INVALID');
  }
}
