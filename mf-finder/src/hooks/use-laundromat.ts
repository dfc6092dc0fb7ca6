import { useQuery } from '@tanstack/react-query';
import type { Laundromat } from '@laundry/contracts';
import { getJson } from '../api/http-client.ts';

/**
 * One laundromat by id (GET /api/laundromats/:id), for a detail opened from a link whose laundromat is not
 * among the results on show. Nothing is asked while `id` is null.
 */
export function useLaundromat(id: string | null) {
  const key = [`/api/laundromats/${encodeURIComponent(id ?? '')}`] as const;
  return useQuery({
    queryKey: key,
    queryFn: async () => (await getJson<Laundromat>(key)).data,
    enabled: id !== null,
    // A link to a laundromat that is gone (404) is not asked again.
    retry: (count, error) => !/^4\d\d: /.test(error.message) && count < 3,
  });
}
