// What a service needs to register its routes (its operations and their types) without the document
// builder: `@laundry/contracts/operations`.
import type { ApiOperation } from './operation.ts';
import { adOperations } from './ad-operations.ts';
import { adPromotionOperations } from './ad-promotion-operations.ts';
import { adTeamOperations } from './ad-team-operations.ts';
import { adReachOperations } from './ad-reach-operations.ts';
import { availabilityOperations } from './availability-operations.ts';
import { availabilityAlertOperations } from './availability-alert-operations.ts';
import { availabilityAlertCancelOperations } from './availability-alert-cancel-operations.ts';
import { availabilityOutOfOrderOperations } from './availability-out-of-order-operations.ts';
import { billingOperations } from './billing-operations.ts';
import { directoryOperations } from './directory-operations.ts';
import { directoryExportOperations } from './directory-export-operations.ts';
import { gatewayOperations } from './gateway-operations.ts';
import { identityOperations } from './identity-operations.ts';
import { laundromatCorrectionOperations } from './laundromat-correction-operations.ts';
import { ownerOperations } from './owner-operations.ts';
import { ownerFeedOperations } from './owner-feed-operations.ts';
import { ownerListingOperations } from './owner-listing-operations.ts';
import { photoOperations } from './photo-operations.ts';
import { reviewOperations } from './review-operations.ts';
import { suggestionOperations } from './suggestion-operations.ts';

export * from './operation.ts';
export {
  adOperations,
  adPromotionOperations,
  adTeamOperations,
  adReachOperations,
  availabilityAlertCancelOperations,
  availabilityAlertOperations,
  availabilityOperations,
  availabilityOutOfOrderOperations,
  billingOperations,
  directoryExportOperations,
  directoryOperations,
  gatewayOperations,
  identityOperations,
  laundromatCorrectionOperations,
  ownerFeedOperations,
  ownerListingOperations,
  ownerOperations,
  photoOperations,
  reviewOperations,
  suggestionOperations,
};

/** Each service's declared operations; its routes are registered with these (the kit's `route()`). */
const declaredOperations = [
  identityOperations,
  reviewOperations,
  photoOperations,
  billingOperations,
  adOperations,
  gatewayOperations,
  ownerOperations,
  directoryOperations,
  suggestionOperations,
  laundromatCorrectionOperations,
  ownerListingOperations,
  directoryExportOperations,
  availabilityOperations,
  availabilityAlertOperations,
  availabilityAlertCancelOperations,
  availabilityOutOfOrderOperations,
  ownerFeedOperations,
  adPromotionOperations,
  adTeamOperations,
  adReachOperations,
];

/** Every operation of the API: each service's declared operations. */
export const allOperations = (): ApiOperation[] =>
  declaredOperations.flatMap((operations) => Object.values(operations));
