import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdvertiserProfile, AdvertiserVerification, VerificationQueueItem } from '@laundry/contracts';
import {
  signUpAdmin,
  auditEntries,
  caller,
  count,
  newAdvertiser,
  safeCampaign,
  startAdStack,
  type ErrorBody,
  type Session,
  type TestStack,
} from '../support/ad-stack.ts';

let stack: TestStack;
let admin: Session;

beforeAll(async () => {
  stack = await startAdStack({ UNVERIFIED_SPENDING_CAP: '150' });
  admin = await signUpAdmin(stack);
});

afterAll(() => stack?.stop());

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function upload(
  session: Session | undefined,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('document', new Blob([new Uint8Array(file.bytes)]), file.name);
  return fetch(`${stack.baseUrl}/api/advertisers/me/verification`, {
    method: 'POST',
    headers: session ? { cookie: session.cookie } : {},
    body: form,
  });
}

const documentsStored = () => count({ ad: stack.photo } as TestStack, 'documents');

describe('submitting a business document', () => {
  it('when a PDF with its details is sent, then it waits for review and the owner can read it back', async () => {
    const alice = await newAdvertiser(stack);
    const answer = await upload(
      alice,
      {
        documentType: 'business_registration',
        documentNumber: 'GB-123456',
        issuingAuthority: 'Companies House',
      },
      { bytes: pdf, name: 'Registration – 2026.pdf' },
    );
    expect(answer.status).toBe(201);
    const verification = (await answer.json()) as AdvertiserVerification;
    expect(verification).toMatchObject({
      status: 'pending',
      documentType: 'business_registration',
      documentNumber: 'GB-123456',
      documentUrl: `/api/advertisers/verifications/${verification.id}/document`,
    });
    const profile = await caller(stack, alice)<AdvertiserProfile>('GET', '/api/advertisers/me');
    expect(profile.body).toMatchObject({
      verificationStatus: 'pending',
      isVerified: false,
      spendingCap: 150,
    });

    const document = await fetch(`${stack.baseUrl}${verification.documentUrl}`, {
      headers: { cookie: alice.cookie },
    });
    expect(document.status).toBe(200);
    expect(document.headers.get('content-type')).toBe('application/pdf');
    expect(document.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Registration%20%E2%80%93%202026.pdf",
    );
    expect(Buffer.from(await document.arrayBuffer()).equals(pdf)).toBe(true);

    // Nobody else but an admin may read it.
    const bob = await newAdvertiser(stack);
    const asBob = await fetch(`${stack.baseUrl}${verification.documentUrl}`, {
      headers: { cookie: bob.cookie },
    });
    expect(asBob.status).toBe(404);
    const asAdmin = await fetch(`${stack.baseUrl}${verification.documentUrl}`, {
      headers: { cookie: admin.cookie },
    });
    expect(asAdmin.status).toBe(200);
    expect((await fetch(`${stack.baseUrl}${verification.documentUrl}`)).status).toBe(401);

    // A second one while the first waits is refused.
    const again = await upload(alice, { documentType: 'tax_certificate' }, { bytes: pdf, name: 'again.pdf' });
    expect(again.status).toBe(409);
  });

  it('when the file is not a PDF or image, the details are invalid, or no file is sent, then it is refused and nothing is kept', async () => {
    const carol = await newAdvertiser(stack);
    const before = {
      verifications: await count(stack, 'advertiser_verifications'),
      documents: await documentsStored(),
    };

    const script = await upload(
      carol,
      { documentType: 'other' },
      { bytes: Buffer.from('#!/bin/sh\necho hi\n'), name: 'x.pdf' },
    );
    expect(script.status).toBe(415);
    expect(((await script.json()) as ErrorBody).message).toBe(
      'Only PDF, JPEG, PNG and WebP documents can be uploaded.',
    );

    const badType = await upload(carol, { documentType: 'passport-ish' }, { bytes: pdf, name: 'a.pdf' });
    expect(badType.status).toBe(400);
    expect(((await badType.json()) as ErrorBody).errors![0]!.path).toBe('documentType');

    const noFile = await upload(carol, { documentType: 'other' });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as ErrorBody).message).toBe(
      "Choose a document to upload (a file in the field 'document').",
    );

    const tooBig = await upload(
      carol,
      { documentType: 'other' },
      { bytes: Buffer.alloc(11 * 1024 * 1024, 1), name: 'big.pdf' },
    );
    expect(tooBig.status).toBe(413);

    expect(await count(stack, 'advertiser_verifications')).toBe(before.verifications);
    expect(await documentsStored()).toBe(before.documents);
    expect((await upload(undefined, { documentType: 'other' }, { bytes: pdf, name: 'a.pdf' })).status).toBe(
      401,
    );
  });
});

