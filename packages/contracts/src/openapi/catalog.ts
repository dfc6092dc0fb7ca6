// What a service needs to register its routes (its operations and their types) without the document
// builder: `@laundry/contracts/operations`.
import { apiOperations } from './operations.ts';
import type { ApiOperation } from './operation.ts';
import { adOperations } from './ad-operations.ts';
import { billingOperations } from './billing-operations.ts';
import { gatewayOperations } from './gateway-operations.ts';
import { identityOperations } from './identity-operations.ts';
import { photoOperations } from './photo-operations.ts';
import { reviewOperations } from './review-operations.ts';

export * from './operation.ts';
export {
  adOperations,
  billingOperations,
  gatewayOperations,
  identityOperations,
  photoOperations,
  reviewOperations,
};

/** Each service's declared operations; its routes are registered with these (the kit's `route()`). */
const declaredOperations = [
  identityOperations,
  reviewOperations,
  photoOperations,
  billingOperations,
  adOperations,
  gatewayOperations,
];

/**
 * Every operation of the API: each service's declared operations, and those still listed by hand in
 * operations.ts (the directory's).
 */
export const allOperations = (): ApiOperation[] => [
  ...apiOperations,
  ...declaredOperations.flatMap((operations) => Object.values(operations)),
];
