import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { createEvent, userDeletedV1, type ServedAd } from '@laundry/contracts';
import { solidImage } from '../../services/photo/test/support/photo-stack.ts';
import {
  smtpMailReader,
  startSmtpStandIn,
  type SmtpStandIn,
} from '../../services/identity/test/support/smtp-stand-in.ts';
import { signUpAdmin, startStack, type TestStack } from '../support/stack.ts';
import { registerMailReader, signUp, type Session } from '../support/session.ts';
import { eventually } from '../support/servers.ts';
import { asPerson, findTraces, PERSON_ADDRESS, PERSON_AGENT, serviceDbs } from './person-data.ts';

// A person with data in every service exports it all, then erases their account: afterwards no table of any
// service holds their id, e-mail or address, except the billing ledger's entries (keyed by the advertiser's
// now anonymous id, which is not the person's) and the reviews kept as 'Anonymous User' without their id.

let stack: TestStack;
let smtp: SmtpStandIn;
let admin: Session;

const lisbon = { latitude: 38.7223, longitude: -9.1393 };
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const password = 'correct horse battery';

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  stack = await startStack({
    RATE_LIMIT_PER_MINUTE: '1000000',
    WRITE_RATE_LIMIT_PER_MINUTE: '1000000',
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://laundromat.test',
    ADS_REFRESH_MS: '100',
    HOUSE_ADS: 'false',
    UNVERIFIED_SPENDING_CAP: '100000',
    AD_BURST_CLICKS_PER_MINUTE: '100000',
    AD_BURST_IMPRESSIONS_PER_MINUTE: '100000',
    // A declined charge is tried again only much later: an attempt right after the erasure is the erasure's.
    BILLING_CHARGE_RETRY_DELAYS: '1h,2h',
    BILLING_CHARGE_SWEEP_MS: '200',
  });
  // Sign-ups finish with the link mailed to the stand-in.
  registerMailReader(stack.baseUrl, smtpMailReader(smtp));
  admin = await signUpAdmin(stack);
});

afterAll(async () => {
  await stack?.stop();
  await smtp?.stop();
});

async function expectStatus<T>(answer: Promise<{ status: number; body: T }>, status: number, what: string) {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`${what}: ${got} ${JSON.stringify(body)}`);
  return body;
}

interface Person {
  session: Session;
  laundromatId: string;
  submittedId: string;
  photoId: string;
  documentBytes: Buffer;
  advertiserId: string;
  campaignId: string;
  statementId: string;
  reviewText: string;
}

