import { describe, expect, it } from 'vitest';
import { claimQueueItemSchema, type ClaimQueueItem } from '@laundry/contracts';
import { claimFacts } from '../../src/domain/claims.ts';

const claimId = '0b8f5a52-7f3c-4d8e-9a4b-2f0f3c1d9e01';
const laundromatId = '5c1d1a8e-2b3f-4c5d-8e9f-0a1b2c3d4e5f';

const documentClaim: ClaimQueueItem = claimQueueItemSchema.parse({
  id: claimId,
  laundromatId,
  userId: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d',
  method: 'document',
  status: 'pending-review',
  email: null,
  documentType: 'utility-bill',
  documentUrl: `/api/claims/${claimId}/document`,
  codeExpiresAt: null,
  verifiedAt: null,
  decidedAt: null,
  notes: null,
  createdAt: '2026-11-20T09:30:00.000Z',
  currentOwner: null,
});

describe('what the claims queue shows of a claim', () => {
  it('when a document claim waits, then its document opens from the owner service and it is not contested', () => {
    expect(claimFacts(documentClaim)).toEqual({
      methodKey: 'claims.methods.document',
      claimantEmail: null,
      documentUrl: `/api/claims/${claimId}/document`,
      contested: false,
      currentOwner: null,
    });
  });

  it('when the service gives no document address, then the document is still found by the claim id', () => {
    expect(claimFacts({ ...documentClaim, documentUrl: null }).documentUrl).toBe(
      `/api/claims/${claimId}/document`,
    );
  });

  it('when an e-mail claim waits, then it names its address and has no document', () => {
    const facts = claimFacts({
      ...documentClaim,
      method: 'email-domain',
      email: 'manager@wash.example',
      documentType: null,
      documentUrl: null,
    });
    expect(facts).toMatchObject({
      methodKey: 'claims.methods.email',
      claimantEmail: 'manager@wash.example',
      documentUrl: null,
    });
  });

  it('when a verified claim came by a transfer, then it says it was handed over, with no address or document', () => {
    const facts = claimFacts({
      ...documentClaim,
      method: 'transfer',
      status: 'verified',
      documentType: null,
      documentUrl: null,
      verifiedAt: '2026-11-21T10:00:00.000Z',
    });
    expect(facts).toMatchObject({
      methodKey: 'claims.methods.transfer',
      claimantEmail: null,
      documentUrl: null,
    });
  });

  it('when someone already owns the laundromat, then the claim is contested and names the owner and since when', () => {
    const facts = claimFacts({
      ...documentClaim,
      status: 'contested',
      currentOwner: {
        ...documentClaim,
        id: '1f2e3d4c-5b6a-4789-8a9b-0c1d2e3f4a5b',
        userId: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
        method: 'email-domain',
        status: 'verified',
        email: 'owner@wash.example',
        documentType: null,
        documentUrl: null,
        verifiedAt: '2026-10-01T12:00:00.000Z',
      },
    });
    expect(facts.contested).toBe(true);
    expect(facts.currentOwner).toEqual({ email: 'owner@wash.example', since: '2026-10-01T12:00:00.000Z' });
  });
});
