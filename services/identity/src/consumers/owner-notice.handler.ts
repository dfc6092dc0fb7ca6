import type { Logger } from '@laundry/platform/logging';
import type { EventOf, laundromatOwnerNoticeRaisedV1 } from '@laundry/contracts';
import { relayMail, type RelayMailDeps } from '../domain/relay-mail.ts';
import { ownerNoticeMail } from '../domain/owner-notice-mail.ts';

/**
 * laundromat.owner-notice-raised.v1 → the owner's mail, through the relay every service's mail takes (their
 * language, the type they may have turned off). No processed-events record is needed: the mail's id is the
 * notice's, so a redelivered event finds it taken and sends nothing again; a relay that cannot queue it
 * throws, and the event is delivered again.
 */
export function ownerNoticeHandler(deps: {
  relay: RelayMailDeps;
  publicUrl: string | undefined;
  logger: Logger;
}) {
  return async (event: EventOf<typeof laundromatOwnerNoticeRaisedV1>) => {
    const { outcome } = await relayMail(deps.relay, ownerNoticeMail(event.data, deps.publicUrl));
    deps.logger.debug({ eventId: event.id, noticeId: event.data.noticeId, outcome }, 'owner notice mail');
  };
}
