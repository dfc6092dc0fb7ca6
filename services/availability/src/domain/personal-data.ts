import type { Db } from '@laundry/platform/db';
import type { PersonalData } from '@laundry/contracts';

/** What the availability service holds about a person; infra/personal-data-repository.ts reads and erases it. */
export interface PersonalDataStore {
  reports(userId: string): Promise<Record<string, unknown>[]>;
  confirmations(userId: string): Promise<Record<string, unknown>[]>;
  /**
   * Keeps the person's reports and opinions (others' live states and records stand on them) without their
   * id, and drops the notes they typed; answers how many of each.
   */
  anonymise(tx: Db, userId: string): Promise<{ reports: number; confirmations: number; feedKeys: number }>;
}

export async function collectPersonalData(
  store: PersonalDataStore,
  userId: string,
  alerts: { ofUser(userId: string): Promise<Record<string, unknown>[]> },
): Promise<PersonalData> {
  return {
    parts: {
      'availability-reports': await store.reports(userId),
      'report-confirmations': await store.confirmations(userId),
      // Waiting 'tell me when a washer is free' alerts; deleted (not anonymised) when the account is.
      'availability-alerts': await alerts.ofUser(userId),
    },
    files: [],
  };
}
