import type { Logger } from '@laundry/platform/logging';
import type { EventOf, advertiserNoticeRaisedV1 } from '@laundry/contracts';
import { relayMail, type RelayMailDeps } from '../domain/relay-mail.ts';
import { advertiserNoticeMail } from '../domain/advertiser-notice-mail.ts';

/**
 * advertiser.notice-raised.v1 → the advertiser's mail, through the relay every service's mail takes (their
 * language, the type they may have turned off). The mail's id is the notice's, so a redelivered event finds
 * it taken and sends nothing again; a relay that cannot queue it throws, and the event comes again.
 */
export function advertiserNoticeHandler(deps: {
  relay: RelayMailDeps;
  publicUrl: string | undefined;
  logger: Logger;
}) {
  return async (event: EventOf<typeof advertiserNoticeRaisedV1>) => {
    const { outcome } = await relayMail(deps.relay, advertiserNoticeMail(event.data, deps.publicUrl));
    deps.logger.debug(
      { eventId: event.id, noticeId: event.data.noticeId, outcome },
      'advertiser notice mail',
    );
  };
}
