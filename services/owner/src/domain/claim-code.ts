import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const codeValidityMs = 30 * 60_000;
export const maxCodeAttempts = 5;

/** Six digits, every one equally likely. */
export const newClaimCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * A million codes are tried in a moment from a plain hash, so the stored one is keyed with a secret the
 * database does not hold, and bound to its claim (the same code of another claim hashes differently).
 */
export function hashClaimCode(secret: string, claimId: string, code: string): string {
  return createHmac('sha256', secret).update(`owner-claim-code:${claimId}:${code}`).digest('hex');
}

export function codeMatches(secret: string, claimId: string, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashClaimCode(secret, claimId, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
