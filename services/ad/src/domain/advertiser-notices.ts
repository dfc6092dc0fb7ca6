import type { Db } from '@laundry/platform/db';
import type { Outbox } from '@laundry/platform/outbox';
import { notFound } from '@laundry/platform';
import {
  advertiserNoticeRaisedV1,
  createEvent,
  type AdvertiserNotice,
  type AdvertiserNoticeRaisedV1Data,
} from '@laundry/contracts';
import type { AdvertiserNoticeKind, CampaignFinding } from '@laundry/contracts';
import { advertiserNoticeKinds } from '@laundry/contracts';
import { mayDo, type TeamPermission } from './team-access.ts';
import type { TeamStore } from './team-store.ts';

/** A team member as their notices are read: the account they are on, and the kinds their role may read. */
export interface MemberView {
  userId: string;
  advertiserId: string;
  kinds: readonly AdvertiserNoticeKind[];
}

/** Where the dashboard's notices are kept (infra/notice-repository.ts). */
export interface NoticeStore {
  /** False when a notice with this id was stored before (a redelivered event). */
  insert(db: Db, data: AdvertiserNoticeRaisedV1Data): Promise<boolean>;
  /** The owner's notices not dismissed, newest first. */
  list(db: Db, userId: string, limit: number): Promise<AdvertiserNotice[]>;
  /** False when the owner has no such notice. */
  dismiss(db: Db, userId: string, noticeId: string, now: Date): Promise<boolean>;
  /** A team member's view: the account's notices of these kinds that this member has not dismissed. */
  listForMember(db: Db, member: MemberView, limit: number): Promise<AdvertiserNotice[]>;
  /** False when the account has no such notice of these kinds. The owner's list is left as it was. */
  dismissForMember(db: Db, member: MemberView, noticeId: string, now: Date): Promise<boolean>;
  /** The user who owns the advertiser profile, to whom the notice goes. */
  userOfAdvertiser(db: Db, advertiserId: string): Promise<string | undefined>;
  /** The campaign's advertiser and title, as a notice about it names them. */
  campaignFacts(db: Db, campaignId: string): Promise<{ advertiserId: string; title: string } | undefined>;
}

export const noticeNotFoundMessage = 'Notice not found';
/** The dashboard shows a short list; older notices stay in the mails. */
export const noticeListLimit = 20;

type RaisedNotice = Omit<AdvertiserNoticeRaisedV1Data, 'userId' | 'occurredAt'>;

/**
 * Records a notice for an advertiser in the caller's transaction, as advertiser.notice-raised.v1: this
 * service keeps it for the dashboard and identity mails it. Nothing is raised for an advertiser whose profile
 * is gone.
 */
export async function raiseNotice(
  deps: { notices: NoticeStore; outbox: Outbox },
  tx: Db,
  notice: RaisedNotice,
  now: Date,
): Promise<void> {
  const userId = await deps.notices.userOfAdvertiser(tx, notice.advertiserId);
  if (!userId) return;
  await deps.outbox.record(
    tx,
    createEvent(advertiserNoticeRaisedV1, deps.outbox.producer, {
      ...notice,
      userId,
      occurredAt: now.toISOString(),
    }),
  );
}

/** A notice about a campaign, naming it by its current title. */
export async function raiseCampaignNotice(
  deps: { notices: NoticeStore; outbox: Outbox },
  tx: Db,
  campaignId: string,
  notice: Omit<RaisedNotice, 'advertiserId' | 'campaignId' | 'campaignTitle'>,
  now: Date,
): Promise<void> {
  const facts = await deps.notices.campaignFacts(tx, campaignId);
  if (!facts) return;
  await raiseNotice(
    deps,
    tx,
    { ...notice, advertiserId: facts.advertiserId, campaignId, campaignTitle: facts.title.slice(0, 200) },
    now,
  );
}

/** The findings as the event carries them (at most its twenty). */
export const noticeFindings = (findings: CampaignFinding[]) => findings.slice(0, 20);

/**
 * What a notice is about, as a role's permission: a member reads the notices of what their role lets them
 * see on the account. Billing's are the owner's alone, as billing itself is.
 */
const noticeNeeds: Record<AdvertiserNoticeKind, TeamPermission> = {
  'campaign-held': 'reports',
  'campaign-approved': 'reports',
  'campaign-changes-requested': 'reports',
  'campaign-rejected': 'reports',
  'budget-80': 'reports',
  'budget-100': 'reports',
  'verification-approved': 'manage',
  'verification-rejected': 'manage',
  'charge-failed': 'billing',
  'account-suspended': 'billing',
  'statement-issued': 'billing',
  'refund-issued': 'billing',
};

/** The kinds of the account's notices a role reads on the dashboard. */
export const noticeKindsFor = (role: 'manager' | 'viewer'): AdvertiserNoticeKind[] =>
  advertiserNoticeKinds.filter((kind) => mayDo(role, noticeNeeds[kind]));

type NoticeDeps = { db: Db; notices: NoticeStore; team: Pick<TeamStore, 'membershipOf'>; now?: () => Date };

/**
 * The notices are raised for the account's owner (and mailed to them). A colleague on the owner's team sees
 * the account's notices their role covers, a manager the campaigns and the verification, a viewer the
 * campaigns, and dismisses them for themselves only: the owner still sees what a colleague has read.
 */
async function memberView(deps: NoticeDeps, userId: string): Promise<MemberView | undefined> {
  const membership = await deps.team.membershipOf(deps.db, userId);
  return membership
    ? { userId, advertiserId: membership.advertiserId, kinds: noticeKindsFor(membership.role) }
    : undefined;
}

export async function listNotices(deps: NoticeDeps, userId: string): Promise<AdvertiserNotice[]> {
  const member = await memberView(deps, userId);
  return member
    ? deps.notices.listForMember(deps.db, member, noticeListLimit)
    : deps.notices.list(deps.db, userId, noticeListLimit);
}

export async function dismissNotice(deps: NoticeDeps, userId: string, noticeId: string): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const member = await memberView(deps, userId);
  const dismissed = member
    ? await deps.notices.dismissForMember(deps.db, member, noticeId, now)
    : await deps.notices.dismiss(deps.db, userId, noticeId, now);
  if (!dismissed) throw notFound(noticeNotFoundMessage);
}

/**
 * Which budget notices a charge crosses: 80 % once the spend reaches four fifths of the total budget, 100 %
 * once what is left cannot pay for another event at this price. Each is said once per budget amount: the
 * notice's id carries it, so raising the budget starts a new period that may warn again.
 */
export function budgetNoticesCrossed(
  beforeE4: number,
  costE4: number,
  budgetE4: number,
): ('budget-80' | 'budget-100')[] {
  if (costE4 <= 0 || budgetE4 <= 0) return [];
  const afterE4 = beforeE4 + costE4;
  const exhausted = (spentE4: number) => budgetE4 - spentE4 < costE4;
  // Integer comparison of spend × 5 with budget × 4: no rounding of the 80 % mark.
  const crossed: ('budget-80' | 'budget-100')[] = [];
  if (beforeE4 * 5 < budgetE4 * 4 && afterE4 * 5 >= budgetE4 * 4) crossed.push('budget-80');
  if (!exhausted(beforeE4) && exhausted(afterE4)) crossed.push('budget-100');
  return crossed;
}
