import { randomUUID } from 'node:crypto';
import type { Db, Identity, Outbox } from '@laundry/platform';
import { badRequest, conflict, notFound } from '@laundry/platform';
import {
  campaignCreatedV2,
  createCampaignRequestSchemaFor,
  createEvent,
  updateCampaignRequestSchemaFor,
  type BillingCurrency,
  isOwnAdImage,
  type Campaign,
  type Creative,
  type CampaignListItem,
  type ChangeCampaignStatusRequest,
  type CreateCampaignRequest,
  type UpdateCampaignRequest,
} from '@laundry/contracts';
import type { AdvertiserRow, AdvertiserStore } from './advertiser-store.ts';
import { requireAdvertiser } from './advertisers.ts';
import { auditSuccess, type AuditContext } from '@laundry/platform/outbox';
import type { CampaignContent, CampaignRow, CampaignStore } from './campaign-store.ts';
import { editKind, visibleOf, withVisible } from './campaign-changes.ts';
import { noticeFindings, raiseCampaignNotice, type NoticeStore } from './advertiser-notices.ts';
import type { PendingContentStore } from './pending-content-store.ts';
import { dayOf, nextStatus, todayOf } from './campaign-lifecycle.ts';
import { assessRisk, type Finding, type ModerationRules, type RiskAssessment } from './moderation-rules.ts';
import type { ModerationStore } from './moderation-store.ts';
import { dollarsToE4, e4ToDollars } from '@laundry/contracts/money';
import { amountText, checkSpendingCap, type SpendingPolicy } from './spending-cap.ts';
import { cityLabel, resolveCities, type PlaceFinder } from './targeting.ts';

export interface CampaignDeps {
  db: Db;
  advertisers: AdvertiserStore;
  campaigns: CampaignStore;
  moderation: ModerationStore;
  outbox: Outbox;
  places: PlaceFinder;
  rules: ModerationRules;
  spending: SpendingPolicy;
  /** Changes to the visible content waiting for review beside an approved version. */
  pending: PendingContentStore;
  /** What the advertiser is told on the dashboard and by mail (a campaign held for review). */
  notices: NoticeStore;
  now?: () => Date;
}

export const campaignNotFoundMessage = 'Campaign not found';
/** The currency was changed between reading the request and saving it: its amounts were read in the other. */
export const currencyChangedMessage =
  'The billing currency changed while the campaign was being saved. Please check the amounts and try again.';
export const endedMessage =
  'This campaign has ended and cannot be changed. Duplicate it to advertise again with the same settings.';

/** The campaign's own fields; present() adds its waiting change and review findings. */
type CampaignCore = Omit<Campaign, 'pendingChange' | 'reviewFindings'>;

/**
 * A campaign request as the advertiser's currency reads it: its minimums, defaults and decimals (a yen budget
 * is whole yen of at least ¥1,500). A refusal is the ZodError every parsed body gives: 400 with field errors.
 */
export const createRequestIn = (currency: BillingCurrency, body: unknown): CreateCampaignRequest =>
  createCampaignRequestSchemaFor(currency).parse(body);
export const updateRequestIn = (currency: BillingCurrency, body: unknown): UpdateCampaignRequest =>
  updateCampaignRequestSchemaFor(currency).parse(body);