/** A person with something in every service, all made through the API from their own address. */
async function personWithDataEverywhere(): Promise<Person> {
  const session = await signUp(stack.baseUrl);
  const call = asPerson(stack, session);
  const asAdmin = asPerson(stack, admin, '192.0.2.10');
  const place = await expectStatus(
    asAdmin<{ id: string }>('POST', '/api/laundromats', {
      name: 'Privacy Wash',
      address: '1 Rua Augusta',
      city: 'Lisbon',
      country: 'Portugal',
      website: 'https://privacy-wash.example',
      ...lisbon,
    }),
    201,
    'laundromat',
  );
  await expectStatus(asAdmin('POST', `/api/laundromats/${place.id}/approve`), 200, 'approval');
  // The person runs it: a claim proved by the code mailed to an address at its website.
  const ownerAddress = `desk-${session.user.id.slice(0, 8)}@privacy-wash.example`;
  const mailsBefore = smtp.received.length;
  const claim = await expectStatus(
    call<{ id: string }>('POST', `/api/laundromats/${place.id}/claims`, {
      method: 'email-domain',
      email: ownerAddress,
    }),
    201,
    'claim',
  );
  const codeMail = await smtp.nextMailTo(ownerAddress, { since: mailsBefore });
  const code = /\b(\d{6})\b/.exec(codeMail.text)![1]!;
  await expectStatus(call('POST', `/api/claims/${claim.id}/verify`, { code }), 200, 'claim code');
  const submitted = await expectStatus(
    call<{ id: string }>('POST', '/api/laundromats', {
      name: 'Suds Corner',
      address: '9 Rua Nova',
      city: 'Lisbon',
      country: 'Portugal',
      latitude: 38.71,
      longitude: -9.14,
    }),
    201,
    'submission',
  );
  const reviewText = `Clean machines, kind staff ${session.user.id.slice(0, 8)}`;
  await expectStatus(
    call('POST', `/api/laundromats/${place.id}/reviews`, { overallRating: 5, reviewText }),
    201,
    'review',
  );
  await expectStatus(call('POST', '/api/favorites', { laundromatId: place.id }), 201, 'favourite');
  await expectStatus(
    call('PUT', '/api/me/consent', {
      analytics: true,
      advertising: false,
      consentVersion: '2026-11-24',
      source: 'banner',
    }),
    200,
    'consent',
  );

  const photoForm = new FormData();
  photoForm.append('laundromatId', place.id);
  photoForm.append('category', 'machines');
  photoForm.append(
    'file',
    new Blob([new Uint8Array(await solidImage(64, 48))], { type: 'image/png' }),
    'a.png',
  );
  const photo = await fetch(`${stack.baseUrl}/api/photos`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'x-forwarded-for': PERSON_ADDRESS },
    body: photoForm,
  });
  expect(photo.status).toBe(201);
  const photoId = ((await photo.json()) as { id: string }).id;

  const advertiser = await expectStatus(
    call<{ id: string }>('POST', '/api/advertisers', {
      businessName: 'Suds & Co',
      contactEmail: session.user.email,
      website: 'https://suds.example',
    }),
    201,
    'advertiser',
  );
  const documentForm = new FormData();
  documentForm.append('documentType', 'business_registration');
  documentForm.append('documentNumber', 'PT-5551234');
  documentForm.append('issuingAuthority', 'Registo Comercial');
  documentForm.append('document', new Blob([new Uint8Array(pdf)]), 'registration.pdf');
  const document = await fetch(`${stack.baseUrl}/api/advertisers/me/verification`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'x-forwarded-for': PERSON_ADDRESS },
    body: documentForm,
  });
  expect(document.status).toBe(201);
  const campaign = await expectStatus(
    call<{ id: string }>('POST', '/api/campaigns', {
      title: 'Lisbon washes',
      targetUrl: 'https://suds.example/offers',
      totalBudget: 100,
      dailyBudget: 50,
      costPerClick: 0.35,
      status: 'active',
      targetLatitude: lisbon.latitude,
      targetLongitude: lisbon.longitude,
      radiusKm: 10,
    }),
    201,
    'campaign',
  );

  // A colleague invited to the advertiser's team, not yet accepted.
  await expectStatus(
    call('POST', '/api/advertisers/me/team/invitations', { email: 'colleague@suds.example', role: 'viewer' }),
    201,
    'team invitation',
  );

  // The person sees their own ad and clicks it: ad events with their id, address and browser; billing's ledger.
  await new Promise((resolve) => setTimeout(resolve, 400));
  const query = new URLSearchParams({
    placement: 'home-sidebar',
    latitude: String(lisbon.latitude),
    longitude: String(lisbon.longitude),
  });
  const ad = await expectStatus(call<ServedAd>('GET', `/api/ads?${query}`), 200, 'ad');
  expect(ad.campaignId).toBe(campaign.id);
  expect((await call('POST', '/api/ads/impressions', { token: ad.token })).status).toBeLessThan(300);
  expect([302, 303]).toContain(
    (
      await fetch(`${stack.baseUrl}${ad.clickUrl}`, {
        redirect: 'manual',
        headers: { cookie: session.cookie, 'x-forwarded-for': PERSON_ADDRESS },
      })
    ).status,
  );
  // Someone else sees it and clicks it too: billable events, and so the advertiser's ledger and statement.
  const viewer = asPerson(stack, undefined, '198.51.100.20');
  const billed = await expectStatus(viewer<ServedAd>('GET', `/api/ads?${query}`), 200, 'ad for a viewer');
  expect((await viewer('POST', '/api/ads/impressions', { token: billed.token })).status).toBeLessThan(300);
  expect([302, 303]).toContain(
    (
      await fetch(`${stack.baseUrl}${billed.clickUrl}`, {
        redirect: 'manual',
        headers: { 'user-agent': PERSON_AGENT, 'x-forwarded-for': '198.51.100.20' },
      })
    ).status,
  );
  // A change of its title waits for an admin while the approved version serves: the person's words too.
  const campaignBody = {
    targetUrl: 'https://suds.example/offers',
    totalBudget: 100,
    dailyBudget: 50,
    costPerClick: 0.35,
    status: 'active',
    targetLatitude: lisbon.latitude,
    targetLongitude: lisbon.longitude,
    radiusKm: 10,
  };
  const held = await expectStatus(
    call<{ pendingChange: { status: string } | null }>('PUT', `/api/campaigns/${campaign.id}`, {
      ...campaignBody,
      title: 'Casino night drying deals',
    }),
    200,
    'campaign edit',
  );
  expect(held.pendingChange?.status).toBe('pending');
  const billingDb = stack.billing.db;
  await eventually(async () => {
    const [row] = await billingDb.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ledger_entries WHERE advertiser_id = $1',
      [advertiser.id],
    );
    return (row?.n ?? 0) >= 2;
  }, 20_000);
  // The buyer their invoices name (a country outside the EU: no VAT number to check).
  await expectStatus(
    call('PUT', '/api/billing/details', {
      legalName: 'Suds Launderette LLC',
      addressLine1: '12 Main Street',
      postalCode: '10001',
      city: 'New York',
      country: 'US',
      taxId: '',
      language: 'en',
    }),
    200,
    'billing details',
  );
  await expectStatus(asAdmin('POST', '/api/admin/billing/close-period'), 200, 'period close');
  const [statement] = await billingDb.query<{ id: string }>(
    'SELECT id FROM statements WHERE advertiser_id = $1',
    [advertiser.id],
  );
  // Contributions and ratings follow from events; the export is taken once they are in.
  await eventually(async () => {
    const [user] = await stack.identity.db.query<{ reviews_written: number; photos_uploaded: number }>(
      'SELECT reviews_written, photos_uploaded FROM users WHERE id = $1',
      [session.user.id],
    );
    return user?.reviews_written === 1 && user.photos_uploaded === 1;
  }, 20_000);
  await eventually(async () => {
    const [owned] = await stack.directoryDb.query<{ owner: string | null }>(
      'SELECT owner_user_id AS owner FROM laundromats WHERE id = $1',
      [place.id],
    );
    return owned?.owner === session.user.id;
  }, 20_000);
  return {
    session,
    laundromatId: place.id,
    submittedId: submitted.id,
    photoId,
    documentBytes: pdf,
    advertiserId: advertiser.id,
    campaignId: campaign.id,
    statementId: statement!.id,
    reviewText,
  };
}

