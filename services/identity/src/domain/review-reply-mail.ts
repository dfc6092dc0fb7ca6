import {
  languages,
  type InternalMailRequest,
  type Language,
  type MailContent,
  type ReviewOwnerRepliedV1Data,
} from '@laundry/contracts';
import type { AccountMailLanguageTexts } from './account-mail-job.ts';
import { composeAccountMail } from './account-mails.ts';

/** One mail per review, however often the event is delivered or the reply is removed and written again. */
export const reviewReplyMailId = (reviewId: string) => `review-owner-reply:${reviewId}`;

/** The laundromat's page in the finder (its share link's form). */
export const laundromatPageLink = (publicUrl: string | undefined, laundromatId: string) =>
  `${publicUrl ?? ''}/?${new URLSearchParams({ l: laundromatId }).toString()}`;

const SUBJECT_MAX = 200;

/**
 * The reviewer's mail about the owner's first reply, written in every language of the product: the relay
 * picks the reviewer's own, adds the unsubscribe footer and sends nothing when they turned these mails off.
 * The owner's words are quoted as text (escaped in the HTML form), never as a link of theirs.
 */
export function reviewReplyMail(
  data: ReviewOwnerRepliedV1Data,
  texts: (language: Language) => AccountMailLanguageTexts,
  publicUrl: string | undefined,
): InternalMailRequest {
  const link = laundromatPageLink(publicUrl, data.laundromatId);
  const contentIn = (language: Language): MailContent => {
    const { reviewOwnerReply, common } = texts(language);
    const subject = reviewOwnerReply.subject.replace(/\{\{\s*name\s*\}\}/g, data.laundromatName);
    const mail = composeAccountMail({
      to: '',
      language,
      link,
      texts: { ...reviewOwnerReply, subject },
      common,
      values: { name: data.laundromatName, reply: data.replyText },
      ttlSeconds: 0,
    });
    const shortSubject = subject.length > SUBJECT_MAX ? `${subject.slice(0, SUBJECT_MAX - 1)}…` : subject;
    return { subject: shortSubject, text: mail.text, html: mail.html };
  };
  const content = Object.fromEntries(languages.map((language) => [language, contentIn(language)]));
  return {
    mailId: reviewReplyMailId(data.reviewId),
    type: 'reviewer.owner-reply',
    userId: data.reviewerUserId,
    content: content as InternalMailRequest['content'],
  };
}
