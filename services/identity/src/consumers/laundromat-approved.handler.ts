import { laundromatApprovedV1 } from '@laundry/contracts';
import { creditFrom } from './credit-contribution.ts';

/** A laundromat counts as added once it is on the map: at its approval. */
export const laundromatApprovedHandler = creditFrom(laundromatApprovedV1, (laundromat) =>
  laundromat.submittedById
    ? { kind: 'laundromat', subjectId: laundromat.laundromatId, userId: laundromat.submittedById }
    : undefined,
);
