import type { Cache } from '@laundry/platform/cache';
import { tooManyRequests } from '@laundry/platform/errors';

export const TOO_MANY_RESET_REQUESTS_MESSAGE =
  'Too many requests for a new password. Please wait a while and try again.';
export const TOO_MANY_LINK_REQUESTS_MESSAGE =
  'Too many requests for a new link. Please wait a while and try again.';

export interface MailRequestLimits {
  windowSeconds: number;
  maxPerAddress: number;
  maxPerClient: number;
}

/** Counts requests that make the service send an e-mail (a reset link, a new verification link). */
export interface MailRequestThrottle {
  /** Counts the request and throws 429 when the client or the address is over its limit. */
  count(email: string, client: string): Promise<void>;
  /**
   * Counts the request and answers whether a mail may go, never refusing the request: a reset is answered
   * alike whoever asked how often, and only the mails are limited.
   */
  allow(email: string, client: string): Promise<boolean>;
}

/** The mails of one address that a single client can cause within the window (allow). */
export const MAILS_PER_ADDRESS_AND_CLIENT = 1;

/**
 * Fixed windows in the shared cache. Per client stops one place from mailing many addresses; per address
 * stops anyone from filling one inbox. Both are counted for every address, known or not, so a 429 says
 * nothing about whether an account exists. A client already over its limit does not count against the
 * address, so a stranger's flood spends their own allowance first.
 */
export function createMailRequestThrottle(
  cache: Cache,
  keyPrefix: string,
  limits: MailRequestLimits,
  refusal: string,
): MailRequestThrottle {
  return {
    async count(email, client) {
      const perClient = await cache.incr(`${keyPrefix}:client:${client}`, limits.windowSeconds);
      if (perClient > limits.maxPerClient) throw tooManyRequests(refusal);
      const perAddress = await cache.incr(`${keyPrefix}:address:${email}`, limits.windowSeconds);
      if (perAddress > limits.maxPerAddress) throw tooManyRequests(refusal);
    },
    async allow(email, client) {
      const perClient = await cache.incr(`${keyPrefix}:client:${client}`, limits.windowSeconds);
      if (perClient > limits.maxPerClient) return false;
      // One requester causes one mail per address in the window (its link works until used or expired), so it
      // takes as many requesters as the address's allowance to use it up.
      const perPair = await cache.incr(`${keyPrefix}:pair:${email}:${client}`, limits.windowSeconds);
      if (perPair > MAILS_PER_ADDRESS_AND_CLIENT) return false;
      const perAddress = await cache.incr(`${keyPrefix}:address:${email}`, limits.windowSeconds);
      return perAddress <= limits.maxPerAddress;
    },
  };
}
