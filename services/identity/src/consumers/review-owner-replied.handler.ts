import type { Logger } from '@laundry/platform/logging';
import type { EventOf, Language, reviewOwnerRepliedV1 } from '@laundry/contracts';
import type { AccountMailLanguageTexts } from '../domain/account-mail-job.ts';
import { relayMail, type RelayMailDeps } from '../domain/relay-mail.ts';
import { reviewReplyMail } from '../domain/review-reply-mail.ts';

/**
 * review.owner-replied.v1 → the reviewer's mail, through the same relay as every other service's mail. No
 * processed-events record is needed: the mail's id is the review's, so a redelivered event finds it taken
 * and sends nothing again; a relay that cannot queue it throws, and the event is delivered again.
 */
export function reviewOwnerRepliedHandler(deps: {
  relay: RelayMailDeps;
  texts: (language: Language) => AccountMailLanguageTexts;
  publicUrl: string | undefined;
  logger: Logger;
}) {
  return async (event: EventOf<typeof reviewOwnerRepliedV1>) => {
    const { outcome } = await relayMail(deps.relay, reviewReplyMail(event.data, deps.texts, deps.publicUrl));
    deps.logger.debug({ eventId: event.id, reviewId: event.data.reviewId, outcome }, 'owner reply mail');
  };
}
