import type { AppError } from './errors.ts';

/**
 * Asks another service over HTTP whether a resource exists: true on 200, false on 404. A service that does not
 * answer in time, or answers anything else, gives the caller's `unavailable()` error, so nothing is ever done
 * on a guess.
 */
export async function resourceExists(
  url: URL,
  timeoutMs: number,
  unavailable: () => AppError,
): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw unavailable();
  }
  // Only the status matters; the body is read to its end so the connection can be reused.
  await response.arrayBuffer().catch(() => undefined);
  if (response.status === 200) return true;
  if (response.status === 404) return false;
  throw unavailable();
}
