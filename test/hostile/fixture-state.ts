import type { Photo } from '@laundry/contracts';
import { signUpAdmin, type TestStack } from '../support/stack.ts';
import { apiClient, signUp, type Session } from '../support/session.ts';
import { eventually } from '../support/servers.ts';

/** The victim owns things; the attacker holds a valid session of their own and aims it at them. */
export interface Fixture {
  laundromatId: string;
  victim: Session;
  attacker: Session;
  admin: Session;
  victimPublicPhoto: Photo;
  victimPrivatePhoto: Photo;
  /** The stored image of the private photo, under /objects/. */
  victimPrivateObjectPath: string;
  /** The victim's verified claim of the laundromat (a document an admin approved). */
  victimClaimId: string;
}

async function expectStatus(response: Response, status: number, what: string): Promise<unknown> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

async function uploadPhoto(
  stack: TestStack,
  session: Session,
  image: Buffer,
  fields: Record<string, string>,
): Promise<Photo> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'board.png');
  const response = await fetch(`${stack.baseUrl}/api/photos`, {
    method: 'POST',
    headers: { cookie: session.cookie },
    body: form,
  });
  return (await expectStatus(response, 201, 'photo upload')) as Photo;
}

/** Everything through the API, as people would make it: a laundromat, and the victim's review, favourite and photos. */
export async function createFixture(stack: TestStack, image: Buffer): Promise<Fixture> {
  const admin = await signUpAdmin(stack);
  const victim = await signUp(stack.baseUrl);
  const attacker = await signUp(stack.baseUrl);
  const asAdmin = apiClient(stack.baseUrl, admin);
  const asVictim = apiClient(stack.baseUrl, victim);

  const submitted = (await expectStatus(
    await asAdmin('/api/laundromats', {
      method: 'POST',
      body: {
        name: 'Hostile Suite Wash',
        address: '1 Test Street',
        city: 'London',
        country: 'United Kingdom',
        latitude: 51.5074,
        longitude: -0.1278,
      },
    }),
    201,
    'laundromat submission',
  )) as { id: string };
  await expectStatus(
    await asAdmin(`/api/laundromats/${submitted.id}/approve`, { method: 'POST' }),
    200,
    'approval',
  );
  const laundromatId = submitted.id;
  await expectStatus(
    await asVictim(`/api/laundromats/${laundromatId}/reviews`, {
      method: 'POST',
      body: { overallRating: 4, priceRating: 3, reviewText: 'Clean and quiet' },
    }),
    201,
    'review',
  );
  await expectStatus(
    await asVictim('/api/favorites', { method: 'POST', body: { laundromatId } }),
    201,
    'favourite',
  );
  const victimPublicPhoto = await uploadPhoto(stack, victim, image, {
    laundromatId,
    category: 'machines',
    caption: 'Public machines',
  });
  const victimPrivatePhoto = await uploadPhoto(stack, victim, image, {
    laundromatId,
    category: 'interior',
    caption: 'Private interior',
    isPublic: 'false',
  });
  // The victim owns the laundromat: their document claim, approved by the admin.
  const claimForm = new FormData();
  claimForm.append('documentType', 'utility-bill');
  claimForm.append(
    'document',
    new Blob([new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')]),
    'bill.pdf',
  );
  const claim = (await expectStatus(
    await fetch(`${stack.baseUrl}/api/laundromats/${laundromatId}/claims/document`, {
      method: 'POST',
      headers: { cookie: victim.cookie },
      body: claimForm,
    }),
    201,
    'claim',
  )) as { id: string };
  await expectStatus(
    await asAdmin(`/api/admin/claims/${claim.id}/decision`, {
      method: 'POST',
      body: { decision: 'approve' },
    }),
    200,
    'claim decision',
  );
  const fixture: Fixture = {
    laundromatId,
    victim,
    attacker,
    admin,
    victimPublicPhoto,
    victimPrivatePhoto,
    victimPrivateObjectPath: victimPrivatePhoto.privateUrl!.replace(/^\/objects\//, ''),
    victimClaimId: claim.id,
  };
  // The rating, the counters and the OCR of both photos follow from events; the state is read once they have.
  await eventually(async () => {
    const state = (await readState(stack, fixture)) as StateSnapshot;
    return (
      state.laundromat.totalReviews === 1 &&
      state.laundromat.ownerVerified &&
      state.victimUser.reviewsWritten === 1 &&
      state.victimUser.photosUploaded === 2 &&
      state.victimPhotos.every((photo) => photo.isProcessed)
    );
  }, 60_000);
  await untilStable(() => readState(stack, fixture));
  return fixture;
}

/** Events may still be arriving (counters, ratings): the state is taken once two reads apart agree. */
async function untilStable(read: () => Promise<unknown>): Promise<void> {
  let previous = JSON.stringify(await read());
  for (let attempt = 0; attempt < 20; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const current = JSON.stringify(await read());
    if (current === previous) return;
    previous = current;
  }
  throw new Error('the fixture state kept changing');
}

interface StateSnapshot {
  laundromat: { totalReviews: number; ownerVerified: boolean };
  victimUser: { reviewsWritten: number; photosUploaded: number };
  victimPhotos: Photo[];
}

/** Open status follows the clock, not the data. */
function withoutClock(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutClock);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'openStatus')
      .map(([key, item]) => [key, withoutClock(item)]),
  );
}

/** What the victim, the attacker and anyone can read back: none of it may change under attack. */
export async function readState(stack: TestStack, fixture: Fixture): Promise<unknown> {
  const read = async (session: Session | undefined, path: string) => {
    const response = await apiClient(stack.baseUrl, session)(path);
    const text = await response.text();
    if (response.status !== 200) throw new Error(`reading ${path}: ${response.status} ${text}`);
    return withoutClock(JSON.parse(text));
  };
  const image = await fetch(`${stack.baseUrl}/objects/${fixture.victimPrivateObjectPath}`, {
    headers: { cookie: fixture.victim.cookie },
  });
  const [laundromat, reviews, victimFavorites, attackerFavorites, victimPhotos, attackerPhotos, gallery] =
    await Promise.all([
      read(undefined, `/api/laundromats/${fixture.laundromatId}`),
      read(undefined, `/api/laundromats/${fixture.laundromatId}/reviews`),
      read(fixture.victim, '/api/favorites'),
      read(fixture.attacker, '/api/favorites'),
      read(fixture.victim, `/api/photos/user/${fixture.victim.user.id}`),
      read(fixture.attacker, `/api/photos/user/${fixture.attacker.user.id}`),
      read(undefined, '/api/photos'),
    ]);
  const [victimUser, attackerUser, adminUser, victimOwnership, attackerOwnership] = await Promise.all([
    read(fixture.victim, '/api/auth/user'),
    read(fixture.attacker, '/api/auth/user'),
    read(fixture.admin, '/api/auth/user'),
    read(fixture.victim, '/api/owner/laundromats'),
    read(fixture.attacker, '/api/owner/laundromats'),
  ]);
  return {
    laundromat,
    reviews,
    victimFavorites,
    attackerFavorites,
    victimPhotos,
    attackerPhotos,
    gallery,
    victimUser,
    attackerUser,
    adminUser,
    victimOwnership,
    attackerOwnership,
    victimPrivateImage: { status: image.status, bytes: (await image.arrayBuffer()).byteLength },
  };
}
