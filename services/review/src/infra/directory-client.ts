import { AppError, resourceExists } from '@laundry/platform';

export interface LaundromatDirectory {
  /** True when the directory lists the laundromat (approved and active), false when it does not know it. */
  isListed(laundromatId: string): Promise<boolean>;
}

const unavailable = () =>
  new AppError(
    503,
    'We cannot check this laundromat right now. Please try again in a moment.',
    'DIRECTORY_UNAVAILABLE',
  );

/**
 * Asks the directory service over HTTP, anonymously, so a laundromat still waiting for approval reads as
 * unknown. A slow or failing directory is a 503 for the caller, never a review of a laundromat that may not exist.
 */
export function createDirectoryClient(options: { baseUrl: string; timeoutMs: number }): LaundromatDirectory {
  return {
    isListed: (laundromatId) =>
      resourceExists(
        new URL(`/api/laundromats/${encodeURIComponent(laundromatId)}`, options.baseUrl),
        options.timeoutMs,
        unavailable,
      ),
  };
}
