import type { z } from 'zod';
import {
  adClickRecordedV1,
  adClickRecordedV1Schema,
  adClickRecordedV2,
  adClickRecordedV2Schema,
} from './ad-click-recorded.ts';
import {
  adImpressionRecordedV1,
  adImpressionRecordedV1Schema,
  adImpressionRecordedV2,
  adImpressionRecordedV2Schema,
} from './ad-impression-recorded.ts';
import { auditRecordedV1, auditRecordedV1Schema } from './audit-recorded.ts';
import { availabilityChangedV1, availabilityChangedV1Schema } from './availability-changed.ts';
import { billingAccountSuspendedV1, billingAccountSuspendedV1Schema } from './billing-account-suspended.ts';
import {
  billingPaymentMethodChangedV1,
  billingPaymentMethodChangedV1Schema,
} from './billing-payment-method-changed.ts';
import {
  campaignCreatedV1,
  campaignCreatedV1Schema,
  campaignCreatedV2,
  campaignCreatedV2Schema,
} from './campaign-created.ts';
import { laundromatApprovedV1, laundromatApprovedV1Schema } from './laundromat-approved.ts';
import {
  laundromatOwnerReleasedV1,
  laundromatOwnerReleasedV1Schema,
  laundromatOwnerVerifiedV1,
  laundromatOwnerVerifiedV1Schema,
} from './laundromat-owner.ts';
import { laundromatSubmittedV1, laundromatSubmittedV1Schema } from './laundromat-submitted.ts';
import {
  laundromatSuggestionDecidedV1,
  laundromatSuggestionDecidedV1Schema,
} from './laundromat-suggestion-decided.ts';
import { laundromatMergedV1, laundromatMergedV1Schema } from './laundromat-merged.ts';
import {
  payoutProcessedV1,
  payoutProcessedV1Schema,
  payoutProcessedV2,
  payoutProcessedV2Schema,
} from './payout-processed.ts';
import {
  photoOcrCompletedV1,
  photoOcrCompletedV1Schema,
  photoOcrCompletedV2,
  photoOcrCompletedV2Schema,
} from './photo-ocr-completed.ts';
import { photoUploadedV1, photoUploadedV1Schema } from './photo-uploaded.ts';
import { reviewCreatedV1, reviewCreatedV1Schema } from './review-created.ts';
import {
  laundromatOwnerNoticeRaisedV1,
  laundromatOwnerNoticeRaisedV1Schema,
} from './laundromat-owner-notice.ts';
import { advertiserNoticeRaisedV1, advertiserNoticeRaisedV1Schema } from './advertiser-notice.ts';
import {
  advertiserTeamMemberChangedV1,
  advertiserTeamMemberChangedV1Schema,
} from './advertiser-team-member.ts';
import { reviewOwnerRepliedV1, reviewOwnerRepliedV1Schema } from './review-owner-replied.ts';
import { userDeletedV1, userDeletedV1Schema } from './user-deleted.ts';
import { userConsentChangedV1, userConsentChangedV1Schema } from './user-consent-changed.ts';
import { userEmailVerifiedV1, userEmailVerifiedV1Schema } from './user-email-verified.ts';

/** Every event type and the schema of its whole envelope. */
export const events = {
  [laundromatSubmittedV1]: laundromatSubmittedV1Schema,
  [laundromatApprovedV1]: laundromatApprovedV1Schema,
  [laundromatSuggestionDecidedV1]: laundromatSuggestionDecidedV1Schema,
  [laundromatMergedV1]: laundromatMergedV1Schema,
  [reviewCreatedV1]: reviewCreatedV1Schema,
  [reviewOwnerRepliedV1]: reviewOwnerRepliedV1Schema,
  [laundromatOwnerNoticeRaisedV1]: laundromatOwnerNoticeRaisedV1Schema,
  [advertiserNoticeRaisedV1]: advertiserNoticeRaisedV1Schema,
  [advertiserTeamMemberChangedV1]: advertiserTeamMemberChangedV1Schema,
  [photoUploadedV1]: photoUploadedV1Schema,
  [photoOcrCompletedV1]: photoOcrCompletedV1Schema,
  [photoOcrCompletedV2]: photoOcrCompletedV2Schema,
  [campaignCreatedV1]: campaignCreatedV1Schema,
  [campaignCreatedV2]: campaignCreatedV2Schema,
  [adImpressionRecordedV1]: adImpressionRecordedV1Schema,
  [adClickRecordedV1]: adClickRecordedV1Schema,
  [adImpressionRecordedV2]: adImpressionRecordedV2Schema,
  [adClickRecordedV2]: adClickRecordedV2Schema,
  [payoutProcessedV1]: payoutProcessedV1Schema,
  [payoutProcessedV2]: payoutProcessedV2Schema,
  [billingAccountSuspendedV1]: billingAccountSuspendedV1Schema,
  [billingPaymentMethodChangedV1]: billingPaymentMethodChangedV1Schema,
  [auditRecordedV1]: auditRecordedV1Schema,
  [userConsentChangedV1]: userConsentChangedV1Schema,
  [userDeletedV1]: userDeletedV1Schema,
  [userEmailVerifiedV1]: userEmailVerifiedV1Schema,
  [availabilityChangedV1]: availabilityChangedV1Schema,
  [laundromatOwnerVerifiedV1]: laundromatOwnerVerifiedV1Schema,
  [laundromatOwnerReleasedV1]: laundromatOwnerReleasedV1Schema,
} as const;

export type EventType = keyof typeof events;
export type EventOf<T extends EventType> = z.infer<(typeof events)[T]>;
export type EventDataOf<T extends EventType> = EventOf<T>['data'];
export type AnyEvent = { [T in EventType]: EventOf<T> }[EventType];

export const eventTypes = Object.keys(events) as EventType[];

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(events, type);
}
