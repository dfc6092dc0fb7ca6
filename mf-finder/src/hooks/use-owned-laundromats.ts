import { useQuery } from '@tanstack/react-query';
import type { OwnerLaundromatsResponse } from '@laundry/contracts';
import { getJson } from '../api/http-client.ts';
import { useCurrentUser } from './use-current-user.ts';

/** The business portal reads the same URL; one path element by the key rule. */
export const ownedLaundromatsQueryKey = ['/api/owner/laundromats'] as const;

/**
 * Whether the signed-in person is the verified owner of this laundromat (GET /api/owner/laundromats); never
 * asked for a visitor who is signed out, and false while unknown.
 */
export function useIsVerifiedOwner(laundromatId: string): boolean {
  const { isSignedIn } = useCurrentUser();
  const owned = useQuery({
    queryKey: ownedLaundromatsQueryKey,
    queryFn: async () => (await getJson<OwnerLaundromatsResponse>(ownedLaundromatsQueryKey)).data,
    enabled: isSignedIn,
    retry: false,
  });
  return isSignedIn && (owned.data?.verified ?? []).some((claim) => claim.laundromatId === laundromatId);
}
