import type { Db } from '@laundry/platform/db';
import type { Logger } from '@laundry/platform/logging';
import type { EventOf, advertiserNoticeRaisedV1 } from '@laundry/contracts';
import type { NoticeStore } from '../domain/advertiser-notices.ts';

/**
 * advertiser.notice-raised.v1 (this service's own and billing's) → the dashboard's notice. Stored under the
 * notice's id, so a redelivered event adds nothing.
 */
export function advertiserNoticeRaisedHandler(deps: { db: Db; notices: NoticeStore; logger: Logger }) {
  return async (event: EventOf<typeof advertiserNoticeRaisedV1>) => {
    const stored = await deps.notices.insert(deps.db, event.data);
    deps.logger.debug({ noticeId: event.data.noticeId, stored }, 'advertiser notice');
  };
}