async function download(session: Session): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
  const response = await fetch(`${stack.baseUrl}/api/me/export`, { headers: { cookie: session.cookie } });
  return {
    status: response.status,
    headers: response.headers,
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

const json = (files: Record<string, Uint8Array>, name: string) => {
  const file = files[name];
  if (!file) throw new Error(`${name} is not in the archive: ${Object.keys(files).join(', ')}`);
  return JSON.parse(strFromU8(file)) as Array<Record<string, unknown>>;
};

describe("a person's data, exported and erased across every service", () => {
  let person: Person;

  beforeAll(async () => {
    person = await personWithDataEverywhere();
  }, 120_000);

  it('when the signed-in person asks for the export, then one zip holds each service’s part and the files', async () => {
    const answer = await download(person.session);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="laundromat-finder-data-/,
    );
    const files = unzipSync(answer.bytes);

    const readme = strFromU8(files['README.txt']!);
    expect(readme).toContain(person.session.user.email);
    expect(readme).toContain('review/\n  reviews.json (1 record)');
    expect(readme).toContain(
      'photo/\n  photos.json (1 record)\n  documents.json (1 record)\n  2 stored files',
    );
    expect(json(files, 'identity/account.json')).toEqual([
      expect.objectContaining({ id: person.session.user.id, email: person.session.user.email }),
    ]);
    expect(JSON.stringify(json(files, 'identity/account.json'))).not.toMatch(/password|argon/i);
    expect(
      json(files, 'identity/contributions.json')
        .map((row) => row.kind)
        .sort(),
    ).toEqual(expect.arrayContaining(['photo', 'review']));
    expect(json(files, 'identity/consents.json')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ consentType: 'analytics', hasConsented: true, ipAddress: PERSON_ADDRESS }),
        expect.objectContaining({ consentType: 'advertising', hasConsented: false }),
      ]),
    );
    expect(json(files, 'directory/favorites.json')).toEqual([
      expect.objectContaining({ laundromatId: person.laundromatId, name: 'Privacy Wash' }),
    ]);
    expect(json(files, 'directory/submitted-laundromats.json')).toEqual([
      expect.objectContaining({ id: person.submittedId, name: 'Suds Corner' }),
    ]);
    expect(json(files, 'review/reviews.json')).toEqual([
      expect.objectContaining({ laundromatId: person.laundromatId, reviewText: person.reviewText }),
    ]);
    expect(json(files, 'photo/photos.json')).toEqual([expect.objectContaining({ id: person.photoId })]);
    const [storedPhoto] = await stack.photo.db.query<{ object_path: string }>(
      'SELECT object_path FROM photos WHERE id = $1',
      [person.photoId],
    );
    const image = files[`photo/photos/${person.photoId}.webp`];
    expect(image).toBeDefined();
    const served = await fetch(`${stack.baseUrl}/objects/${storedPhoto!.object_path}`, {
      headers: { cookie: person.session.cookie },
    });
    expect(Buffer.from(image!).equals(Buffer.from(await served.arrayBuffer()))).toBe(true);
    const [document] = json(files, 'photo/documents.json');
    expect(document).toMatchObject({ purpose: 'advertiser-verification', fileName: 'registration.pdf' });
    expect(
      Buffer.from(files[`photo/documents/${String(document!.id)}.pdf`]!).equals(person.documentBytes),
    ).toBe(true);
    expect(json(files, 'ad/advertiser-profile.json')).toEqual([
      expect.objectContaining({ id: person.advertiserId, businessName: 'Suds & Co' }),
    ]);
    expect(json(files, 'ad/campaigns.json')).toEqual([
      expect.objectContaining({ id: person.campaignId, title: 'Lisbon washes' }),
    ]);
    expect(json(files, 'ad/campaign-changes-waiting.json')).toEqual([
      expect.objectContaining({ campaignId: person.campaignId, title: 'Casino night drying deals' }),
    ]);
    expect(json(files, 'ad/verification-documents.json')).toEqual([
      expect.objectContaining({ documentNumber: 'PT-5551234', documentId: document!.id }),
    ]);
    expect(json(files, 'ad/audit-log.json').length).toBeGreaterThan(0);
    expect(json(files, 'ad/advertiser-team.json')).toEqual([
      expect.objectContaining({ kind: 'invitation', email: 'colleague@suds.example', role: 'viewer' }),
    ]);
    expect(json(files, 'ad/advertiser-team-membership.json')).toEqual([]);
    // What the ad service learnt from identity and billing to decide whether the campaigns may run.
    expect(json(files, 'ad/account-standing.json')).toEqual([
      expect.objectContaining({ emailVerifiedAt: expect.any(String), hasPaymentMethod: false }),
    ]);
    expect(json(files, 'owner/owner-claims.json')).toEqual([
      expect.objectContaining({
        laundromatId: person.laundromatId,
        status: 'verified',
        method: 'email-domain',
      }),
    ]);
    expect(json(files, 'billing/statements.json')).toEqual([
      expect.objectContaining({ id: person.statementId, advertiserId: person.advertiserId }),
    ]);
    expect(json(files, 'billing/billing-details.json')).toEqual([
      expect.objectContaining({ legalName: 'Suds Launderette LLC', city: 'New York', country: 'US' }),
    ]);
  });

  it('when nobody is signed in, then there is no export', async () => {
    const answer = await fetch(`${stack.baseUrl}/api/me/export`);
    expect(answer.status).toBe(401);
  });

  it('when the password is wrong, then the account stays and a clear message says nothing was deleted', async () => {
    const call = asPerson(stack, person.session);
    const answer = await call<{ error: string }>('DELETE', '/api/me', { password: 'not my password' });
    expect(answer.status).toBe(403);
    expect(JSON.stringify(answer.body)).toContain('Your account was not deleted');
    const missing = await call<{ error: string }>('DELETE', '/api/me', {});
    expect(missing.status).toBe(400);
    expect((await call('GET', '/api/auth/user')).status).toBe(200);
    expect(await findTraces(stack, [person.session.user.id])).not.toEqual([]);
  });

  it('when the person erases their account, then no table of any service holds their id, e-mail or address', async () => {
    const { id, email } = person.session.user;
    const before = await findTraces(stack, [id, email, PERSON_ADDRESS]);
    // The test can fail: before, every service this test gave the person's data to holds them (the search
    // covers every service of services.ts, so a new one's tables are searched too).
    expect([...new Set(before.map((trace) => trace.service))]).toEqual(
      expect.arrayContaining(['identity', 'directory', 'review', 'photo', 'ad', 'billing', 'owner']),
    );
    const statementCharge = async () =>
      (
        await stack.billing.db.query<{ attempts: number; payment_status: string }>(
          'SELECT attempts, payment_status FROM statements WHERE id = $1',
          [person.statementId],
        )
      )[0]!;
    // No payment method: the charge at the period's close was declined, and its retry is hours away.
    await eventually(async () => (await statementCharge()).attempts === 1, 10_000);
    expect(await statementCharge()).toMatchObject({ attempts: 1, payment_status: 'due' });
    const sentBefore = smtp.received.length;
    const call = asPerson(stack, person.session);
    const answer = await call<{ message: string }>('DELETE', '/api/me', { password });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatch(/Your account is deleted/);

    // Signed out everywhere at once, and the account no longer signs in.
    expect((await call('GET', '/api/auth/user')).status).toBe(401);
    const signIn = await call('POST', '/api/auth/login', { email, password });
    expect(signIn.status).toBe(401);

    const mail = await smtp.nextMailTo(email, { since: sentBefore, timeoutMs: 20_000 });
    expect(mail.subject).toBe('Your Laundromat Finder account is deleted');

    await eventually(
      async () => (await findTraces(stack, [id, email, PERSON_ADDRESS])).length === 0,
      30_000,
    ).catch(async () => {
      throw new Error(`still held: ${JSON.stringify(await findTraces(stack, [id, email, PERSON_ADDRESS]))}`);
    });

    // What stays, as it should: the review, anonymous; the submitted laundromat; the ledger and statement.
    const reviews = await asPerson(
      stack,
      undefined,
      '198.51.100.20',
    )<Array<{ reviewText: string; authorName: string }>>(
      'GET',
      `/api/laundromats/${person.laundromatId}/reviews`,
    );
    const reviewList = Array.isArray(reviews.body)
      ? reviews.body
      : (reviews.body as unknown as { reviews: Array<{ reviewText: string; authorName: string }> }).reviews;
    expect(reviewList).toEqual([
      expect.objectContaining({ reviewText: person.reviewText, authorName: 'Anonymous User' }),
    ]);
    const [laundromat] = await stack.directory.db.query<{ submitted_by_id: string | null }>(
      'SELECT submitted_by_id FROM laundromats WHERE id = $1',
      [person.submittedId],
    );
    expect(laundromat).toEqual({ submitted_by_id: null });
    const photos = await stack.photo.db.query('SELECT id FROM photos WHERE id = $1', [person.photoId]);
    expect(photos).toEqual([]);
    const [campaign] = await stack.ad.db.query<{ status: string }>(
      'SELECT status FROM campaigns WHERE id = $1',
      [person.campaignId],
    );
    expect(campaign).toEqual({ status: 'ended' });
    // The change that waited is gone, and no admin is asked to judge it.
    expect(
      await stack.ad.db.query('SELECT 1 FROM campaign_pending_content WHERE campaign_id = $1', [
        person.campaignId,
      ]),
    ).toEqual([]);
    expect(
      await stack.ad.db.query<{ status: string }>(
        'SELECT status FROM moderation_reviews WHERE campaign_id = $1 ORDER BY created_at',
        [person.campaignId],
      ),
    ).toEqual([{ status: 'approved' }, { status: 'withdrawn' }]);
    expect(await stack.ad.db.query('SELECT 1 FROM account_standing WHERE user_id = $1', [id])).toEqual([]);
    // The account's team and its open invitations go with it.
    expect(
      await stack.ad.db.query('SELECT 1 FROM advertiser_invitations WHERE advertiser_id = $1', [
        person.advertiserId,
      ]),
    ).toEqual([]);
    const [ledger] = await stack.billing.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ledger_entries WHERE advertiser_id = $1',
      [person.advertiserId],
    );
    expect(ledger!.n).toBeGreaterThanOrEqual(2);
    const [statement] = await stack.billing.db.query<{ id: string }>(
      'SELECT id FROM statements WHERE id = $1',
      [person.statementId],
    );
    expect(statement).toBeDefined();
    // Settled first: the unpaid statement was charged again at once, under the anonymous billing account.
    await eventually(async () => (await statementCharge()).attempts === 2, 10_000);
  });

  it('when the erasure is asked again or its event comes again, then nothing fails and nothing comes back', async () => {
    const { id, email } = person.session.user;
    const again = await asPerson(stack, person.session)('DELETE', '/api/me', { password });
    expect(again.status).toBe(401);
    // A second user.deleted.v1 for the same person (a new event, so no consumer skips it as seen): every
    // service runs its erasure again on what is already erased, and records the event as handled.
    const event = createEvent(userDeletedV1, 'identity', { userId: id, erasedAt: new Date().toISOString() });
    await stack.infra.bus('erasure-test').publish(event);
    const dbs = serviceDbs(stack);
    await eventually(async () => {
      for (const db of Object.values(dbs)) {
        const [row] = await db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM processed_events WHERE event_id = $1',
          [event.id],
        );
        if (row?.n !== 1) return false;
      }
      return true;
    }, 20_000);
    expect(await findTraces(stack, [id, email, PERSON_ADDRESS])).toEqual([]);
  });
});

