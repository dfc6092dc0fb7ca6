import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClaimQueueItem,
  ClaimTransfer,
  IncomingTransfer,
  OwnerClaim,
  OwnerLaundromatsResponse,
} from '@laundry/contracts';
import {
  call,
  claimAuditEntries,
  eventually,
  insertLaundromatsFor,
  laundromatOnceItSays,
  mailedCode,
  ownerDb,
  plainPdf,
  signUp,
  signUpAdmin,
  startOwnerStack,
  uploadClaimDocument,
  type ErrorBody,
  type OwnerStack,
  type Session,
  type TestStack,
} from '../support/owner-stack.ts';
import { emailClaimsPerDay } from '../../src/domain/claims.ts';
import { transfersPerDay } from '../../src/domain/claim-transfers.ts';
import { endedClaimsRetention, endedTransfersRetention } from '../../src/domain/claim-retention.ts';

let owner: OwnerStack;
let stack: TestStack;
let admin: Session;
let alice: Session;
let bob: Session;
let carol: Session;
let suds: string;
let spin: string;
let noWebsite: string;
let onFacebook: string;
let tumble: string;
let rinse: string;
const unknownId = '6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab';

beforeAll(async () => {
  owner = await startOwnerStack();
  stack = owner.stack;
  [admin, alice, bob, carol] = await Promise.all([
    signUpAdmin(stack),
    signUp(stack.baseUrl),
    signUp(stack.baseUrl),
    signUp(stack.baseUrl),
  ]);
  [suds, spin, noWebsite, onFacebook, tumble, rinse] = (await insertLaundromatsFor(stack, [
    { name: 'Suds & Co', website: 'https://www.suds-example.test/contact' },
    { name: 'Spin City', website: 'spin-example.test' },
    { name: 'No Website' },
    { name: 'Page Only', website: 'https://www.facebook.com/page-only' },
    { name: 'Tumble', website: 'https://tumble-example.test' },
    { name: 'Rinse', website: 'https://rinse-example.test' },
  ])) as [string, string, string, string, string, string];
});

afterAll(() => owner?.stop());

const claimByEmail = (session: Session | undefined, laundromatId: string, email: string) =>
  call<OwnerClaim & ErrorBody>(stack, session, 'POST', `/api/laundromats/${laundromatId}/claims`, {
    method: 'email-domain',
    email,
  });
const verify = (session: Session | undefined, claimId: string, code: string) =>
  call<OwnerClaim & ErrorBody>(stack, session, 'POST', `/api/claims/${claimId}/verify`, { code });
