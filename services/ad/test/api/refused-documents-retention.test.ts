import { once } from 'node:events';
import type { AddressInfo, Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPhotoClient, type AdvertiserVerification } from '@laundry/contracts';
import { INTERNAL_IDENTITY_HEADER } from '@laundry/platform/auth';
import { refusedDocumentsRetention } from '../../src/domain/retention/refused-documents.ts';
import {
  signUpAdmin,
  caller,
  count,
  newAdvertiser,
  startAdStack,
  type Session,
  type TestStack,
} from '../support/ad-stack.ts';

let stack: TestStack;
let admin: Session;
/** The stack's photo service, reached directly as the ad service reaches it (its own listener on the same app). */
let photo: Server;
let photoUrl: string;

beforeAll(async () => {
  stack = await startAdStack();
  admin = await signUpAdmin(stack);
  photo = stack.photo.app.listen(0, '127.0.0.1');
  await once(photo, 'listening');
  photoUrl = `http://127.0.0.1:${(photo.address() as AddressInfo).port}`;
});

afterAll(async () => {
  photo?.close();
  await stack?.stop();
});

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function submitDocument(session: Session): Promise<AdvertiserVerification> {
  const form = new FormData();
  form.append('documentType', 'business_registration');
  form.append('document', new Blob([new Uint8Array(pdf)]), 'registration.pdf');
  const response = await fetch(`${stack.baseUrl}/api/advertisers/me/verification`, {
    method: 'POST',
    headers: { cookie: session.cookie },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as AdvertiserVerification;
}

const documentsStored = () => count({ ad: stack.photo } as TestStack, 'documents');

describe('refused uploads past their period', () => {
  it('when a rejected verification is older than the period, then its document is deleted from the photo service and a recent one stays', async () => {
    const old = await newAdvertiser(stack);
    const recent = await newAdvertiser(stack);
    const oldVerification = await submitDocument(old);
    const recentVerification = await submitDocument(recent);
    for (const verification of [oldVerification, recentVerification]) {
      const rejected = await caller(stack, admin)('POST', `/api/admin/verifications/${verification.id}`, {
        decision: 'reject',
        notes: 'The document is unreadable',
      });
      expect(rejected.status).toBe(200);
    }
    // The first refusal was 31 days ago, the second one 29.
    await stack.ad.db.query(
      `UPDATE advertiser_verifications SET updated_at = now() - make_interval(days => $2) WHERE id = $1`,
      [oldVerification.id, 31],
    );
    await stack.ad.db.query(
      `UPDATE advertiser_verifications SET updated_at = now() - make_interval(days => $2) WHERE id = $1`,
      [recentVerification.id, 29],
    );
    const storedBefore = await documentsStored();

    const task = refusedDocumentsRetention({
      documents: createPhotoClient({
        baseUrl: photoUrl,
        timeoutMs: 5000,
        unavailableMessage: 'The photo service is not answering.',
        identityHeader: INTERNAL_IDENTITY_HEADER,
      }),
      internalSecret: stack.env.INTERNAL_SECRET!,
    });
    const cutoff = new Date(Date.now() - 30 * 86_400_000);
    const changed = await stack.ad.db.tx((tx) => task.applyBatch(tx, cutoff, 100));
    expect(changed).toBe(1);

    expect(await documentsStored()).toBe(storedBefore - 1);
    const rows = await stack.ad.db.query<{ id: string; documentId: string | null; status: string }>(
      `SELECT id, document_id AS "documentId", status FROM advertiser_verifications WHERE id = ANY($1::uuid[])`,
      [[oldVerification.id, recentVerification.id]],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(oldVerification.id)).toMatchObject({ documentId: null, status: 'rejected' });
    expect(byId.get(recentVerification.id)?.documentId).not.toBeNull();
    // The owner can no longer open it.
    const opened = await fetch(`${stack.baseUrl}${oldVerification.documentUrl}`, {
      headers: { cookie: old.cookie },
    });
    expect(opened.status).toBe(404);

    // Nothing more to do on a second pass.
    expect(await stack.ad.db.tx((tx) => task.applyBatch(tx, cutoff, 100))).toBe(0);
  });
});
