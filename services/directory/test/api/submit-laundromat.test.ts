import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  laundromatApprovedV1,
  laundromatApprovedV1Schema,
  laundromatSubmittedV1,
  laundromatSubmittedV1Schema,
  type Laundromat,
  type LaundromatListResponse,
} from '@laundry/contracts';
import { signUpAdmin } from '../../../../test/support/stack.ts';
import { eventually } from '../../../../test/support/servers.ts';
import { apiClient, signUp, type Session } from '../../../../test/support/session.ts';
import {
  countLaundromats,
  getJson,
  listenForEvents,
  startDirectoryStack,
  type ErrorBody,
  type EventListener,
  type TestStack,
} from '../support/directory-stack.ts';

let stack: TestStack;
let listener: EventListener;
let user: Session;
let admin: Session;
let asUser: ReturnType<typeof apiClient>;
let asAdmin: ReturnType<typeof apiClient>;
let signedOut: ReturnType<typeof apiClient>;

const validForm = {
  name: 'Harbour Laundry',
  address: '12 Quay Street',
  city: 'Sydney',
  country: 'Australia',
  latitude: -33.8568,
  longitude: 151.2153,
  website: '',
  currency: 'AUD',
  hours: { monday: '7:00-22:00', sunday: 'closed' },
  acceptsCard: true,
  washPriceSmall: 4.5,
  numWashers: 12,
};

beforeAll(async () => {
  stack = await startDirectoryStack();
  listener = await listenForEvents(stack, [laundromatSubmittedV1, laundromatApprovedV1]);
  user = await signUp(stack.baseUrl);
  admin = await signUpAdmin(stack);
  asUser = apiClient(stack.baseUrl, user);
  asAdmin = apiClient(stack.baseUrl, admin);
  signedOut = apiClient(stack.baseUrl);
});

afterAll(async () => {
  await stack?.stop();
  await listener?.removeQueues();
});

