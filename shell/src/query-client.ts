import { QueryClient } from '@tanstack/react-query';

/**
 * One client for the whole page; remotes reach it through the shared @tanstack/react-query singleton.
 * The defaults are spec §7's: results never go stale by themselves, no refetch on window focus, no retries
 * for queries or mutations; the queries the spec gives a stale time or retries (the laundromat list and
 * search) set their own, and writes invalidate what they change.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
  });
}
