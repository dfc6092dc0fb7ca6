import type { Db } from '@laundry/platform/db';
import { auditSuccess, type Outbox } from '@laundry/platform/outbox';
import { badRequest } from '@laundry/platform/errors';
import type { Logger } from '@laundry/platform/logging';
import {
  isEuCountry,
  type BillingDetails,
  type BillingDetailsRequest,
  type TaxIdStatus,
} from '@laundry/contracts';
import type { ChangeOrigin } from './payments.ts';
import type { LedgerStore } from './ledger-store.ts';

/** What VIES answers about a VAT number: registered, not registered, or no answer (down, busy, timed out). */
export type VatCheck = 'valid' | 'invalid' | 'unavailable';

export interface VatChecker {
  /** The number with its prefix, such as FR40303265045. */
  check(vatNumber: string): Promise<VatCheck>;
}

export interface SavedBillingDetails extends BillingDetailsRequest {
  userId: string;
  taxIdStatus: TaxIdStatus;
  taxIdCheckedAt: Date | null;
  updatedAt: Date;
}

export interface BillingDetailsStore {
  get(tx: Db, userId: string): Promise<SavedBillingDetails | undefined>;
  save(tx: Db, details: Omit<SavedBillingDetails, 'updatedAt'>): Promise<SavedBillingDetails>;
  /** Details whose VAT number VIES has not answered for yet, oldest check first. */
  pending(tx: Db, limit: number): Promise<SavedBillingDetails[]>;
  /** Sets the status only while the tax id is still the one checked (a newer save wins). */
  settle(tx: Db, userId: string, taxId: string, status: TaxIdStatus, checkedAt: Date): Promise<boolean>;
}

export interface BillingDetailsDeps {
  db: Db;
  details: BillingDetailsStore;
  vat: VatChecker;
  outbox: Outbox;
  logger: Logger;
  ledger: Pick<LedgerStore, 'advertisersOf'>;
}

export const vatNumberNotRegistered = (taxId: string) =>
  badRequest(
    `VIES says ${taxId} is not a registered VAT number: check it, or leave the tax id empty`,
    'vat_number_invalid',
  );

/** Only an EU VAT number can be checked with VIES; other ids are kept as written. */
const isVatNumberInVies = (country: string, taxId: string) => Boolean(taxId) && isEuCountry(country);

export const toBillingDetails = (saved: SavedBillingDetails): BillingDetails => ({
  legalName: saved.legalName,
  addressLine1: saved.addressLine1,
  addressLine2: saved.addressLine2,
  postalCode: saved.postalCode,
  city: saved.city,
  country: saved.country,
  taxId: saved.taxId,
  language: saved.language,
  taxIdStatus: saved.taxIdStatus,
  taxIdCheckedAt: saved.taxIdCheckedAt?.toISOString() ?? null,
  updatedAt: saved.updatedAt.toISOString(),
});

export async function billingDetailsOf(
  deps: BillingDetailsDeps,
  userId: string,
): Promise<BillingDetails | null> {
  const saved = await deps.details.get(deps.db, userId);
  return saved ? toBillingDetails(saved) : null;
}

/**
 * Saves who the invoices are made out to. An EU VAT number is asked of VIES before anything is written: not
 * registered is a 400 and nothing changes; no answer saves it 'pending' for the retry job, so it is never
 * taken as verified unasked. A number VIES confirmed before is not asked again while it stays the same.
 */
export async function saveBillingDetails(
  deps: BillingDetailsDeps,
  userId: string,
  request: BillingDetailsRequest,
  origin: ChangeOrigin,
  now = new Date(),
): Promise<BillingDetails> {
  const before = await deps.details.get(deps.db, userId);
  let taxIdStatus: TaxIdStatus = request.taxId ? 'recorded' : 'none';
  let taxIdCheckedAt: Date | null = null;
  if (isVatNumberInVies(request.country, request.taxId)) {
    if (before?.taxId === request.taxId && before.taxIdStatus === 'verified') {
      taxIdStatus = 'verified';
      taxIdCheckedAt = before.taxIdCheckedAt;
    } else {
      const answer = await deps.vat.check(request.taxId);
      if (answer === 'invalid') throw vatNumberNotRegistered(request.taxId);
      taxIdStatus = answer === 'valid' ? 'verified' : 'pending';
      taxIdCheckedAt = answer === 'valid' ? now : null;
    }
  }
  const saved = await deps.db.tx(async (tx) => {
    const row = await deps.details.save(tx, { userId, ...request, taxIdStatus, taxIdCheckedAt });
    const [advertiserId] = await deps.ledger.advertisersOf(tx, userId);
    await auditSuccess(
      tx,
      deps.outbox,
      { ...origin, userId },
      {
        action: 'billing.details-saved',
        resource: 'billing_details',
        resourceId: null,
        advertiserId: advertiserId ?? null,
        oldData: before ? { ...toBillingDetails(before) } : null,
        newData: { ...toBillingDetails(row) },
      },
      now,
    );
    return row;
  });
  return toBillingDetails(saved);
}

/**
 * Asks VIES again about the VAT numbers it did not answer for: confirmed ones become 'verified', ones it says
 * are not registered 'rejected' (VAT is charged, as it was while pending); still no answer stays pending.
 */
export async function retryPendingVatNumbers(deps: BillingDetailsDeps, limit = 50, now = new Date()) {
  const pending = await deps.details.pending(deps.db, limit);
  let settled = 0;
  for (const details of pending) {
    const answer = await deps.vat.check(details.taxId);
    if (answer === 'unavailable') continue;
    const status = answer === 'valid' ? 'verified' : 'rejected';
    if (await deps.details.settle(deps.db, details.userId, details.taxId, status, now)) settled += 1;
  }
  return { pending: pending.length, settled };
}
