import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdvertiserProfile } from '@laundry/contracts';
import {
  auditEntries,
  caller,
  count,
  signUp,
  startAdStack,
  validProfile,
  type ErrorBody,
  type Session,
  type TestStack,
} from '../support/ad-stack.ts';

let stack: TestStack;
let alice: Session;
let bob: Session;

beforeAll(async () => {
  stack = await startAdStack();
  [alice, bob] = await Promise.all([signUp(stack.baseUrl), signUp(stack.baseUrl)]);
});

afterAll(() => stack?.stop());

describe('an advertiser profile', () => {
  it('when nobody is signed in, then reading or creating one is 401 and nothing is stored', async () => {
    const before = await count(stack, 'advertisers');
    expect((await caller(stack)('GET', '/api/advertisers/me')).status).toBe(401);
    expect((await caller(stack)('POST', '/api/advertisers', validProfile)).status).toBe(401);
    expect(await count(stack, 'advertisers')).toBe(before);
  });

  it('when the user has none, then /me answers null', async () => {
    const me = await caller(stack, bob)('GET', '/api/advertisers/me');
    expect(me).toEqual({ status: 200, body: null });
  });

  it('when it breaks the profile rules, then each field gets its message and nothing is stored', async () => {
    const before = await count(stack, 'advertisers');
    const answer = await caller(stack, bob)<ErrorBody>('POST', '/api/advertisers', {
      businessName: '   ',
      website: 'not a url',
      contactEmail: 'nobody',
      industry: 'casino',
    });
    expect(answer.status).toBe(400);
    const messages = Object.fromEntries(answer.body.errors!.map((e) => [e.path, e.message]));
    expect(messages).toMatchObject({
      businessName: 'Business name is required',
      website: 'Please enter a valid website URL',
      contactEmail: 'Please enter a valid email address',
    });
    expect(messages.industry).toContain('Industry must be one of laundromat, dry_cleaning');
    expect(await count(stack, 'advertisers')).toBe(before);
  });

  it('when created, then the owner reads it back unverified with the spending cap, and a second one is 409', async () => {
    const created = await caller(stack, alice)<AdvertiserProfile>('POST', '/api/advertisers', validProfile);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userId: alice.user.id,
      businessName: 'Bright Suds Laundromat',
      contactEmail: 'owner@brightsuds.example',
      industry: 'laundromat',
      isVerified: false,
      verificationStatus: 'none',
      spendingCap: 500,
    });
    const me = await caller(stack, alice)<AdvertiserProfile>('GET', '/api/advertisers/me');
    expect(me.body).toEqual(created.body);

    const again = await caller(stack, alice)<ErrorBody>('POST', '/api/advertisers', validProfile);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already have an advertiser profile.');
    expect(await count(stack, 'advertisers', 'user_id = $1', [alice.user.id])).toBe(1);

    // Another user sees none of it.
    expect((await caller(stack, bob)('GET', '/api/advertisers/me')).body).toBeNull();
  });

  it('when optional fields are blank, then they read back as null, and industry may be left empty', async () => {
    const carol = await signUp(stack.baseUrl);
    const created = await caller(stack, carol)<AdvertiserProfile>('POST', '/api/advertisers', {
      businessName: 'Carol Cleans',
      contactEmail: 'carol@example.test',
      industry: '',
      website: '',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      website: null,
      industry: null,
      description: null,
      contactPhone: null,
    });
  });

  it('when the owner edits it, then /me shows the change and the audit log holds both versions', async () => {
    const updated = await caller(stack, alice)<AdvertiserProfile>('PUT', '/api/advertisers/me', {
      ...validProfile,
      businessName: 'Bright Suds & Co',
      industry: 'dry_cleaning',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ businessName: 'Bright Suds & Co', industry: 'dry_cleaning' });

    const [create, update] = await auditEntries(
      stack,
      "user_id = $1 AND resource = 'advertiser' AND status = 'success'",
      [alice.user.id],
      2,
    );
    expect(create).toMatchObject({ action: 'advertiser.create', status: 'success', httpMethod: 'POST' });
    expect(update).toMatchObject({
      action: 'advertiser.update',
      status: 'success',
      endpoint: '/api/advertisers/me',
      httpMethod: 'PUT',
      oldData: expect.objectContaining({ businessName: 'Bright Suds Laundromat', industry: 'laundromat' }),
      newData: expect.objectContaining({ businessName: 'Bright Suds & Co', industry: 'dry_cleaning' }),
    });
    expect(update!.ipAddress).toBeTruthy();
    expect(update!.userAgent).toBeTruthy();
  });

  it('when an edit is invalid or the user has no profile, then nothing changes and the failure is audited', async () => {
    const bad = await caller(stack, alice)<ErrorBody>('PUT', '/api/advertisers/me', {
      ...validProfile,
      contactEmail: 'broken',
    });
    expect(bad.status).toBe(400);
    expect(
      (await caller(stack, alice)<AdvertiserProfile>('GET', '/api/advertisers/me')).body.contactEmail,
    ).toBe('owner@brightsuds.example');
    const none = await caller(stack, bob)<ErrorBody>('PUT', '/api/advertisers/me', validProfile);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('Create your advertiser profile first.');

    const [refusedCreate] = await auditEntries(
      stack,
      "user_id = $1 AND status = 'failure' AND action = 'advertiser.create'",
      [alice.user.id],
    );
    expect(refusedCreate!.errorMessage).toBe('You already have an advertiser profile.');
    const [refusedUpdate] = await auditEntries(
      stack,
      "user_id = $1 AND status = 'failure' AND action = 'advertiser.update'",
      [alice.user.id],
    );
    expect(refusedUpdate).toMatchObject({
      errorMessage: expect.stringContaining('Please enter a valid email address'),
    });
  });
});
