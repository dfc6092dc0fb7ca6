import { z } from 'zod';

/**
 * A retention policy as a service declares it beside its data (defineService's `retention`): identity adds
 * each declared policy that it does not hold yet when it starts, and an admin may change it from then on
 * (a policy that exists keeps the values an admin chose).
 */
export const retentionDeclarationSchema = z.object({
  dataType: z.string().regex(/^[a-z][a-z0-9-]{0,59}$/),
  action: z.enum(['delete', 'anonymise']),
  retentionPeriodDays: z.number().int().min(1).max(3650),
  legalBasis: z.string().min(1),
  jurisdiction: z.string().max(10).default('GLOBAL'),
  autoDeleteEnabled: z.boolean().default(true),
});
export type RetentionDeclaration = z.input<typeof retentionDeclarationSchema>;

/** A declared policy with the service it belongs to: the list identity starts from. */
export const declaredRetentionPolicySchema = retentionDeclarationSchema.extend({
  service: z.string().regex(/^[a-z][a-z0-9-]{0,29}$/),
});
export type DeclaredRetentionPolicy = z.output<typeof declaredRetentionPolicySchema>;

/**
 * What every service holds and the kit cleans up for it (platform-tasks.ts): its relayed events, which it
 * deleted after 7 days on its own before the retention job took that over, and its handled events' ids.
 */
export const platformRetentionDeclarations: readonly RetentionDeclaration[] = [
  {
    dataType: 'outbox-events',
    action: 'delete',
    retentionPeriodDays: 7,
    legalBasis: 'Legitimate interests: reliable delivery',
  },
  {
    dataType: 'processed-events',
    action: 'delete',
    retentionPeriodDays: 30,
    legalBasis: 'Legitimate interests: reliable delivery',
  },
];

/** A service's policies: the kit's for its outbox and processed events, then its own. */
export function servicePolicies(
  service: string,
  own: readonly RetentionDeclaration[] = [],
): DeclaredRetentionPolicy[] {
  const policies = [...platformRetentionDeclarations, ...own].map((declaration) => {
    // The service first, as a person reads the list.
    const { service: name, ...policy } = declaredRetentionPolicySchema.parse({ ...declaration, service });
    return { service: name, ...policy };
  });
  const seen = new Set<string>();
  for (const policy of policies) {
    if (seen.has(policy.dataType)) {
      throw new Error(`The ${service} service declares the retention of '${policy.dataType}' twice.`);
    }
    seen.add(policy.dataType);
  }
  return policies;
}

/**
 * Every listed service's policies, in the list's order: what `npm run deploy:generate` writes for identity
 * (services/identity/declared-retention-policies.json), which keeps them.
 */
export function declaredRetentionPolicies(
  definitions: readonly { name: string; retention?: readonly RetentionDeclaration[] }[],
): DeclaredRetentionPolicy[] {
  return definitions.flatMap((definition) => servicePolicies(definition.name, definition.retention));
}
