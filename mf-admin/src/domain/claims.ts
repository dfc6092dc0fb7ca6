import type { ClaimQueueItem } from '@laundry/contracts';

/** What the claims queue shows of a claim beyond the laundromat itself. */
export interface ClaimFacts {
  /** The label key of how the claimant proves they run the laundromat. */
  methodKey: 'claims.methods.email' | 'claims.methods.document' | 'claims.methods.transfer';
  /** The address the claim was made with; a document claim names none. */
  claimantEmail: string | null;
  /** Where the document is downloaded (only admins and the claimant may); null for an e-mail claim. */
  documentUrl: string | null;
  /** Someone already owns the laundromat: approving this claim releases them. */
  contested: boolean;
  /** The owner a contested claim would replace: their address if they proved one, and since when. */
  currentOwner: { email: string | null; since: string | null } | null;
}

const methodKeys = {
  'email-domain': 'claims.methods.email',
  document: 'claims.methods.document',
  // Handed over by the previous verified owner, who sent it to the claimant's address.
  transfer: 'claims.methods.transfer',
} as const satisfies Record<ClaimQueueItem['method'], ClaimFacts['methodKey']>;

export const claimDocumentUrl = (claimId: string) => `/api/claims/${encodeURIComponent(claimId)}/document`;

export function claimFacts(claim: ClaimQueueItem): ClaimFacts {
  const owner = claim.currentOwner;
  return {
    methodKey: methodKeys[claim.method],
    claimantEmail: claim.email,
    documentUrl: claim.method === 'document' ? (claim.documentUrl ?? claimDocumentUrl(claim.id)) : null,
    contested: claim.status === 'contested' || owner !== null,
    currentOwner: owner ? { email: owner.email, since: owner.verifiedAt ?? owner.decidedAt } : null,
  };
}
