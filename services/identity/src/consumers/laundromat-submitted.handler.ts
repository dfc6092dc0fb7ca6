import { laundromatSubmittedV1 } from '@laundry/contracts';
import { creditFrom } from './credit-contribution.ts';

/** A laundromat counts as added once it is on the map: here when it needed no approval. */
export const laundromatSubmittedHandler = creditFrom(laundromatSubmittedV1, (laundromat) =>
  laundromat.status === 'approved'
    ? { kind: 'laundromat', subjectId: laundromat.laundromatId, userId: laundromat.submittedById }
    : undefined,
);
