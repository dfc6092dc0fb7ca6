import { AppError, resourceExists } from '@laundry/platform';

/** What the photo service asks the directory: whether a laundromat an upload names exists. */
export interface LaundromatDirectory {
  exists(laundromatId: string): Promise<boolean>;
}

const unavailable = () =>
  new AppError(
    503,
    'Photos of a laundromat cannot be checked right now. Please try again in a moment.',
    'DIRECTORY_UNAVAILABLE',
  );

/**
 * The user is waiting for the answer, so it is a synchronous call (DESIGN §1) rather than a copy of the
 * directory kept from events: the demo data and imports create laundromats without any event.
 */
export function createDirectoryClient(baseUrl: string, timeoutMs: number): LaundromatDirectory {
  return {
    exists: (laundromatId) =>
      resourceExists(
        new URL(`/api/laundromats/${encodeURIComponent(laundromatId)}`, baseUrl),
        timeoutMs,
        unavailable,
      ),
  };
}
