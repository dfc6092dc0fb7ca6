import type { PersonalData } from '@laundry/contracts';

/** What identity holds about a person, for their export; infra/account-data-repository.ts reads it. */
export interface AccountDataStore {
  account(userId: string): Promise<Record<string, unknown>[]>;
  contributions(userId: string): Promise<Record<string, unknown>[]>;
  sessions(userId: string): Promise<Record<string, unknown>[]>;
  consents(userId: string): Promise<Record<string, unknown>[]>;
  notificationPreferences(userId: string): Promise<Record<string, unknown>[]>;
}

export async function collectAccountData(store: AccountDataStore, userId: string): Promise<PersonalData> {
  const [account, contributions, sessions, consents, notificationPreferences] = await Promise.all([
    store.account(userId),
    store.contributions(userId),
    store.sessions(userId),
    store.consents(userId),
    store.notificationPreferences(userId),
  ]);
  return {
    parts: {
      account,
      contributions,
      sessions,
      consents,
      'notification-preferences': notificationPreferences,
    },
    files: [],
  };
}
