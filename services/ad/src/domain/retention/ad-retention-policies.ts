import type { RetentionDeclaration } from '@laundry/platform/retention';

/** The ad service's data past its period, as the privacy page states it (shell.legal.privacy.retention). */
export const adRetentionPolicies: readonly RetentionDeclaration[] = [
  {
    dataType: 'ad-events',
    action: 'delete',
    retentionPeriodDays: 90,
    legalBasis: 'Legitimate interests: counting, billing and fraud checks',
  },
  {
    dataType: 'ad-event-addresses',
    action: 'anonymise',
    retentionPeriodDays: 30,
    legalBasis: 'Legitimate interests: fraud checks',
  },
  {
    dataType: 'audit-log-addresses',
    action: 'anonymise',
    retentionPeriodDays: 30,
    legalBasis: 'Legitimate interests: security',
  },
  {
    // The business document of a verification an admin refused (the photo service keeps the file).
    dataType: 'refused-documents',
    action: 'delete',
    retentionPeriodDays: 30,
    legalBasis: 'Legitimate interests: answering a dispute about the refusal',
  },
  {
    // Invitations to an advertiser's team never accepted (they stop working after 14 days).
    dataType: 'team-invitations',
    action: 'delete',
    retentionPeriodDays: 30,
    legalBasis: 'Legitimate interests: showing the owner whom they invited',
  },
];
