import {
  PERSONAL_DATA_PATH,
  personalDataFilePath,
  personalDataSchema,
  type PersonalData,
} from '../personal-data.ts';
import { ServiceUnavailableError } from './service-unavailable.ts';

/** One service's answers about the person a signed identity names: what it holds, and the stored files. */
export interface PersonalDataClient {
  readonly service: string;
  collect(identity: string): Promise<PersonalData>;
  /** A stored file's bytes as a response to stream from; undefined when it is gone since collect. */
  openFile(id: string, identity: string): Promise<Response | undefined>;
}

export interface PersonalDataClientOptions {
  service: string;
  /** The service's address (DIRECTORY_URL …). */
  baseUrl: string;
  timeoutMs: number;
  /** The header the identity travels in (the service kit's INTERNAL_IDENTITY_HEADER). */
  identityHeader: string;
}

/**
 * Over HTTP to the service's internal routes, which no public path reaches (the gateway routes only the
 * services' public paths). A service that does not answer fails the whole export: an archive that silently
 * lacks a service's part would tell the person that nothing is held there.
 */
export function createPersonalDataClient(options: PersonalDataClientOptions): PersonalDataClient {
  const unavailable = () =>
    new ServiceUnavailableError(
      `Your data cannot be gathered right now (the ${options.service} service did not answer). Please try again in a moment.`,
      'EXPORT_UNAVAILABLE',
    );
  const call = async (path: string, identity: string) => {
    try {
      return await fetch(new URL(path, options.baseUrl), {
        headers: { [options.identityHeader]: identity },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch {
      throw unavailable();
    }
  };
  return {
    service: options.service,
    async collect(identity) {
      const response = await call(PERSONAL_DATA_PATH, identity);
      if (response.status === 200) {
        const parsed = personalDataSchema.safeParse(await response.json().catch(() => undefined));
        if (parsed.success) return parsed.data;
      } else {
        await response.arrayBuffer().catch(() => undefined);
      }
      throw unavailable();
    },
    async openFile(id, identity) {
      const response = await call(personalDataFilePath(id), identity);
      if (response.status === 200) return response;
      await response.arrayBuffer().catch(() => undefined);
      if (response.status === 404) return undefined;
      throw unavailable();
    },
  };
}
