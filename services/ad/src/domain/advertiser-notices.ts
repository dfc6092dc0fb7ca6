import type { Db } from '@laundry/platform/db';
import type { Outbox } from '@laundry/platform/outbox';
import { notFound } from '@laundry/platform';
import {
  advertiserNoticeRaisedV1,
  createEvent,
  type AdvertiserNotice,
  type AdvertiserNoticeRaisedV1Data,
} from '@laundry/contracts';
import type { CampaignFinding } from '@laundry/contracts';

/** Where the dashboard's notices are kept (infra/notice-repository.ts). */
export interface NoticeStore {
  /** False when a notice with this id was stored before (a redelivered event). */
  insert(db: Db, data: AdvertiserNoticeRaisedV1Data): Promise<boolean>;
  /** The person's notices not dismissed, newest first. */
  list(db: Db, userId: string, limit: number): Promise<AdvertiserNotice[]>;
  /** False when the person has no such notice. */
  dismiss(db: Db, userId: string, noticeId: string, now: Date): Promise<boolean>;
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

export function listNotices(deps: { db: Db; notices: NoticeStore }, userId: string) {
  return deps.notices.list(deps.db, userId, noticeListLimit);
}

export async function dismissNotice(
  deps: { db: Db; notices: NoticeStore; now?: () => Date },
  userId: string,
  noticeId: string,
): Promise<void> {
  const dismissed = await deps.notices.dismiss(deps.db, userId, noticeId, deps.now?.() ?? new Date());
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