const outboxCount = async () =>
  (await stack.directoryDb.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox'))[0]!.n;

async function submit(body: unknown = validForm): Promise<Laundromat> {
  const response = await asUser('/api/laundromats', { method: 'POST', body });
  expect(response.status).toBe(201);
  return (await response.json()) as Laundromat;
}

const listedIds = async () =>
  (await getJson<LaundromatListResponse>(stack, '/api/laundromats?limit=200')).body.items.map(
    (item) => item.id,
  );

describe('POST /api/laundromats', () => {
  it('when signed out, then 401 and nothing is stored', async () => {
    const before = await countLaundromats(stack);

    const response = await signedOut('/api/laundromats', { method: 'POST', body: validForm });

    expect(response.status).toBe(401);
    expect(await countLaundromats(stack)).toBe(before);
  });

  it.each([
    ['a short name', { name: 'ab' }, 'Name must be at least 3 characters'],
    ['a name of spaces', { name: '     ' }, 'Name must be at least 3 characters'],
    ['no name', { name: undefined }, 'Name must be at least 3 characters'],
    ['a short address', { address: 'abc' }, 'Address is required'],
    ['no address', { address: undefined }, 'Address is required'],
    ['a short city', { city: 'L' }, 'City is required'],
    ['a short country', { country: 'A' }, 'Country is required'],
    ['latitude 91', { latitude: 91 }, 'Latitude must be between -90 and 90'],
    ['longitude -181', { longitude: -181 }, 'Longitude must be between -180 and 180'],
    ['a latitude as text', { latitude: 'north' }, 'Latitude must be a number'],
    ['a website that is no URL', { website: 'not a url' }, 'Must be a valid URL'],
    ['a javascript: website', { website: 'javascript:alert(1)' }, 'Must be a valid URL'],
    [
      'an unknown currency',
      { currency: 'XYZ' },
      'Currency must be a three-letter ISO 4217 code such as USD, EUR, GBP, JPY, AUD, CAD',
    ],
    ['a negative price', { washPriceSmall: -1 }, 'Price must not be negative'],
    ['a price with three decimals', { washPriceSmall: 1.234 }, 'Price can have at most 2 decimals'],
    ['half a washer', { numWashers: 1.5 }, 'Must be a whole number'],
    [
      'an overnight range',
      { hours: { monday: '22:00-6:00' } },
      "Hours must be 'HH:MM-HH:MM' with the end after the start, '24/7', '0:00-24:00' or 'closed'",
    ],
  ])('when the form has %s, then 400 says so and nothing is stored', async (_case, change, message) => {
    const before = { laundromats: await countLaundromats(stack), outbox: await outboxCount() };

    const response = await asUser('/api/laundromats', { method: 'POST', body: { ...validForm, ...change } });
    const body = (await response.json()) as ErrorBody;

    expect(response.status).toBe(400);
    expect(body.message).toBe(message);
    expect({ laundromats: await countLaundromats(stack), outbox: await outboxCount() }).toEqual(before);
  });

  it('when opening_hours is a value the OSM library refuses, then 400 carries the library’s message and nothing is stored', async () => {
    const before = { laundromats: await countLaundromats(stack), outbox: await outboxCount() };

    const response = await asUser('/api/laundromats', {
      method: 'POST',
      body: { ...validForm, hours: undefined, openingHours: 'whenever we feel like it' },
    });
    const body = (await response.json()) as ErrorBody;

    expect(response.status).toBe(400);
    expect(body.message).toMatch(/^Opening hours: .*Unexpected token/);
    expect({ laundromats: await countLaundromats(stack), outbox: await outboxCount() }).toEqual(before);
  });

  it('when opening_hours past midnight with a lunch break is sent, then it is kept and the weekly table is derived from it', async () => {
    const openingHours = 'Mo-Fr 08:00-12:00,13:00-02:00; Sa 09:00-13:00; Su,PH off';
    const created = await submit({ ...validForm, hours: undefined, openingHours });

    expect(created.openingHours).toBe(openingHours);
    expect(created.hours).toMatchObject({ saturday: '9:00-13:00', sunday: 'closed' });
    expect(created.openStatus.statusText.kind).not.toBe('hours_not_available');
  });

  it('when the body is not JSON, then 400 and nothing is stored', async () => {
    const before = await countLaundromats(stack);

    const response = await asUser('/api/laundromats', { method: 'POST', body: '{"name": "Harbour' });

    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).message).toBe('The request body is not valid JSON.');
    expect(await countLaundromats(stack)).toBe(before);
  });

  it('when the body is over 100 kB, then 413 and nothing is stored', async () => {
    const before = await countLaundromats(stack);

    const response = await asUser('/api/laundromats', {
      method: 'POST',
      body: { ...validForm, notes: 'x'.repeat(110 * 1024) },
    });

    expect(response.status).toBe(413);
    expect(await countLaundromats(stack)).toBe(before);
  });

  it('when the form is valid, then 201 answers it as pending with its time zone and open status', async () => {
    const created = await submit();

    expect(created).toMatchObject({
      name: 'Harbour Laundry',
      status: 'pending',
      timeZone: 'Australia/Sydney',
      acceptsCard: true,
      washPriceSmall: 4.5,
      currency: 'AUD',
    });
    expect(created.openStatus).toBeDefined();
  });

  it('when the form is valid, then the row is stored pending with the submitter, and fields the client may not set are ignored', async () => {
    const created = await submit({
      ...validForm,
      status: 'approved',
      averageRating: 5,
      submittedById: 'someone',
    });

    const [row] = await stack.directoryDb.query<Record<string, unknown>>(
      `SELECT status, submitted_by_id, average_rating::float8 AS rating, time_zone, source,
              ST_Y(location::geometry) AS lat, ST_X(location::geometry) AS lon
       FROM laundromats WHERE id = $1`,
      [created.id],
    );
    expect(row).toEqual({
      status: 'pending',
      submitted_by_id: user.user.id,
      rating: 0,
      time_zone: 'Australia/Sydney',
      source: 'user',
      lat: validForm.latitude,
      lon: validForm.longitude,
    });
  });

  it('when a laundromat is submitted, then laundromat.submitted.v1 is delivered on the broker', async () => {
    const created = await submit();

    const event = await listener.waitFor(
      (e) =>
        e.type === laundromatSubmittedV1 && (e.data as { laundromatId: string }).laundromatId === created.id,
    );

    expect(laundromatSubmittedV1Schema.parse(event).data).toMatchObject({
      laundromatId: created.id,
      submittedById: user.user.id,
      name: 'Harbour Laundry',
      city: 'Sydney',
      country: 'Australia',
      status: 'pending',
    });
    expect(event.producer).toBe('directory');
  });

  it('when a laundromat is pending, then GET /api/laundromats does not list it', async () => {
    const created = await submit();

    expect(await listedIds()).not.toContain(created.id);
  });
});

