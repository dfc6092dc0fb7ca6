import type { Db, Identity, Outbox } from '@laundry/platform';
import { AppError, conflict, forbidden, notFound } from '@laundry/platform';
import type { AdvertiserProfile, CreateAdvertiserRequest, UpdateAdvertiserRequest } from '@laundry/contracts';
import type { AdvertiserRow, AdvertiserStore } from './advertiser-store.ts';
import { auditSuccess, type AuditContext } from '@laundry/platform/outbox';
import { e4ToDollars } from '@laundry/contracts/money';
import { policyLimitE4, type SpendingPolicy } from './spending-cap.ts';

export interface AdvertiserDeps {
  db: Db;
  advertisers: AdvertiserStore;
  outbox: Outbox;
  spending: SpendingPolicy;
}

export const profileExistsMessage = 'You already have an advertiser profile.';
export const onATeamMessage =
  "You already work on an advertiser's account as a member of its team: a person works on one account.";
export const noProfileMessage = 'Create your advertiser profile first.';
/** A campaign's amounts are in the currency it was made in, so the currency stays once one exists. */
export const currencyFixedMessage = (currency: string) =>
  `The billing currency is fixed once a campaign exists: it is ${currency}.`;
export const ownerOnlyCurrencyMessage = "Only the account's owner can change its billing currency.";

export function toProfile(row: AdvertiserRow, spending: SpendingPolicy): AdvertiserProfile {
  return {
    id: row.id,
    userId: row.userId,
    businessName: row.businessName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    website: row.website,
    industry: (row.industry || null) as AdvertiserProfile['industry'],
    description: row.description,
    businessAddress: row.businessAddress,
    isVerified: row.isVerified,
    isActive: row.isActive,
    stripeCustomerId: row.stripeCustomerId,
    stripeAccountId: row.stripeAccountId,
    billingCurrency: row.billingCurrency,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    verificationStatus: row.verificationStatus,
    // In the advertiser's currency, as the cap holds for it (spending-cap.ts).
    spendingCap: row.isVerified
      ? null
      : e4ToDollars(policyLimitE4(spending.unverifiedCapE4, row.billingCurrency)),
    role: row.role,
  };
}

/** What the audit log keeps of a profile: the fields the advertiser wrote. */
function auditedFields(row: AdvertiserRow) {
  return {
    businessName: row.businessName,
    industry: row.industry,
    description: row.description,
    website: row.website,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    businessAddress: row.businessAddress,
    billingCurrency: row.billingCurrency,
  };
}

export async function currentProfile(
  deps: AdvertiserDeps,
  user: Identity,
): Promise<AdvertiserProfile | null> {
  const row = await deps.advertisers.findByUser(deps.db, user.id);
  return row ? toProfile(row, deps.spending) : null;
}

/** The signed-in user's profile row, or a 404 that tells them to create one. */
export async function requireAdvertiser(deps: Pick<AdvertiserDeps, 'db' | 'advertisers'>, user: Identity) {
  const row = await deps.advertisers.findByUser(deps.db, user.id);
  if (!row) throw notFound(noProfileMessage);
  return row;
}

export async function createProfile(
  deps: AdvertiserDeps,
  context: AuditContext,
  user: Identity,
  input: CreateAdvertiserRequest,
): Promise<AdvertiserProfile> {
  const row = await deps.db.tx(async (tx) => {
    const current = await deps.advertisers.lockByUser(tx, user.id);
    if (current && current.role !== 'owner') throw conflict(onATeamMessage);
    const created = await deps.advertisers.insert(tx, user.id, input);
    if (!created) return undefined;
    await auditSuccess(tx, deps.outbox, context, {
      action: 'advertiser.create',
      resource: 'advertiser',
      resourceId: created.id,
      advertiserId: created.id,
      newData: auditedFields(created),
    });
    return created;
  });
  if (!row) throw conflict(profileExistsMessage);
  return toProfile(row, deps.spending);
}

export async function updateProfile(
  deps: AdvertiserDeps,
  context: AuditContext,
  user: Identity,
  input: UpdateAdvertiserRequest,
): Promise<AdvertiserProfile> {
  const row = await deps.db.tx(async (tx) => {
    const before = await deps.advertisers.lockByUser(tx, user.id);
    if (!before) throw notFound(noProfileMessage);
    const currency = input.billingCurrency;
    if (currency !== undefined && currency !== before.billingCurrency) {
      // Billing is the owner's, not a team member's; and a campaign's budgets and bids are amounts of the
      // currency it was made in, which no rate may turn into another's. The row is locked, so no campaign is
      // made meanwhile (making one locks it too).
      if (before.role !== 'owner') throw forbidden(ownerOnlyCurrencyMessage);
      if (await deps.advertisers.hasCampaigns(tx, before.id)) {
        throw new AppError(409, currencyFixedMessage(before.billingCurrency), 'BILLING_CURRENCY_FIXED');
      }
    }
    const after = await deps.advertisers.update(tx, before.id, input);
    await auditSuccess(tx, deps.outbox, context, {
      action: 'advertiser.update',
      resource: 'advertiser',
      resourceId: before.id,
      advertiserId: before.id,
      oldData: auditedFields(before),
      newData: auditedFields(after),
    });
    return { ...after, role: before.role };
  });
  return toProfile(row, deps.spending);
}