describe("an admin's verification decisions", () => {
  it('when the admin verifies, then the badge shows, the spending cap is lifted and the decision is audited', async () => {
    const dave = await newAdvertiser(stack);
    const submitted = (await (
      await upload(dave, { documentType: 'utility_bill' }, { bytes: pdf, name: 'bill.pdf' })
    ).json()) as AdvertiserVerification;
    // Unverified: a budget over the cap is refused.
    expect(
      (await caller(stack, dave)('POST', '/api/campaigns', { ...safeCampaign, totalBudget: 200 })).status,
    ).toBe(400);

    const queue = await caller(stack, admin)<VerificationQueueItem[]>('GET', '/api/admin/verifications');
    expect(queue.body.find((item) => item.id === submitted.id)).toMatchObject({
      businessName: 'Bright Suds Laundromat',
      status: 'pending',
    });
    expect((await caller(stack, dave)('GET', '/api/admin/verifications')).status).toBe(403);

    const verified = await caller(stack, admin)<VerificationQueueItem>(
      'POST',
      `/api/admin/verifications/${submitted.id}`,
      {
        decision: 'verify',
      },
    );
    expect(verified.body).toMatchObject({ status: 'verified', verifiedBy: admin.user.id });
    const profile = await caller(stack, dave)<AdvertiserProfile>('GET', '/api/advertisers/me');
    expect(profile.body).toMatchObject({
      isVerified: true,
      verificationStatus: 'verified',
      spendingCap: null,
    });
    expect(
      (await caller(stack, dave)('POST', '/api/campaigns', { ...safeCampaign, totalBudget: 200 })).status,
    ).toBe(201);

    expect(
      (
        await caller(stack, admin)('POST', `/api/admin/verifications/${submitted.id}`, {
          decision: 'reject',
          notes: 'x',
        })
      ).status,
    ).toBe(409);
    const [entry] = await auditEntries(stack, "resource_id = $1 AND action = 'verification.verify'", [
      submitted.id,
    ]);
    expect(entry).toMatchObject({ userId: admin.user.id, status: 'success' });
    // Verified: nothing more to send.
    expect((await upload(dave, { documentType: 'other' }, { bytes: pdf, name: 'b.pdf' })).status).toBe(409);
  });

  it('when the admin rejects without a reason, then it is 400; with one, the advertiser sees it and may send another', async () => {
    const erin = await newAdvertiser(stack);
    const submitted = (await (
      await upload(erin, { documentType: 'other' }, { bytes: pdf, name: 'doc.pdf' })
    ).json()) as AdvertiserVerification;
    const decide = (body: unknown) =>
      caller(stack, admin)<ErrorBody>('POST', `/api/admin/verifications/${submitted.id}`, body);
    expect((await decide({ decision: 'reject' })).status).toBe(400);
    expect((await decide({ decision: 'reject', notes: 'The document is unreadable' })).status).toBe(200);
    const latest = await caller(stack, erin)<AdvertiserVerification>(
      'GET',
      '/api/advertisers/me/verification',
    );
    expect(latest.body).toMatchObject({
      status: 'rejected',
      verificationNotes: 'The document is unreadable',
    });
    expect((await upload(erin, { documentType: 'other' }, { bytes: pdf, name: 'clearer.pdf' })).status).toBe(
      201,
    );
  });
});