describe('POST /api/laundromats/:id/approve', () => {
  it('when signed out, then 401 and it stays pending', async () => {
    const created = await submit();

    const response = await signedOut(`/api/laundromats/${created.id}/approve`, { method: 'POST' });

    expect(response.status).toBe(401);
    expect(await listedIds()).not.toContain(created.id);
  });

  it('when a normal user approves, then 403 and it stays pending', async () => {
    const created = await submit();

    const response = await asUser(`/api/laundromats/${created.id}/approve`, { method: 'POST' });

    expect(response.status).toBe(403);
    expect(await listedIds()).not.toContain(created.id);
  });

  it('when the admin approves, then 200 answers it approved and it is listed', async () => {
    const created = await submit();

    const response = await asAdmin(`/api/laundromats/${created.id}/approve`, { method: 'POST' });

    expect(response.status).toBe(200);
    expect(((await response.json()) as Laundromat).status).toBe('approved');
    expect(await listedIds()).toContain(created.id);
  });

  it("when a submission gave a phone and website, then once approved the laundromat's detail carries them", async () => {
    const created = await submit({
      ...validForm,
      phone: '+61 2 5550 1234',
      website: 'https://harbour-laundry.example.com/',
    });
    await asAdmin(`/api/laundromats/${created.id}/approve`, { method: 'POST' });

    const detail = (await (await signedOut(`/api/laundromats/${created.id}`)).json()) as Laundromat;

    expect(detail).toMatchObject({
      phone: '+61 2 5550 1234',
      website: 'https://harbour-laundry.example.com/',
    });
  });

  it('when the admin approves, then laundromat.approved.v1 is delivered on the broker and the outbox marks it published', async () => {
    const created = await submit();
    await asAdmin(`/api/laundromats/${created.id}/approve`, { method: 'POST' });

    const event = await listener.waitFor(
      (e) =>
        e.type === laundromatApprovedV1 && (e.data as { laundromatId: string }).laundromatId === created.id,
    );

    expect(laundromatApprovedV1Schema.parse(event).data).toMatchObject({
      laundromatId: created.id,
      submittedById: user.user.id,
      approvedById: admin.user.id,
    });
    // The relay marks the row in the transaction that publishes it, which commits just after the broker
    // confirmed, so the event may arrive a moment before the mark is visible.
    await eventually(async () => {
      const [row] = await stack.directoryDb.query<{ published: boolean }>(
        'SELECT published_at IS NOT NULL AS published FROM outbox WHERE id = $1',
        [event.id],
      );
      return row?.published === true;
    });
  });

  it('when approved twice, then the second is 409 and publishes nothing more', async () => {
    const created = await submit();
    await asAdmin(`/api/laundromats/${created.id}/approve`, { method: 'POST' });
    const approvals = async () =>
      (
        await stack.directoryDb.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM outbox WHERE type = $1 AND envelope->'data'->>'laundromatId' = $2`,
          [laundromatApprovedV1, created.id],
        )
      )[0]!.n;

    const response = await asAdmin(`/api/laundromats/${created.id}/approve`, { method: 'POST' });

    expect(response.status).toBe(409);
    expect(await approvals()).toBe(1);
  });

  it('when the laundromat is unknown or the id malformed, then 404', async () => {
    const unknown = await asAdmin('/api/laundromats/00000000-0000-4000-8000-000000000000/approve', {
      method: 'POST',
    });
    const malformed = await asAdmin('/api/laundromats/not-an-id/approve', { method: 'POST' });

    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(404);
  });
});