const storedClaims = async (laundromatId: string) =>
  ownerDb(stack).query<{ status: string; codeHash: string | null; attempts: number }>(
    `SELECT status, code_hash AS "codeHash", code_attempts AS attempts FROM claims
     WHERE laundromat_id = $1 ORDER BY created_at`,
    [laundromatId],
  );
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('claiming a laundromat by an address at its website', () => {
  it('when nobody is signed in, then it is 401 and no claim is stored', async () => {
    const answer = await claimByEmail(undefined, suds, 'owner@suds-example.test');
    expect(answer.status).toBe(401);
    expect(await storedClaims(suds)).toEqual([]);
  });

  it('when the laundromat is unknown or the id malformed, then it is 404', async () => {
    expect((await claimByEmail(alice, unknownId, 'a@suds-example.test')).status).toBe(404);
    const malformed = await claimByEmail(alice, 'not-an-id', 'a@suds-example.test');
    expect(malformed.status).toBe(404);
    expect(malformed.body.message).toBe('Laundromat not found');
  });

  it.each([
    ['the address is at another domain', 'owner@elsewhere.test', 'EMAIL_DOMAIN_MISMATCH'],
    [
      'the address is at a parent-looking lookalike',
      'owner@suds-example.test.evil.test',
      'EMAIL_DOMAIN_MISMATCH',
    ],
  ])('when %s, then it is 400 saying which domain, and no code is mailed', async (_case, email, code) => {
    const mails = owner.smtp.received.length;
    const answer = await claimByEmail(alice, suds, email);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code,
      message: "The address must be at suds-example.test, the laundromat's website.",
    });
    expect(await storedClaims(suds)).toEqual([]);
    expect(owner.smtp.received.length).toBe(mails);
  });

  it.each([
    ['has no website', () => noWebsite, 'someone@example.test'],
    ['has only a page on a shared site', () => onFacebook, 'someone@facebook.com'],
  ])('when the laundromat %s, then it is 400 pointing to a document', async (_case, id, email) => {
    const answer = await claimByEmail(alice, id(), email);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('NO_WEBSITE_DOMAIN');
    expect(answer.body.message).toContain('Send a document instead');
  });

  it.each([
    [
      'the address is not one',
      { method: 'email-domain', email: 'not an address' },
      'Enter a valid e-mail address',
    ],
    [
      'the method is unknown',
      { method: 'carrier-pigeon', email: 'a@suds-example.test' },
      "Method must be 'email-domain'",
    ],
  ])('when %s, then it is 400 with the field named', async (_case, body, message) => {
    const answer = await call<ErrorBody>(stack, alice, 'POST', `/api/laundromats/${suds}/claims`, body);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_ERROR');
    expect(answer.body.errors?.map((error) => error.message).join(' ')).toContain(message);
  });

  it('when the claimant gives the mailed code, then the claim is verified and the directory says the laundromat has an owner', async () => {
    const since = owner.smtp.received.length;
    const created = await claimByEmail(alice, suds, 'Owner@Suds-Example.test');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      laundromatId: suds,
      method: 'email-domain',
      status: 'awaiting-code',
      email: 'owner@suds-example.test',
      verifiedAt: null,
    });
    const minutes = (Date.parse(created.body.codeExpiresAt!) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);

    const mail = await owner.smtp.nextMailTo('owner@suds-example.test', { since });
    expect(mail.subject).toBe('Your code to claim a laundromat');
    expect(mail.text).toContain('Suds & Co');
    const code = await mailedCode(owner.smtp, 'owner@suds-example.test', since);
    // Kept only as a keyed hash, never as the code.
    const [stored] = await storedClaims(suds);
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.codeHash).not.toContain(code);

    // Someone else with the right code: the claim is not theirs, and nothing changes.
    const stranger = await verify(bob, created.body.id, code);
    expect(stranger.status).toBe(404);
    // A forged code: refused, counted.
    const forged = await verify(alice, created.body.id, otherCode(code));
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({
      code: 'CODE_INCORRECT',
      message: 'That code is not right. 4 tries left.',
    });
    expect((await laundromatOnceItSays(stack, suds, () => true)).ownerVerified).toBe(false);

    const verified = await verify(alice, created.body.id, code);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ status: 'verified', codeExpiresAt: null });
    expect((await storedClaims(suds))[0]!.codeHash).toBeNull();

    const laundromat = await laundromatOnceItSays(stack, suds, (l) => l.ownerVerified);
    expect(laundromat).toMatchObject({ ownerVerified: true, ownerUpdatedAt: null });

    // The code is used up.
    const again = await verify(alice, created.body.id, code);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This code was already used: the claim is verified.');

    const mine = await call<OwnerLaundromatsResponse>(stack, alice, 'GET', '/api/owner/laundromats');
    expect(mine.body.verified.map((claim) => claim.laundromatId)).toEqual([suds]);

    const audit = await claimAuditEntries(stack, created.body.id, 4);
    expect(audit.map((entry) => [entry.action, entry.status])).toEqual(
      expect.arrayContaining([
        ['claim.create', 'success'],
        ['claim.verify', 'failure'],
        ['claim.verify', 'success'],
      ]),
    );
  });

  it('when the code has expired, then it is 410 and the claim stays unverified', async () => {
    const since = owner.smtp.received.length;
    const created = await claimByEmail(alice, spin, 'desk@spin-example.test');
    expect(created.status).toBe(201);
    const code = await mailedCode(owner.smtp, 'desk@spin-example.test', since);
    await ownerDb(stack).query(
      `UPDATE claims SET code_expires_at = now() - interval '1 second' WHERE id = $1`,
      [created.body.id],
    );
    const late = await verify(alice, created.body.id, code);
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({
      code: 'CODE_EXPIRED',
      message: 'This code has expired. Please start a new claim.',
    });
    expect((await storedClaims(spin)).map((claim) => claim.status)).toEqual(['awaiting-code']);
    expect((await laundromatOnceItSays(stack, spin, () => true)).ownerVerified).toBe(false);

    // An expired claim blocks nobody: the person may start again.
    const fresh = await claimByEmail(alice, spin, 'desk@spin-example.test');
    expect(fresh.status).toBe(201);
  });

  it('when five wrong codes are given, then the claim ends and even the right code is refused', async () => {
    const since = owner.smtp.received.length;
    const created = await claimByEmail(bob, tumble, 'bob@tumble-example.test');
    const code = await mailedCode(owner.smtp, 'bob@tumble-example.test', since);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await verify(bob, created.body.id, otherCode(code))).status).toBe(400);
    }
    const fifth = await verify(bob, created.body.id, otherCode(code));
    expect(fifth.status).toBe(410);
    expect(fifth.body.code).toBe('CODE_ATTEMPTS_EXHAUSTED');
    const right = await verify(bob, created.body.id, code);
    expect(right.status).toBe(410);
    expect(await storedClaims(tumble)).toMatchObject([{ status: 'failed', codeHash: null, attempts: 5 }]);
  });

  it('when the laundromat already has a verified owner or the person an open claim, then it is 409', async () => {
    const byOther = await claimByEmail(bob, suds, 'bob@suds-example.test');
    expect(byOther.status).toBe(409);
    expect(byOther.body.message).toContain('already has a verified owner');
    const byOwner = await claimByEmail(alice, suds, 'owner@suds-example.test');
    expect(byOwner.status).toBe(409);
    expect(byOwner.body.message).toBe('You are already the verified owner of this laundromat.');

    expect((await claimByEmail(carol, rinse, 'carol@rinse-example.test')).status).toBe(201);
    const twice = await claimByEmail(carol, rinse, 'carol@rinse-example.test');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('You already have an open claim of this laundromat.');
  });
});

