import type { VatCheck, VatChecker } from '../domain/billing-details.ts';

/** VIES's default address: the European Commission's REST check. */
export const defaultViesUrl = 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number';

/**
 * What VIES's `userError` says when the member state's own register did not answer: no verdict on the
 * number, so it is asked again later rather than taken as valid or invalid.
 */
const unavailableErrors = new Set([
  'MS_UNAVAILABLE',
  'MS_MAX_CONCURRENT_REQ',
  'SERVICE_UNAVAILABLE',
  'TIMEOUT',
  'GLOBAL_MAX_CONCURRENT_REQ',
  'SERVER_BUSY',
]);

/**
 * The VIES REST check: POST `{ countryCode, vatNumber }` (the prefix apart, Greece as EL), answered with
 * `{ valid, userError, name, address, ... }`. Anything but a clear verdict (a network error, a timeout, a
 * non-2xx answer, an unreadable body, an 'unavailable' userError) is 'unavailable'.
 */
export function createViesClient(options: { url: string; timeoutMs?: number }): VatChecker {
  return {
    async check(vatNumber): Promise<VatCheck> {
      const body = { countryCode: vatNumber.slice(0, 2), vatNumber: vatNumber.slice(2) };
      let answer: { valid?: unknown; userError?: unknown };
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        if (!response.ok) return 'unavailable';
        answer = (await response.json()) as typeof answer;
      } catch {
        return 'unavailable';
      }
      if (typeof answer.userError === 'string' && unavailableErrors.has(answer.userError))
        return 'unavailable';
      if (answer.valid === true) return 'valid';
      if (answer.valid === false) return 'invalid';
      return 'unavailable';
    },
  };
}