describe("the audit log's one exception to append-only", () => {
  it('when a transaction declares an erasure, then it may clear who and from where, and still nothing else', async () => {
    const db = stack.ad.db;
    const [entry] = await db.query<{ id: string }>(
      'SELECT id FROM audit_log WHERE ip_address IS NOT NULL LIMIT 1',
    );
    expect(entry).toBeDefined();
    // Undeclared, as before: refused.
    await expect(
      db.query('UPDATE audit_log SET ip_address = NULL WHERE id = $1', [entry!.id]),
    ).rejects.toThrow(/append-only/);
    // Declared: what was done, to what and when cannot change, and nothing can be deleted.
    const erasing = (statement: string) =>
      db.tx(async (tx) => {
        await tx.query(`SELECT set_config('laundry.erasing_person', 'on', true)`);
        await tx.query(statement, [entry!.id]);
      });
    await expect(erasing(`UPDATE audit_log SET action = 'forged' WHERE id = $1`)).rejects.toThrow(
      /append-only/,
    );
    await expect(erasing('DELETE FROM audit_log WHERE id = $1')).rejects.toThrow(/append-only/);
    await erasing('UPDATE audit_log SET ip_address = NULL, user_agent = NULL WHERE id = $1');
    const [after] = await db.query<{ ip_address: string | null }>(
      'SELECT ip_address FROM audit_log WHERE id = $1',
      [entry!.id],
    );
    expect(after).toEqual({ ip_address: null });
  });
});
