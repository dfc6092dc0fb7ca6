import { declaredRetentionPolicies } from '@laundry/platform/retention';
import type { ServiceEntry } from '../../services.ts';

/** Where identity, which keeps the retention policies, finds every listed service's declared ones. */
export const DECLARED_RETENTION_FILE = 'services/identity/declared-retention-policies.json';

/**
 * Every listed service's retention policies, in the list's order: the kit's for its outbox and processed
 * events, then those its definition declares (`retention`). A skeleton without a definition holds no data.
 */
export async function declaredRetentionFile(entries: readonly ServiceEntry[]): Promise<string> {
  const definitions = [];
  for (const entry of entries) {
    if (!entry.load) continue;
    const definition = await entry.load();
    definitions.push({ name: entry.name, retention: definition.retention });
  }
  return `${JSON.stringify(declaredRetentionPolicies(definitions), null, 2)}\n`;
}
