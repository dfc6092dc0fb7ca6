import {
  retentionPoliciesResponseSchema,
  type RetentionPolicy,
  type RetentionRunReport,
} from '../privacy.ts';
import { ServiceUnavailableError } from './service-unavailable.ts';

/**
 * The data retention policies are kept by the identity service (docs/adr/0017-retention-policies.md); each
 * service's retention job asks it for its own and reports each run back.
 */
export interface RetentionClient {
  /** The policies of the service's data, active or not. */
  policiesFor(service: string): Promise<RetentionPolicy[]>;
  /** Records the run's time and counts as each policy's lastCleanupRun. */
  reportRun(report: RetentionRunReport): Promise<void>;
}

export interface RetentionClientOptions {
  /** IDENTITY_URL of the caller's settings. */
  baseUrl: string;
  timeoutMs: number;
  /** The header a service-to-service call is signed in (the service kit's INTERNAL_IDENTITY_HEADER). */
  identityHeader: string;
  /** A fresh signed token for each call (the kit's signInternalIdentity with the shared secret). */
  sign: () => string;
}

export function createRetentionClient(options: RetentionClientOptions): RetentionClient {
  const unavailable = () =>
    new ServiceUnavailableError('The retention policies cannot be read right now.', 'IDENTITY_UNAVAILABLE');
  const call = async (path: string, init: RequestInit = {}) => {
    try {
      return await fetch(new URL(path, options.baseUrl), {
        ...init,
        headers: { ...init.headers, [options.identityHeader]: options.sign() },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch {
      throw unavailable();
    }
  };
  return {
    async policiesFor(service) {
      const response = await call(`/internal/retention-policies?service=${encodeURIComponent(service)}`);
      if (response.status === 200) {
        const parsed = retentionPoliciesResponseSchema.safeParse(
          await response.json().catch(() => undefined),
        );
        if (parsed.success) return parsed.data.policies;
      } else {
        await response.arrayBuffer().catch(() => undefined);
      }
      throw unavailable();
    },
    async reportRun(report) {
      const response = await call('/internal/retention-policies/runs', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(report),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status !== 204) throw unavailable();
    },
  };
}