describe('how many codes a person may have mailed', () => {
  it('when a person starts a sixth e-mail claim in a day, then it is 429 and no mail goes', async () => {
    const dave = await signUp(stack.baseUrl);
    for (let claim = 1; claim <= emailClaimsPerDay; claim++) {
      expect((await claimByEmail(dave, spin, 'dave@spin-example.test')).status).toBe(201);
      expect((await call(stack, dave, 'DELETE', `/api/owner/laundromats/${spin}/ownership`)).status).toBe(
        204,
      );
    }
    // Identity sends each code from its mail job: all five are out before counting.
    await eventually(
      async () =>
        owner.smtp.received.filter((mail) => mail.to.includes('dave@spin-example.test')).length ===
        emailClaimsPerDay,
    );
    const mails = owner.smtp.received.length;
    const sixth = await claimByEmail(dave, spin, 'dave@spin-example.test');
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('You have asked for several codes today. Please try again tomorrow.');
    expect(owner.smtp.received.length).toBe(mails);
  });
});

describe('claiming a laundromat with a document, decided by an admin', () => {
  let paperClaim: OwnerClaim;

  it('when a PDF is sent, then the claim waits for review and only its claimant and admins read the document', async () => {
    const answer = await uploadClaimDocument(
      stack,
      carol,
      noWebsite,
      { method: 'document', documentType: 'utility-bill' },
      {
        bytes: plainPdf,
        name: 'bill.pdf',
      },
    );
    expect(answer.status).toBe(201);
    paperClaim = (await answer.json()) as OwnerClaim;
    expect(paperClaim).toMatchObject({
      status: 'pending-review',
      method: 'document',
      documentType: 'utility-bill',
      documentUrl: `/api/claims/${paperClaim.id}/document`,
    });

    const own = await fetch(`${stack.baseUrl}${paperClaim.documentUrl}`, {
      headers: { cookie: carol.cookie },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(own.headers.get('content-security-policy')).toBe('sandbox');
    expect(Buffer.from(await own.arrayBuffer()).equals(plainPdf)).toBe(true);
    const byAdmin = await fetch(`${stack.baseUrl}${paperClaim.documentUrl}`, {
      headers: { cookie: admin.cookie },
    });
    expect(byAdmin.status).toBe(200);
    await byAdmin.arrayBuffer();
    const byOther = await fetch(`${stack.baseUrl}${paperClaim.documentUrl}`, {
      headers: { cookie: bob.cookie },
    });
    expect(byOther.status).toBe(404);
    await byOther.arrayBuffer();
  });

  it("when the person's e-mail code ran out unused, then they may send a document instead", async () => {
    await ownerDb(stack).query(
      `UPDATE claims SET code_expires_at = now() - interval '1 second' WHERE laundromat_id = $1 AND user_id = $2`,
      [rinse, carol.user.id],
    );
    const answer = await uploadClaimDocument(
      stack,
      carol,
      rinse,
      { documentType: 'business-licence' },
      {
        bytes: plainPdf,
        name: 'licence.pdf',
      },
    );
    expect(answer.status).toBe(201);
    expect(((await answer.json()) as OwnerClaim).status).toBe('pending-review');
    expect((await storedClaims(rinse)).map((claim) => claim.status)).toEqual(['expired', 'pending-review']);
  });

  it('when a PDF carries active content or the type is missing, then it is 400 and nothing is kept', async () => {
    const scripted = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n',
    );
    const before = await ownerDb(stack).query('SELECT id FROM claims');
    const documents = await stack.photoDb.query('SELECT id FROM documents');
    const active = await uploadClaimDocument(
      stack,
      bob,
      noWebsite,
      { documentType: 'utility-bill' },
      {
        bytes: scripted,
        name: 'bill.pdf',
      },
    );
    expect(active.status).toBe(400);
    const untyped = await uploadClaimDocument(
      stack,
      bob,
      noWebsite,
      {},
      { bytes: plainPdf, name: 'bill.pdf' },
    );
    expect(untyped.status).toBe(400);
    expect(((await untyped.json()) as ErrorBody).errors?.[0]?.message).toBe(
      "Document type must be 'business-licence' or 'utility-bill'",
    );
    expect((await ownerDb(stack).query('SELECT id FROM claims')).length).toBe(before.length);
    expect((await stack.photoDb.query('SELECT id FROM documents')).length).toBe(documents.length);
  });

  it('when someone who is not an admin decides or reads the queue, then it is 401 or 403 and nothing changes', async () => {
    const path = `/api/admin/claims/${paperClaim.id}/decision`;
    expect((await call(stack, undefined, 'POST', path, { decision: 'approve' })).status).toBe(401);
    expect((await call(stack, carol, 'POST', path, { decision: 'approve' })).status).toBe(403);
    expect((await call(stack, carol, 'GET', '/api/admin/claims?status=pending')).status).toBe(403);
    expect(
      (await call(stack, carol, 'POST', `/api/claims/${paperClaim.id}/verify`, { code: '123456' })).status,
    ).toBe(409);
    expect(await storedClaims(noWebsite)).toMatchObject([{ status: 'pending-review' }]);
  });

  it('when an admin approves it from the queue, then the claimant owns the laundromat', async () => {
    const queue = await call<ClaimQueueItem[]>(stack, admin, 'GET', '/api/admin/claims?status=pending');
    expect(queue.status).toBe(200);
    expect(queue.body.find((item) => item.id === paperClaim.id)).toMatchObject({
      userId: carol.user.id,
      status: 'pending-review',
      currentOwner: null,
    });
    const beforeDecision = owner.smtp.received.length;
    const decided = await call<ClaimQueueItem>(
      stack,
      admin,
      'POST',
      `/api/admin/claims/${paperClaim.id}/decision`,
      {
        decision: 'approve',
        notes: 'Bill matches the address.',
      },
    );
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({ status: 'verified', notes: 'Bill matches the address.' });
    await laundromatOnceItSays(stack, noWebsite, (l) => l.ownerVerified);
    // The claimant is told by mail (one of the owner notices, which they may turn off).
    const mail = await owner.smtp.nextMailTo(carol.user.email, { since: beforeDecision });
    expect(mail.subject).toMatch(/^You are now the verified owner of /);

    const twice = await call<ErrorBody>(stack, admin, 'POST', `/api/admin/claims/${paperClaim.id}/decision`, {
      decision: 'reject',
    });
    expect(twice.status).toBe(409);
    const audit = await claimAuditEntries(stack, paperClaim.id, 2);
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['claim.create', 'claim.approve']),
    );
  });

  it('when a second person sends a document for an owned laundromat, then it is contested and the admin sees both sides', async () => {
    const answer = await uploadClaimDocument(
      stack,
      bob,
      suds,
      { documentType: 'business-licence' },
      {
        bytes: plainPdf,
        name: 'licence.pdf',
      },
    );
    expect(answer.status).toBe(201);
    const contested = (await answer.json()) as OwnerClaim;
    expect(contested.status).toBe('contested');

    const queue = await call<ClaimQueueItem[]>(stack, admin, 'GET', '/api/admin/claims?status=contested');
    const item = queue.body.find((candidate) => candidate.id === contested.id)!;
    expect(item.userId).toBe(bob.user.id);
    expect(item.currentOwner).toMatchObject({
      userId: alice.user.id,
      status: 'verified',
      method: 'email-domain',
    });

    // Rejected, the owner stays.
    const rejected = await call<ClaimQueueItem>(
      stack,
      admin,
      'POST',
      `/api/admin/claims/${contested.id}/decision`,
      {
        decision: 'reject',
        notes: 'The licence names another business.',
      },
    );
    expect(rejected.body.status).toBe('rejected');
    const mine = await call<OwnerLaundromatsResponse>(stack, alice, 'GET', '/api/owner/laundromats');
    expect(mine.body.verified.map((claim) => claim.laundromatId)).toEqual([suds]);

    // Sent again and approved, the owner is replaced.
    const again = await uploadClaimDocument(
      stack,
      bob,
      suds,
      { documentType: 'business-licence' },
      {
        bytes: plainPdf,
        name: 'licence.pdf',
      },
    );
    const second = (await again.json()) as OwnerClaim;
    expect(second.status).toBe('contested');
    const approved = await call<ClaimQueueItem>(
      stack,
      admin,
      'POST',
      `/api/admin/claims/${second.id}/decision`,
      {
        decision: 'approve',
      },
    );
    expect(approved.body.status).toBe('verified');
    const alices = await call<OwnerLaundromatsResponse>(stack, alice, 'GET', '/api/owner/laundromats');
    expect(alices.body.verified).toEqual([]);
    const bobs = await call<OwnerLaundromatsResponse>(stack, bob, 'GET', '/api/owner/laundromats');
    expect(bobs.body.verified.map((claim) => claim.laundromatId)).toEqual([suds]);
    // The directory applies the old owner's release and the new owner's verification, in either order.
    const ownerInDirectory = async () =>
      (
        await stack.directoryDb.query<{ ownerUserId: string | null }>(
          'SELECT owner_user_id AS "ownerUserId" FROM laundromats WHERE id = $1',
          [suds],
        )
      )[0]!.ownerUserId;
    await eventually(async () => (await ownerInDirectory()) === bob.user.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await ownerInDirectory()).toBe(bob.user.id);
    expect((await laundromatOnceItSays(stack, suds, () => true)).ownerVerified).toBe(true);
  });
});