/** The campaign as the API answers it: money in units of its currency, converted from E4 only here. */
export function toCampaign(row: CampaignRow): CampaignCore {
  return {
    id: row.id,
    advertiserId: row.advertiserId,
    currency: row.currency,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl,
    targetUrl: row.targetUrl,
    targetCountries: row.targetCountries,
    targetCities: row.targetCities.map(cityLabel),
    radiusKm: row.radiusKm,
    targetLatitude: row.targetLatitude,
    targetLongitude: row.targetLongitude,
    frequencyCap: row.frequencyCap,
    creatives: row.creatives,
    schedule: row.schedule,
    dailyBudget: e4ToDollars(row.dailyBudgetE4),
    totalBudget: e4ToDollars(row.totalBudgetE4),
    costPerClick: e4ToDollars(row.costPerClickE4),
    costPerImpression: row.costPerImpressionE4 === null ? null : e4ToDollars(row.costPerImpressionE4),
    status: row.status,
    moderationStatus: row.moderationStatus,
    moderationNote: row.moderationNote,
    startDate: row.startDate,
    endDate: row.endDate,
    totalImpressions: row.totalImpressions,
    totalClicks: row.totalClicks,
    totalSpent: e4ToDollars(row.totalSpentE4),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toListItem(row: CampaignRow): Omit<CampaignListItem, 'pendingChange' | 'reviewFindings'> {
  const campaign = toCampaign(row);
  return {
    id: campaign.id,
    title: campaign.title,
    description: campaign.description,
    status: campaign.status,
    totalBudget: campaign.totalBudget,
    currency: campaign.currency,
    totalImpressions: campaign.totalImpressions,
    totalClicks: campaign.totalClicks,
    moderationStatus: campaign.moderationStatus,
    moderationNote: campaign.moderationNote,
    startDate: campaign.startDate,
    endDate: campaign.endDate,
    dailyBudget: campaign.dailyBudget,
    costPerClick: campaign.costPerClick,
    totalSpent: campaign.totalSpent,
    createdAt: campaign.createdAt,
  };
}

/** What the audit log keeps of a campaign: everything the advertiser controls. */
function auditedCampaign(row: CampaignRow) {
  const { createdAt: _created, updatedAt: _updated, ...rest } = toCampaign(row);
  return rest;
}

/**
 * The further creatives as stored: one the campaign already has (in its approved or its waiting content) keeps
 * its id, so its counts follow it through an edit; any other gets a new one (an id the form made up names
 * nothing, and never another campaign's creative).
 */
function creativesOf(input: UpdateCampaignRequest, knownIds: ReadonlySet<string>): Creative[] {
  const used = new Set<string>();
  return input.creatives.map((creative) => {
    const id =
      creative.id && knownIds.has(creative.id) && !used.has(creative.id) ? creative.id : randomUUID();
    used.add(id);
    return {
      id,
      title: creative.title,
      description: creative.description || null,
      imageUrl: creative.imageUrl || null,
      targetUrl: creative.targetUrl,
    };
  });
}

async function contentOf(
  deps: CampaignDeps,
  input: UpdateCampaignRequest,
  today: string,
  existing?: CampaignRow,
  knownCreativeIds: ReadonlySet<string> = new Set(),
): Promise<CampaignContent> {
  const endDate = dayOf(input.endDate);
  // An end date already past would end the campaign at once; an unchanged one on an old campaign may stay.
  if (endDate !== null && endDate < today && endDate !== existing?.endDate) {
    throw badRequest('The end date has already passed.', 'END_DATE_PASSED');
  }
  const totalBudgetE4 = dollarsToE4(input.totalBudget);
  if (existing && totalBudgetE4 < existing.totalSpentE4) {
    throw badRequest(
      `The total budget cannot be less than what the campaign has already spent (${amountText(existing.totalSpentE4, existing.currency)}).`,
    );
  }
  return {
    title: input.title,
    description: input.description,
    imageUrl: input.imageUrl,
    targetUrl: input.targetUrl,
    targetCountries: [...new Set(input.targetCountries)],
    targetCities: await resolveCities(deps.places, input.targetCities),
    radiusKm: input.radiusKm ?? null,
    targetLatitude: input.targetLatitude ?? null,
    targetLongitude: input.targetLongitude ?? null,
    frequencyCap: input.frequencyCap ?? null,
    creatives: creativesOf(input, knownCreativeIds),
    schedule: input.schedule
      ? { ...input.schedule, days: [...new Set(input.schedule.days)].sort((a, b) => a - b) }
      : null,
    dailyBudgetE4: dollarsToE4(input.dailyBudget),
    totalBudgetE4,
    costPerClickE4: dollarsToE4(input.costPerClick),
    costPerImpressionE4: input.costPerImpression === undefined ? null : dollarsToE4(input.costPerImpression),
    startDate: dayOf(input.startDate),
    endDate,
  };
}

/** Ends the advertiser's campaigns whose end date has passed, each with its audit entry, before they are read. */
async function endExpired(deps: CampaignDeps, advertiserId: string, now: Date): Promise<void> {
  await endExpiredCampaigns(deps, now, advertiserId);
}

/** Ends campaigns past their end date (one advertiser's, or everyone's); answers how many it ended. */
export function endExpiredCampaigns(
  deps: Pick<CampaignDeps, 'db' | 'campaigns' | 'outbox'>,
  now = new Date(),
  advertiserId?: string,
): Promise<number> {
  return deps.db.tx(async (tx) => {
    const ended = await deps.campaigns.endExpired(tx, todayOf(now), advertiserId);
    for (const row of ended) await auditExpiry(tx, deps.outbox, row, now);
    return ended.length;
  });
}

async function auditExpiry(tx: Db, outbox: Outbox, row: CampaignRow, now: Date): Promise<void> {
  await auditSuccess(
    tx,
    outbox,
    { userId: null, ipAddress: null, userAgent: null, endpoint: 'end-date reached', httpMethod: 'SYSTEM' },
    {
      action: 'campaign.end',
      resource: 'campaign',
      resourceId: row.id,
      advertiserId: row.advertiserId,
      oldData: { status: 'active or paused' },
      newData: { status: 'ended', endDate: row.endDate },
    },
    now,
  );
}

export async function listCampaigns(deps: CampaignDeps, user: Identity): Promise<CampaignListItem[]> {
  const advertiser = await requireAdvertiser(deps, user);
  await endExpired(deps, advertiser.id, deps.now?.() ?? new Date());
  return presentAll(
    deps,
    deps.db,
    await deps.campaigns.listForAdvertiser(deps.db, advertiser.id),
    toListItem,
  );
}

/** Another advertiser's campaign answers exactly like a missing one: 404, nothing about it given away. */
export async function getCampaign(deps: CampaignDeps, user: Identity, id: string): Promise<Campaign> {
  const advertiser = await requireAdvertiser(deps, user);
  await endExpired(deps, advertiser.id, deps.now?.() ?? new Date());
  const row = await deps.campaigns.findOwned(deps.db, advertiser.id, id);
  if (!row) throw notFound(campaignNotFoundMessage);
  return present(deps, deps.db, row);
}

/** Low risk is approved at once; the rest waits for an admin. */
const moderationStatusOf = (risk: RiskAssessment) => (risk.autoApproved ? 'approved' : 'pending');

/** Every new or edited content gets its review row, with the findings an admin (or the advertiser) reads. */
async function recordReview(
  deps: CampaignDeps,
  tx: Db,
  campaignId: string,
  reviewType: 'new' | 'edit',
  risk: RiskAssessment,
  now: Date,
) {
  const review = await deps.moderation.insert(tx, {
    campaignId,
    reviewType,
    status: moderationStatusOf(risk),
    riskScore: risk.riskScore,
    findings: risk.findings,
    autoModerated: risk.autoApproved,
    now,
  });
  // Held for a person: the advertiser is told why, in their language, on the dashboard and by mail.
  if (!risk.autoApproved) {
    await raiseCampaignNotice(
      deps,
      tx,
      campaignId,
      {
        noticeId: `campaign-held:${campaignId}:${review.id}`,
        kind: 'campaign-held',
        findings: noticeFindings(risk.findings),
      },
      now,
    );
  }
  return review;
}

/**
 * The automatic check of every creative, the campaign's own content and each further one: their findings (a
 * further creative's marked with its number) and points together, so one risky creative holds the change.
 */
function assess(
  deps: CampaignDeps,
  advertiser: AdvertiserRow,
  content: CampaignContent,
  ownLanding = false,
): RiskAssessment {
  const creatives = [
    content,
    ...content.creatives.map((c) => ({ ...c, description: c.description ?? '', imageUrl: c.imageUrl ?? '' })),
  ];
  const findings = creatives.flatMap((creative, index) =>
    assessRisk(
      {
        title: creative.title,
        description: creative.description || null,
        // An image uploaded here is served from our own origin: no foreign link to check.
        imageUrl: creative.imageUrl && !isOwnAdImage(creative.imageUrl) ? creative.imageUrl : null,
        targetUrl: creative.targetUrl,
        // The finder's own page of the laundromat is no foreign site, whatever the advertiser's website.
        advertiserWebsite: ownLanding ? null : advertiser.website,
      },
      deps.rules,
    ).findings.map((finding) => (index === 0 ? finding : { ...finding, creative: index })),
  );
  const riskScore = findings.reduce((sum, finding) => sum + finding.points, 0);
  return { riskScore, findings, autoApproved: riskScore < deps.rules.reviewThreshold };
}

export async function createCampaign(
  deps: CampaignDeps,
  context: AuditContext,
  user: Identity,
  /** The request as sent: it is read with the rules of the advertiser's billing currency. */
  body: unknown,
  /**
   * A draft its owner started from their laundromat's listing; `ownLanding` when its landing page is the
   * finder's own at the configured public address (not one read from a request's headers).
   */
  promotion?: { laundromatId: string; ownLanding: boolean },
): Promise<Campaign> {
  const now = deps.now?.() ?? new Date();
  const advertiser = await requireAdvertiser(deps, user);
  // A team member acts in the account's currency: the owner's.
  const currency = advertiser.billingCurrency;
  const input = createRequestIn(currency, body);
  const content = await contentOf(deps, input, todayOf(now));
  const risk = assess(deps, advertiser, content, promotion?.ownLanding ?? false);
  const row = await deps.db.tx(async (tx) => {
    const locked = (await deps.advertisers.lockByUser(tx, user.id))!;
    // Its amounts were read in this currency; the first campaign fixes it, under this lock.
    if (locked.billingCurrency !== currency) throw conflict(currencyChangedMessage);
    checkSpendingCap(
      deps.spending,
      locked.isVerified,
      await deps.campaigns.committedBudgetE4(tx, locked.id),
      content.totalBudgetE4,
      currency,
    );
    const created = await deps.campaigns.insert(
      tx,
      locked.id,
      content,
      input.status,
      moderationStatusOf(risk),
    );
    await recordReview(deps, tx, created.id, 'new', risk, now);
    if (promotion) await deps.campaigns.markPromoted(tx, created.id, promotion.laundromatId);
    await auditSuccess(
      tx,
      deps.outbox,
      context,
      {
        action: 'campaign.create',
        resource: 'campaign',
        resourceId: created.id,
        advertiserId: locked.id,
        newData: {
          ...auditedCampaign(created),
          riskScore: risk.riskScore,
          findings: risk.findings,
          ...(promotion && { promotedLaundromatId: promotion.laundromatId }),
        },
      },
      now,
    );
    await deps.outbox.record(
      tx,
      createEvent(campaignCreatedV2, deps.outbox.producer, {
        campaignId: created.id,
        advertiserId: locked.id,
        userId: user.id,
        title: created.title,
        description: created.description,
        imageUrl: created.imageUrl,
        targetUrl: created.targetUrl,
        status: input.status,
        totalBudgetE4: created.totalBudgetE4,
        dailyBudgetE4: created.dailyBudgetE4,
        costPerClickE4: created.costPerClickE4,
        currency,
        createdAt: created.createdAt.toISOString(),
      }),
    );
    return created;
  });
  return present(deps, deps.db, row);
}

export async function updateCampaign(
  deps: CampaignDeps,
  context: AuditContext,
  user: Identity,
  id: string,
  /** The request as sent: it is read with the rules of the campaign's currency. */
  body: unknown,
): Promise<Campaign> {
  const now = deps.now?.() ?? new Date();
  const advertiser = await requireAdvertiser(deps, user);
  const existing = await deps.campaigns.findOwned(deps.db, advertiser.id, id);
  if (!existing) throw notFound(campaignNotFoundMessage);
  const input = updateRequestIn(existing.currency, body);
  const waitingBefore = (await deps.pending.forCampaigns(deps.db, [id])).get(id);
  const knownIds = new Set([...existing.creatives, ...(waitingBefore?.creatives ?? [])].map((c) => c.id));
  const content = await contentOf(deps, input, todayOf(now), existing, knownIds);
  const risk = assess(deps, advertiser, content);
  const row = await deps.db.tx(async (tx) => {
    const locked = (await deps.advertisers.lockByUser(tx, user.id))!;
    const before = await deps.campaigns.lockOwned(tx, locked.id, id);
    if (!before) throw notFound(campaignNotFoundMessage);
    if (before.status === 'ended') throw conflict(endedMessage);
    checkSpendingCap(
      deps.spending,
      locked.isVerified,
      await deps.campaigns.committedBudgetE4(tx, locked.id, id),
      content.totalBudgetE4,
      before.currency,
    );
    const waiting = (await deps.pending.forCampaigns(tx, [id])).get(id);
    const kind = editKind(before, waiting, visibleOf(content));
    let after: CampaignRow;
    let review: 'none' | 'waiting' | 'approved' = 'none';
    if (kind === 'settings' || kind === 'revert') {
      // Budgets, bids, dates, targeting: applied at once, never reviewed, so the approved ad keeps serving.
      if (kind === 'revert') await dropWaitingChange(deps, tx, id, now);
      after = await deps.campaigns.updateContent(
        tx,
        id,
        withVisible(content, visibleOf(before)),
        before.moderationStatus,
        before.moderationNote,
      );
    } else if (kind === 'content-beside' && !risk.autoApproved) {
      // The new look waits for an admin beside the approved one, which goes on serving until it is approved.
      after = await deps.campaigns.updateContent(tx, id, withVisible(content, visibleOf(before)), 'approved');
      const reviewId = await reviewChange(deps, tx, id, risk, now);
      await deps.pending.put(tx, id, reviewId, visibleOf(content));
      review = 'waiting';
    } else {
      // Approved at once (low risk), or a campaign with no approved version yet, whose own content is reviewed.
      if (waiting) await deps.pending.remove(tx, id);
      await reviewChange(deps, tx, id, risk, now);
      after = await deps.campaigns.updateContent(tx, id, content, moderationStatusOf(risk));
      review = risk.autoApproved ? 'approved' : 'waiting';
    }
    await auditSuccess(
      tx,
      deps.outbox,
      context,
      {
        action: 'campaign.update',
        resource: 'campaign',
        resourceId: id,
        advertiserId: locked.id,
        oldData: { ...auditedCampaign(before), pendingChange: waiting ? visibleOf(waiting) : null },
        newData: {
          ...auditedCampaign(after),
          review,
          ...(kind === 'content-beside' && review === 'waiting' ? { pendingChange: visibleOf(content) } : {}),
          ...(review === 'none' ? {} : { riskScore: risk.riskScore, findings: risk.findings }),
        },
      },
      now,
    );
    return after;
  });
  return present(deps, deps.db, row);
}

/** A review of new content: the one still waiting is given it (keeping its place), else a new one. */
async function reviewChange(deps: CampaignDeps, tx: Db, id: string, risk: RiskAssessment, now: Date) {
  const waiting = await deps.moderation.lockWaiting(tx, id);
  if (!waiting) return (await recordReview(deps, tx, id, 'edit', risk, now)).id;
  await deps.moderation.reassess(tx, waiting.id, {
    status: moderationStatusOf(risk),
    riskScore: risk.riskScore,
    findings: risk.findings,
    autoModerated: risk.autoApproved,
    now,
  });
  return waiting.id;
}

/** Drops the waiting change and withdraws its review; answers what was dropped. */
async function dropWaitingChange(deps: CampaignDeps, tx: Db, id: string, now: Date) {
  const dropped = await deps.pending.remove(tx, id);
  const review = await deps.moderation.lockWaiting(tx, id);
  if (review) await deps.moderation.withdraw(tx, review.id, now);
  return dropped;
}

export const noWaitingChangeMessage = 'No change of this campaign waits for review.';

/**
 * The advertiser takes back a change waiting for review (or one an admin refused): it is dropped, and the
 * approved version, which never stopped serving, stays.
 */
export async function withdrawCampaignChange(
  deps: CampaignDeps,
  context: AuditContext,
  user: Identity,
  id: string,
): Promise<Campaign> {
  const now = deps.now?.() ?? new Date();
  const advertiser = await requireAdvertiser(deps, user);
  const row = await deps.db.tx(async (tx) => {
    const before = await deps.campaigns.lockOwned(tx, advertiser.id, id);
    if (!before) throw notFound(campaignNotFoundMessage);
    const dropped = await dropWaitingChange(deps, tx, id, now);
    if (!dropped) throw conflict(noWaitingChangeMessage);
    await auditSuccess(
      tx,
      deps.outbox,
      context,
      {
        action: 'campaign.withdraw-change',
        resource: 'campaign',
        resourceId: id,
        advertiserId: advertiser.id,
        oldData: { pendingChange: visibleOf(dropped), status: dropped.status },
        newData: { pendingChange: null },
      },
      now,
    );
    return before;
  });
  return present(deps, deps.db, row);
}

/**
 * A draft copy of a campaign (an ended one is not edited but copied): its content, budgets, bids and
 * targeting, without its dates, spend or history; checked and reviewed as any new campaign is.
 */
export async function duplicateCampaign(
  deps: CampaignDeps,
  context: AuditContext,
  user: Identity,
  id: string,
): Promise<Campaign> {
  const advertiser = await requireAdvertiser(deps, user);
  const source = await deps.campaigns.findOwned(deps.db, advertiser.id, id);
  if (!source) throw notFound(campaignNotFoundMessage);
  // Read by createCampaign with the rules of the account's currency, the one the source's amounts are in.
  const copy = {
    title: source.title,
    description: source.description ?? '',
    imageUrl: source.imageUrl ?? '',
    targetUrl: source.targetUrl,
    totalBudget: e4ToDollars(source.totalBudgetE4),
    dailyBudget: e4ToDollars(source.dailyBudgetE4),
    costPerClick: e4ToDollars(source.costPerClickE4),
    ...(source.costPerImpressionE4 === null
      ? {}
      : { costPerImpression: e4ToDollars(source.costPerImpressionE4) }),
    status: 'draft',
    targetCountries: source.targetCountries,
    targetCities: source.targetCities.map(cityLabel),
    ...(source.radiusKm === null
      ? {}
      : {
          radiusKm: source.radiusKm,
          targetLatitude: source.targetLatitude,
          targetLongitude: source.targetLongitude,
        }),
    ...(source.frequencyCap === null ? {} : { frequencyCap: source.frequencyCap }),
    creatives: source.creatives.map(({ id: _id, ...creative }) => ({
      ...creative,
      description: creative.description ?? '',
      imageUrl: creative.imageUrl ?? '',
    })),
    schedule: source.schedule,
  };
  return createCampaign(deps, { ...context }, user, copy);
}

/** The campaign as the API answers it, with its waiting change and the findings of its newest review. */
async function present(deps: Pick<CampaignDeps, 'pending' | 'moderation'>, db: Db, row: CampaignRow) {
  const [campaign] = await presentAll(deps, db, [row], toCampaign);
  return campaign!;
}

async function presentAll<T>(
  deps: Pick<CampaignDeps, 'pending' | 'moderation'>,
  db: Db,
  rows: CampaignRow[],
  shape: (row: CampaignRow) => T,
): Promise<Array<T & Pick<Campaign, 'pendingChange' | 'reviewFindings'>>> {
  const ids = rows.map((row) => row.id);
  const [waiting, latest] = await Promise.all([
    deps.pending.forCampaigns(db, ids),
    deps.moderation.latest(db, ids),
  ]);
  return rows.map((row) => {
    const change = waiting.get(row.id);
    const review = latest.get(row.id);
    return {
      ...shape(row),
      pendingChange: change
        ? {
            ...visibleOf(change),
            status: change.status,
            note: change.note,
            findings: change.findings.map(findingOut),
            updatedAt: change.updatedAt.toISOString(),
          }
        : null,
      // Why the campaign's own content is held: only while it is not approved, and not a waiting change's.
      reviewFindings:
        row.moderationStatus !== 'approved' && review && !change ? review.findings.map(findingOut) : [],
    };
  });
}

const findingOut = ({ field, creative, reason, code, params }: Finding) => ({
  field,
  ...(creative ? { creative } : {}),
  reason,
  ...(code ? { code } : {}),
  ...(params ? { params } : {}),
});

export async function changeCampaignStatus(
  deps: CampaignDeps,
  context: AuditContext,
  user: Identity,
  id: string,
  input: ChangeCampaignStatusRequest,
): Promise<Campaign> {
  const now = deps.now?.() ?? new Date();
  const advertiser = await requireAdvertiser(deps, user);
  await endExpired(deps, advertiser.id, now);
  const row = await deps.db.tx(async (tx) => {
    const before = await deps.campaigns.lockOwned(tx, advertiser.id, id);
    if (!before) throw notFound(campaignNotFoundMessage);
    const status = nextStatus(before.status, input.status, before.endDate, todayOf(now));
    if (status === before.status) return before;
    const after = await deps.campaigns.setStatus(tx, id, status);
    await auditSuccess(
      tx,
      deps.outbox,
      context,
      {
        action: `campaign.${status === 'active' ? 'activate' : status === 'paused' ? 'pause' : 'end'}`,
        resource: 'campaign',
        resourceId: id,
        advertiserId: advertiser.id,
        oldData: { status: before.status },
        newData: { status: after.status },
      },
      now,
    );
    return after;
  });
  return present(deps, deps.db, row);
}
