import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { declaredRetentionPolicySchema, type DeclaredRetentionPolicy } from '@laundry/platform/retention';

/**
 * Every listed service's retention policies as declared beside its data (the kit's for its outbox and
 * processed events, and its own): `npm run deploy:generate` writes them from services.ts into this
 * package, which is all identity's container holds of the other services.
 */
export const DECLARED_RETENTION_POLICIES_FILE = new URL(
  '../../declared-retention-policies.json',
  import.meta.url,
);

export function readDeclaredRetentionPolicies(
  file: URL = DECLARED_RETENTION_POLICIES_FILE,
): DeclaredRetentionPolicy[] {
  return z.array(declaredRetentionPolicySchema).parse(JSON.parse(readFileSync(file, 'utf8')));
}
