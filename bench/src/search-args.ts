import { listLaundromatsQuerySchema } from '@laundry/contracts';
import type { LaundromatRepository } from '../../services/directory/src/infra/laundromat-repository.ts';
import { listLaundromats } from '../../services/directory/src/domain/find-laundromats.ts';

export type FindListedArgs = Parameters<LaundromatRepository['findListed']>[0];

/**
 * The repository call the API makes for a request path: the path's query string goes through the same
 * zod schema and the same domain function, with a repository that only records its arguments.
 */
export async function findListedArgsFor(path: string): Promise<FindListedArgs> {
  const search = new URL(path, 'http://bench.invalid').searchParams;
  const query = listLaundromatsQuerySchema.parse(Object.fromEntries(search));
  let captured: FindListedArgs | undefined;
  const recorder = {
    findListed: async (args: FindListedArgs) => {
      captured = args;
      return [];
    },
  } as unknown as LaundromatRepository;
  await listLaundromats(recorder, query);
  return captured!;
}
