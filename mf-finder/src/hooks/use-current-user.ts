import { useQuery } from '@tanstack/react-query';
import type { CurrentUserResponse } from '@laundry/contracts';

/** The shell reads the same key, so both share one answer through the shared query client. */
export const currentUserQueryKey = ['/api/auth/user'] as const;

async function fetchCurrentUser(): Promise<CurrentUserResponse> {
  const response = await fetch('/api/auth/user', { credentials: 'include' });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  return (await response.json()) as CurrentUserResponse;
}

/** docs/product.md, Roles and API calls: signed in when GET /api/auth/user returns a user; never retried. */
export function useCurrentUser() {
  const query = useQuery({ queryKey: currentUserQueryKey, queryFn: fetchCurrentUser, retry: false });
  return { user: query.data ?? null, isLoading: query.isLoading, isSignedIn: Boolean(query.data) };
}
