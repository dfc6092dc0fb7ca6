import type { AdvertiserNotice, AdvertiserNoticeRaisedV1Data } from '@laundry/contracts';
import type { NoticeStore } from '../domain/advertiser-notices.ts';

interface NoticeRow {
  id: string;
  kind: AdvertiserNotice['kind'];
  data: AdvertiserNoticeRaisedV1Data;
  occurredAt: Date;
}

const toNotice = ({ id, kind, data, occurredAt }: NoticeRow): AdvertiserNotice => ({
  id,
  kind,
  campaignId: data.campaignId ?? null,
  campaignTitle: data.campaignTitle ?? null,
  findings: data.findings ?? [],
  reason: data.reason ?? null,
  failureCode: data.failureCode ?? null,
  invoiceNumber: data.invoiceNumber ?? null,
  amountCents: data.amountCents ?? null,
  currency: data.currency ?? null,
  occurredAt: occurredAt.toISOString(),
});

export function createNoticeRepository(): NoticeStore {
  return {
    async insert(db, data) {
      const rows = await db.query(
        `INSERT INTO advertiser_notices (notice_id, user_id, advertiser_id, kind, data, occurred_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (notice_id) DO NOTHING RETURNING notice_id`,
        [data.noticeId, data.userId, data.advertiserId, data.kind, JSON.stringify(data), data.occurredAt],
      );
      return rows.length > 0;
    },

    async list(db, userId, limit) {
      const rows = await db.query<NoticeRow>(
        `SELECT notice_id AS id, kind, data, occurred_at AS "occurredAt" FROM advertiser_notices
         WHERE user_id = $1 AND dismissed_at IS NULL ORDER BY occurred_at DESC, notice_id LIMIT $2`,
        [userId, limit],
      );
      return rows.map(toNotice);
    },

    async dismiss(db, userId, noticeId, now) {
      const rows = await db.query(
        `UPDATE advertiser_notices SET dismissed_at = COALESCE(dismissed_at, $3)
         WHERE notice_id = $1 AND user_id = $2 RETURNING notice_id`,
        [noticeId, userId, now.toISOString()],
      );
      return rows.length > 0;
    },

    async listForMember(db, member, limit) {
      const rows = await db.query<NoticeRow>(
        `SELECT n.notice_id AS id, n.kind, n.data, n.occurred_at AS "occurredAt" FROM advertiser_notices n
         WHERE n.advertiser_id = $1 AND n.kind = ANY($2::text[])
           AND NOT EXISTS (SELECT 1 FROM advertiser_notice_dismissals d
                           WHERE d.user_id = $3 AND d.notice_id = n.notice_id)
         ORDER BY n.occurred_at DESC, n.notice_id LIMIT $4`,
        [member.advertiserId, member.kinds, member.userId, limit],
      );
      return rows.map(toNotice);
    },

    async dismissForMember(db, member, noticeId, now) {
      // The notice must be the account's and of a kind the member reads; dismissing it twice is no error.
      const rows = await db.query(
        `INSERT INTO advertiser_notice_dismissals (notice_id, user_id, dismissed_at)
         SELECT n.notice_id, $3, $4 FROM advertiser_notices n
         WHERE n.notice_id = $1 AND n.advertiser_id = $2 AND n.kind = ANY($5::text[])
         ON CONFLICT (user_id, notice_id) DO UPDATE SET dismissed_at = advertiser_notice_dismissals.dismissed_at
         RETURNING notice_id`,
        [noticeId, member.advertiserId, member.userId, now.toISOString(), member.kinds],
      );
      return rows.length > 0;
    },

    async userOfAdvertiser(db, advertiserId) {
      const [row] = await db.query<{ userId: string }>(
        `SELECT user_id AS "userId" FROM advertisers WHERE id = $1`,
        [advertiserId],
      );
      return row?.userId;
    },

    async campaignFacts(db, campaignId) {
      const [row] = await db.query<{ advertiserId: string; title: string }>(
        `SELECT advertiser_id AS "advertiserId", title FROM campaigns WHERE id = $1`,
        [campaignId],
      );
      return row;
    },
  };
}
