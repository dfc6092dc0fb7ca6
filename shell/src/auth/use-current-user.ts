import { useQuery } from '@tanstack/react-query';
import type { CurrentUserResponse } from '@laundry/contracts';

export const currentUserQueryKey = ['/api/auth/user'] as const;

async function fetchCurrentUser(): Promise<CurrentUserResponse> {
  const response = await fetch('/api/auth/user', { credentials: 'include' });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`GET /api/auth/user answered ${response.status}`);
  return (await response.json()) as CurrentUserResponse;
}

/** docs/product.md, API calls: the user or null when signed out; never retried. */
export const currentUserQuery = { queryKey: currentUserQueryKey, queryFn: fetchCurrentUser, retry: false };

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
