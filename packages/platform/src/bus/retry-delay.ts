/** Back-off before redelivery after the given failed attempt (1-based); the last delay repeats. */
export function retryDelay(delaysMs: readonly number[], failedAttempt: number): number {
  return delaysMs[Math.min(failedAttempt, delaysMs.length) - 1] ?? 0;
}

export const DEFAULT_RETRY_DELAYS_MS = [1000, 5000, 30000] as const;
export const DEFAULT_MAX_ATTEMPTS = 5;