describe('handing a laundromat over to another person', () => {
  let dana: Session;
  let eli: Session;
  let finn: Session;
  let handover: string;
  const transfers = (laundromatId: string) =>
    ownerDb(stack).query<{ id: string; status: string }>(
      'SELECT id, status FROM claim_transfers WHERE laundromat_id = $1 ORDER BY created_at',
      [laundromatId],
    );
  const start = (session: Session, body: unknown) =>
    call<ClaimTransfer & ErrorBody>(
      stack,
      session,
      'POST',
      `/api/owner/laundromats/${handover}/transfer`,
      body,
    );
  const accept = (session: Session, transferId: string) =>
    call<OwnerClaim & ErrorBody>(stack, session, 'POST', `/api/claims/transfers/${transferId}/accept`);
  const owned = async (session: Session) =>
    (await call<OwnerLaundromatsResponse>(stack, session, 'GET', '/api/owner/laundromats')).body;

  beforeAll(async () => {
    [dana, eli, finn] = await Promise.all([
      signUp(stack.baseUrl),
      signUp(stack.baseUrl),
      signUp(stack.baseUrl),
    ]);
    [handover] = (await insertLaundromatsFor(stack, [
      { name: 'Handover Wash', website: 'https://handover-example.test' },
    ])) as [string];
    const since = owner.smtp.received.length;
    const claim = await claimByEmail(dana, handover, 'desk@handover-example.test');
    expect(claim.status).toBe(201);
    const code = await mailedCode(owner.smtp, 'desk@handover-example.test', since);
    expect((await verify(dana, claim.body.id, code)).status).toBe(200);
  });

  it.each([
    ['an address that is not one', { email: 'not-an-address' }, 400, 'VALIDATION_ERROR'],
    ['no address', {}, 400, 'VALIDATION_ERROR'],
  ])(
    'when the owner gives %s, then it is 400 and nothing is stored or mailed',
    async (_case, body, status, code) => {
      const mails = owner.smtp.received.length;
      const answer = await start(dana, body);
      expect(answer.status).toBe(status);
      expect(answer.body.code).toBe(code);
      expect(await transfers(handover)).toEqual([]);
      expect(owner.smtp.received.length).toBe(mails);
    },
  );

  it('when the owner gives their own address, then it is 400 TRANSFER_TO_SELF and nothing is stored', async () => {
    const answer = await start(dana, { email: dana.user.email.toUpperCase() });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('TRANSFER_TO_SELF');
    expect(await transfers(handover)).toEqual([]);
  });

  it('when someone who does not own it starts one, then it is 404 and nothing is stored', async () => {
    const answer = await start(finn, { email: eli.user.email });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('NOT_OWNER');
    expect(await transfers(handover)).toEqual([]);
  });

  it('when the owner starts one, then the recipient is mailed a link in the chosen language; a second one is 409 while it waits', async () => {
    const since = owner.smtp.received.length;
    const started = await start(dana, { email: eli.user.email, language: 'fr' });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ laundromatId: handover, email: eli.user.email, status: 'pending' });
    const days = (Date.parse(started.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const mail = await owner.smtp.nextMailTo(eli.user.email, { since });
    expect(mail.subject).toBe('Handover Wash vous est transférée sur Laundromat Finder');
    expect(mail.text).toContain(`https://laundry.example/advertiser/transfers/${started.body.id}`);
    expect(mail.text).toContain(dana.user.email);

    const again = await start(dana, { email: finn.user.email });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('TRANSFER_PENDING');
    expect((await owned(dana)).transfers.map((transfer) => transfer.id)).toEqual([started.body.id]);
  });

  it('when another account opens or accepts it, then it is 403 and nothing changes hands', async () => {
    const [pending] = await transfers(handover);
    const seen = await call<ErrorBody>(stack, finn, 'GET', `/api/claims/transfers/${pending!.id}`);
    expect(seen.status).toBe(403);
    expect(seen.body.code).toBe('TRANSFER_OTHER_ACCOUNT');
    const taken = await accept(finn, pending!.id);
    expect(taken.status).toBe(403);
    expect((await owned(dana)).verified.map((claim) => claim.laundromatId)).toEqual([handover]);
    expect((await owned(finn)).verified).toEqual([]);
    expect((await accept(finn, unknownId)).status).toBe(404);
    expect((await accept(finn, 'not-an-id')).status).toBe(404);
  });

  it('when the owner cancels it, then its link no longer works (410) and they may send a new one', async () => {
    const [pending] = await transfers(handover);
    expect((await call(stack, dana, 'DELETE', `/api/owner/laundromats/${handover}/transfer`)).status).toBe(
      204,
    );
    const late = await accept(eli, pending!.id);
    expect(late.status).toBe(410);
    expect(late.body.code).toBe('TRANSFER_CANCELLED');
    expect((await owned(dana)).verified.map((claim) => claim.laundromatId)).toEqual([handover]);
    expect((await owned(dana)).transfers).toEqual([]);
    expect((await call(stack, dana, 'DELETE', `/api/owner/laundromats/${handover}/transfer`)).status).toBe(
      404,
    );
  });

  it('when a transfer ran past its 7 days, then accepting is 410 and it is written as expired', async () => {
    const started = await start(dana, { email: eli.user.email });
    expect(started.status).toBe(201);
    await ownerDb(stack).query(
      `UPDATE claim_transfers SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [started.body.id],
    );
    const seen = await call<IncomingTransfer>(stack, eli, 'GET', `/api/claims/transfers/${started.body.id}`);
    expect(seen.body.status).toBe('expired');
    const late = await accept(eli, started.body.id);
    expect(late.status).toBe(410);
    expect(late.body.code).toBe('TRANSFER_EXPIRED');
    expect((await transfers(handover)).at(-1)!.status).toBe('expired');
    expect((await owned(dana)).verified.map((claim) => claim.laundromatId)).toEqual([handover]);
  });

  it('when the recipient accepts, then the laundromat is theirs by transfer, the old owner loses it at once, and every copy of the owner follows', async () => {
    const started = await start(dana, { email: eli.user.email });
    expect(started.status).toBe(201);
    const seen = await call<IncomingTransfer>(stack, eli, 'GET', `/api/claims/transfers/${started.body.id}`);
    expect(seen.body).toMatchObject({ id: started.body.id, laundromatId: handover, status: 'pending' });

    const accepted = await accept(eli, started.body.id);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ laundromatId: handover, method: 'transfer', status: 'verified' });
    expect((await owned(dana)).verified).toEqual([]);
    expect((await owned(eli)).verified.map((claim) => claim.method)).toEqual(['transfer']);
    // The old owner can neither hand it over again nor take it back; the link works once.
    expect((await start(dana, { email: finn.user.email })).status).toBe(404);
    const twice = await accept(eli, started.body.id);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('TRANSFER_ACCEPTED');

    // Each service's copy of the owner (directory, review, ad, photo) ends at the new owner, once each.
    const copies = [
      () =>
        stack.directoryDb.query<{ owner: string | null }>(
          'SELECT owner_user_id AS owner FROM laundromats WHERE id = $1',
          [handover],
        ),
      ...(['review', 'ad', 'photo'] as const).map(
        (name) => () =>
          stack.services[name]!.db.query<{ owner: string | null }>(
            'SELECT owner_user_id AS owner FROM laundromat_owners WHERE laundromat_id = $1',
            [handover],
          ),
      ),
    ];
    for (const copy of copies) await eventually(async () => (await copy())[0]?.owner === eli.user.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const copy of copies) expect((await copy())[0]?.owner).toBe(eli.user.id);
    const events = await ownerDb(stack).query<{ data: { method?: string; reason?: string } }>(
      `SELECT envelope->'data' AS data FROM outbox
       WHERE type LIKE 'laundromat.owner-%' AND envelope->'data'->>'laundromatId' = $1 ORDER BY seq`,
      [handover],
    );
    expect(
      events
        .slice(-2)
        .map((event) => event.data.method ?? event.data.reason)
        .sort(),
    ).toEqual(['transfer', 'transferred']);
  });

  it("when the steps are done, then each is in the audit log, refusals too, without the recipient's address", async () => {
    const [cancelled, expired, accepted] = (await transfers(handover)).map((row) => row.id);
    const entries = async (resourceId: string) =>
      stack.ad.db.query<{ action: string; status: string }>(
        `SELECT action, status, old_data AS "oldData", new_data AS "newData" FROM audit_log
         WHERE resource = 'owner-claim-transfer' AND resource_id = $1 ORDER BY created_at, id`,
        [resourceId],
      );
    const steps = async (resourceId: string) =>
      (await entries(resourceId)).map((row) => `${row.action}:${row.status}`);
    await eventually(async () => (await steps(accepted!)).length >= 2);
    // The other account's and the late recipient's attempts are there as refusals.
    expect(await steps(cancelled!)).toEqual([
      'claim.transfer.start:success',
      'claim.transfer.accept:failure',
      'claim.transfer.cancel:success',
      'claim.transfer.accept:failure',
    ]);
    expect(await steps(expired!)).toEqual(
      expect.arrayContaining([
        'claim.transfer.start:success',
        'claim.transfer.expire:success',
        'claim.transfer.accept:failure',
      ]),
    );
    expect(await steps(accepted!)).toEqual(
      expect.arrayContaining([
        'claim.transfer.start:success',
        'claim.transfer.accept:success',
        'claim.transfer.accept:failure',
      ]),
    );
    // Refused starts are logged under the laundromat.
    expect(await steps(handover)).toEqual(expect.arrayContaining(['claim.transfer.start:failure']));
    for (const id of [cancelled!, expired!, accepted!, handover])
      expect(JSON.stringify(await entries(id))).not.toContain(eli.user.email);
  });

  it('when the owner started five transfers in a day, then a sixth is 429 and nobody is mailed', async () => {
    const db = ownerDb(stack);
    const [claim] = await db.query<{ id: string }>(
      `SELECT id FROM claims WHERE laundromat_id = $1 AND status = 'verified'`,
      [handover],
    );
    for (let i = 0; i < transfersPerDay; i++)
      await db.query(
        `INSERT INTO claim_transfers (id, claim_id, laundromat_id, from_user_id, to_email, status, expires_at)
         VALUES ($1, $2, $3, $4, 'someone@example.test', 'cancelled', now() + interval '7 days')`,
        [randomUUID(), claim!.id, handover, eli.user.id],
      );
    const mails = owner.smtp.received.length;
    const answer = await start(eli, { email: finn.user.email });
    expect(answer.status).toBe(429);
    expect(owner.smtp.received.length).toBe(mails);
    expect((await owned(eli)).transfers).toEqual([]);
    await db.query(
      `DELETE FROM claim_transfers WHERE from_user_id = $1 AND to_email = 'someone@example.test'`,
      [eli.user.id],
    );
  });

  it('when an owner gives up a laundromat with a transfer waiting, then the transfer ends with it (410)', async () => {
    const started = await start(eli, { email: finn.user.email });
    expect(started.status).toBe(201);
    expect((await call(stack, eli, 'DELETE', `/api/owner/laundromats/${handover}/ownership`)).status).toBe(
      204,
    );
    const late = await accept(finn, started.body.id);
    expect(late.status).toBe(410);
    expect(late.body.code).toBe('TRANSFER_CANCELLED');
    expect((await owned(finn)).verified).toEqual([]);
  });

  it('when the recipient exports their data, then the transfer is in it; when they delete the account, it goes', async () => {
    const archive = await fetch(`${stack.baseUrl}/api/me/export`, { headers: { cookie: eli.cookie } });
    expect(archive.status).toBe(200);
    expect(Buffer.from(await archive.arrayBuffer()).toString('latin1')).toContain(
      'owner/owner-claim-transfers.json',
    );
    const deleted = await call(stack, eli, 'DELETE', '/api/me', { password: 'correct horse battery' });
    expect(deleted.status).toBeLessThan(300);
    await eventually(async () => {
      const rows = await ownerDb(stack).query('SELECT id FROM claim_transfers WHERE to_user_id = $1', [
        eli.user.id,
      ]);
      return rows.length === 0;
    });
    await laundromatOnceItSays(stack, handover, (l) => !l.ownerVerified);
  });
});

describe('keeping ended claims', () => {
  it('when an ended claim is older than its period, then the retention task deletes it and keeps the rest', async () => {
    const db = ownerDb(stack);
    const laundromatId = randomUUID();
    const insert = (status: string, updatedDaysAgo: number) =>
      db.query(
        `INSERT INTO claims (id, laundromat_id, user_id, method, status, document_id, document_type, updated_at)
         VALUES ($1, $2, $3, 'document', $4, $5, 'utility-bill', now() - make_interval(days => $6))`,
        [randomUUID(), laundromatId, randomUUID(), status, randomUUID(), updatedDaysAgo],
      );
    await insert('rejected', 400);
    await insert('released', 400);
    await insert('rejected', 10);
    await insert('verified', 400);
    await insert('pending-review', 400);
    const cutoff = new Date(Date.now() - 365 * 86_400_000);
    expect(await endedClaimsRetention.applyBatch(db, cutoff, 100)).toBe(2);
    const left = await db.query<{ status: string }>(
      'SELECT status FROM claims WHERE laundromat_id = $1 ORDER BY status',
      [laundromatId],
    );
    expect(left.map((row) => row.status)).toEqual(['pending-review', 'rejected', 'verified']);
  });

  it('when a transfer ended or ran out longer ago than its period, then the retention task deletes it and keeps the rest', async () => {
    const db = ownerDb(stack);
    const laundromatId = randomUUID();
    const claimId = randomUUID();
    await db.query(
      `INSERT INTO claims (id, laundromat_id, user_id, method, status, document_id, document_type)
       VALUES ($1, $2, $3, 'document', 'verified', $4, 'utility-bill')`,
      [claimId, laundromatId, randomUUID(), randomUUID()],
    );
    const insert = (status: string, updatedDaysAgo: number, expiresDaysAgo: number) =>
      db.query(
        `INSERT INTO claim_transfers (id, claim_id, laundromat_id, from_user_id, to_email, status, expires_at,
                                      to_user_id, updated_at)
         VALUES ($1, $2, $3, $4, 'next@example.test', $5, now() - make_interval(days => $7),
                 CASE WHEN $5 = 'accepted' THEN $4::uuid END, now() - make_interval(days => $6))`,
        [randomUUID(), claimId, laundromatId, randomUUID(), status, updatedDaysAgo, expiresDaysAgo],
      );
    await insert('cancelled', 100, 90);
    await insert('accepted', 100, 95);
    await insert('expired', 10, 5);
    await insert('pending', 100, 93);
    const cutoff = new Date(Date.now() - 90 * 86_400_000);
    expect(await endedTransfersRetention.applyBatch(db, cutoff, 100)).toBe(3);
    const left = await db.query<{ status: string }>(
      'SELECT status FROM claim_transfers WHERE laundromat_id = $1',
      [laundromatId],
    );
    expect(left.map((row) => row.status)).toEqual(['expired']);
  });
});

describe('giving up a laundromat', () => {
  it('when the owner gives it up, then the directory shows no owner; a second time it is 404', async () => {
    const given = await call(stack, bob, 'DELETE', `/api/owner/laundromats/${suds}/ownership`);
    expect(given.status).toBe(204);
    await laundromatOnceItSays(stack, suds, (l) => !l.ownerVerified);
    expect((await call(stack, bob, 'DELETE', `/api/owner/laundromats/${suds}/ownership`)).status).toBe(404);
    expect((await call(stack, alice, 'DELETE', `/api/owner/laundromats/${unknownId}/ownership`)).status).toBe(
      404,
    );
  });
});

describe("an owner's personal data", () => {
  it('when they export, then their claims are in it; when they delete the account, the claims go and the laundromat is released', async () => {
    const archive = await fetch(`${stack.baseUrl}/api/me/export`, { headers: { cookie: carol.cookie } });
    expect(archive.status).toBe(200);
    const bytes = Buffer.from(await archive.arrayBuffer()).toString('latin1');
    expect(bytes).toContain('owner/owner-claims.json');

    const deleted = await call(stack, carol, 'DELETE', '/api/me', { password: 'correct horse battery' });
    expect(deleted.status).toBeLessThan(300);
    await laundromatOnceItSays(stack, noWebsite, (l) => !l.ownerVerified);
    const left = await ownerDb(stack).query('SELECT id FROM claims WHERE user_id = $1', [carol.user.id]);
    expect(left).toEqual([]);
    const traces = await stack.directoryDb.query('SELECT id FROM laundromats WHERE owner_user_id = $1', [
      carol.user.id,
    ]);
    expect(traces).toEqual([]);
  });
});
