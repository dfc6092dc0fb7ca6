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
}

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
  };
}
