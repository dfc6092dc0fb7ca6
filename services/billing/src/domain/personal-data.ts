import type { Db } from '@laundry/platform/db';
import type { PersonalData } from '@laundry/contracts';

/** What billing holds about a person; infra/personal-data-repository.ts reads and erases it. */
export interface PersonalDataStore {
  statements(userId: string): Promise<Record<string, unknown>[]>;
  billingAccount(userId: string): Promise<Record<string, unknown>[]>;
  /** The legal name, address and tax id their invoices name. */
  billingDetails(userId: string): Promise<Record<string, unknown>[]>;
  /**
   * Re-keys the person's billing account, invoice details and advertiser ownerships to one new random id and
   * deletes their checkout sessions. The invoice details stay with the statements: an issued invoice must
   * name its buyer for as long as the accounting records are kept. The ledger and the statements are kept, as the law requires of accounting records;
   * they are keyed by the advertiser id, which nothing links to the person any more once the ad service
   * has erased the profile. Makes the person's unpaid statements due now; answers how many there are.
   */
  anonymise(tx: Db, userId: string): Promise<{ unpaidStatements: number }>;
}

export async function collectPersonalData(store: PersonalDataStore, userId: string): Promise<PersonalData> {
  const [statements, account, details] = await Promise.all([
    store.statements(userId),
    store.billingAccount(userId),
    store.billingDetails(userId),
  ]);
  return { parts: { statements, 'billing-account': account, 'billing-details': details }, files: [] };
}

/**
 * An erased advertiser's unpaid statements are settled first: billing keeps their saved payment method under
 * the anonymous id, makes each unpaid statement due now and asks the charge job to run at once (a declined
 * charge follows the usual retries, and then the usual suspension, under the anonymous id).
 */
export async function erasePersonalData(
  deps: { store: PersonalDataStore; chargeNow: () => Promise<unknown> },
  tx: Db,
  userId: string,
): Promise<{ unpaidStatements: number }> {
  const result = await deps.store.anonymise(tx, userId);
  if (result.unpaidStatements > 0) tx.afterCommit(() => void deps.chargeNow().catch(() => undefined));
  return result;
}
