import { QueryClient } from '@tanstack/react-query';

/**
 * One client for the whole page; remotes reach it through the shared @tanstack/react-query singleton.
 * The product's query defaults (docs/product.md, API calls): results never go stale by themselves, no refetch
 * on window focus, no retries for queries or mutations; the queries that have a stale time or retries of
 * their own (the laundromat list and search) set their own, and writes invalidate what they change.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
  });
}
