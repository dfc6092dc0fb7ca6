import { QueryClient } from '@tanstack/react-query';

/** One client for the whole page; remotes reach it through the shared @tanstack/react-query singleton. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, staleTime: 60_000 },
    },
  });
}
