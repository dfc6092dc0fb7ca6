import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import sharp from 'sharp';
import { startStack, type TestStack } from '../../../../test/support/stack.ts';
import { apiClient, signUp, type Session } from '../../../../test/support/session.ts';
import { eventually } from '../../../../test/support/servers.ts';

vi.setConfig({ testTimeout: 30_000 });

const PASSWORD = 'correct horse battery';
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
}, 120_000);
afterAll(() => stack?.stop());

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((line) => line.startsWith('sid='))
    ?.split(';')[0];

/** A sign-in from a browser of the given kind: its session, as that browser would hold it. */
async function signIn(user: Session['user'], userAgent: string, password = PASSWORD): Promise<Session> {
  const response = await fetch(`${stack.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ email: user.email, password }),
  });
  expect(response.status).toBe(200);
  return { cookie: cookieOf(response)!, user };
}

const api = (session?: Session) => apiClient(stack.baseUrl, session);
const signedIn = async (session: Session) => (await api(session)('/api/auth/user')).status === 200;

/** The newest mail to the address whose text holds `marker`, from the stack's local outbox. */
async function mailTo(recipient: string, marker: string): Promise<string> {
  let text = '';
  await eventually(async () => {
    const [mail] = await stack.identityDb.query<{ text_body: string }>(
      `SELECT text_body FROM mail_outbox WHERE recipient = $1 AND text_body LIKE $2
       ORDER BY created_at DESC LIMIT 1`,
      [recipient, `%${marker}%`],
    );
    text = mail?.text_body ?? '';
    return text !== '';
  });
  return text;
}

describe('the name', () => {
  test('when a person saves a new name, then the current user answers it; an empty field clears it', async () => {
    const person = await signUp(stack.baseUrl);
    const saved = await api(person)('/api/me', {
      method: 'PATCH',
      body: { firstName: ' Ada ', lastName: 'Lovelace' },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });

    await api(person)('/api/me', { method: 'PATCH', body: { lastName: '' } });
    expect(await (await api(person)('/api/auth/user')).json()).toMatchObject({
      firstName: 'Ada',
      lastName: null,
    });
  });

  test('when the name is too long, holds control characters or nothing is sent, then 400 with a message, and signed out 401', async () => {
    const person = await signUp(stack.baseUrl);
    for (const body of [{ firstName: 'x'.repeat(101) }, { firstName: 'a\u0000b' }, {}, { role: 'admin' }]) {
      const answer = await api(person)('/api/me', { method: 'PATCH', body });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { message: string }).message).not.toBe('');
    }
    expect((await api()('/api/me', { method: 'PATCH', body: { firstName: 'Eve' } })).status).toBe(401);
  });
});

describe('the password', () => {
  test('when the current password is wrong, then 403 and the password stays as it was', async () => {
    const person = await signUp(stack.baseUrl);
    const answer = await api(person)('/api/me/password', {
      method: 'POST',
      body: { currentPassword: 'not my password', newPassword: 'a brand new password' },
    });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    await signIn(person.user, CHROME_ON_WINDOWS);
  });

  test('when the password is changed, then every other session is refused at once, this one goes on, and only the new password signs in', async () => {
    const person = await signUp(stack.baseUrl);
    const phone = await signIn(person.user, SAFARI_ON_IPHONE);
    expect(await signedIn(phone)).toBe(true);

    const changed = await api(person)('/api/me/password', {
      method: 'POST',
      body: { currentPassword: PASSWORD, newPassword: 'a brand new password' },
    });
    expect(changed.status).toBe(200);
    const renewed: Session = { cookie: cookieOf(changed)!, user: person.user };

    expect(await signedIn(phone)).toBe(false);
    // Refused by the gateway itself, for every service: the favorites are the directory's.
    expect((await api(phone)('/api/favorites')).status).toBe(401);
    expect(await signedIn(renewed)).toBe(true);
    const oldPassword = await fetch(`${stack.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: person.user.email, password: PASSWORD }),
    });
    expect(oldPassword.status).toBe(401);
    await signIn(person.user, CHROME_ON_WINDOWS, 'a brand new password');
  });
});

describe('the e-mail address', () => {
  test('when the current password is wrong, then 403 and no mail goes to the new address', async () => {
    const person = await signUp(stack.baseUrl);
    const newEmail = `new-${person.user.email}`;
    const answer = await api(person)('/api/me/email', {
      method: 'POST',
      body: { newEmail, currentPassword: 'not my password' },
    });
    expect(answer.status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const mails = await stack.identityDb.query(`SELECT 1 FROM mail_outbox WHERE recipient = $1`, [newEmail]);
    expect(mails).toHaveLength(0);
  });

  test('when another account has the address, or it is already theirs, then it is refused', async () => {
    const person = await signUp(stack.baseUrl);
    const other = await signUp(stack.baseUrl);
    const ask = (newEmail: string) =>
      api(person)('/api/me/email', { method: 'POST', body: { newEmail, currentPassword: PASSWORD } });
    expect((await ask(other.user.email.toUpperCase())).status).toBe(409);
    expect((await ask(person.user.email)).status).toBe(400);
    expect((await ask('not an address')).status).toBe(400);
  });

  test('when a change is asked, then nothing changes until the link mailed to the new address is followed, the old address is told, and the link works once', async () => {
    const person = await signUp(stack.baseUrl);
    const laptop = await signIn(person.user, CHROME_ON_WINDOWS);
    const newEmail = `moved-${person.user.email}`;
    const asked = await api(person)('/api/me/email', {
      method: 'POST',
      body: { newEmail: newEmail.toUpperCase(), currentPassword: PASSWORD },
    });
    expect(asked.status).toBe(202);

    const link = /(\/api\/auth\/confirm-email-change\?token=[A-Za-z0-9_-]{43}[^\s]*)/.exec(
      await mailTo(newEmail, 'confirm-email-change'),
    )![1]!;
    const notice = await mailTo(person.user.email, newEmail);
    expect(notice).not.toContain('token=');
    // Before the link: the old address is still the account's, the new one signs nobody in.
    expect(await (await api(person)('/api/auth/user')).json()).toMatchObject({ email: person.user.email });
    const early = await fetch(`${stack.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: newEmail, password: PASSWORD }),
    });
    expect(early.status).toBe(401);

    const followed = await fetch(`${stack.baseUrl}${link}`, {
      headers: { cookie: person.cookie },
      redirect: 'manual',
    });
    expect(followed.status).toBe(303);
    expect(followed.headers.get('location')).toBe('/account?emailChange=changed');
    const renewed: Session = { cookie: cookieOf(followed)!, user: person.user };
    expect(await (await api(renewed)('/api/auth/user')).json()).toMatchObject({
      email: newEmail,
      emailVerified: true,
    });
    // The other session carried the old address: it ends.
    expect(await signedIn(laptop)).toBe(false);
    await signIn({ ...person.user, email: newEmail }, CHROME_ON_WINDOWS);

    const again = await fetch(`${stack.baseUrl}${link}`, { redirect: 'manual' });
    expect(again.headers.get('location')).toBe('/account?emailChange=used');
    const forged = await fetch(`${stack.baseUrl}/api/auth/confirm-email-change?token=${'A'.repeat(43)}`, {
      redirect: 'manual',
    });
    expect(forged.headers.get('location')).toBe('/account?emailChange=invalid');
  });
});

describe('the signed-in sessions', () => {
  test('when a person signs in from two browsers, then both are listed as "browser on system" with a shortened address, this one marked', async () => {
    const person = await signUp(stack.baseUrl);
    const laptop = await signIn(person.user, CHROME_ON_WINDOWS);
    await signIn(person.user, SAFARI_ON_IPHONE);

    const answer = await api(laptop)('/api/me/sessions');
    expect(answer.status).toBe(200);
    const sessions = (await answer.json()) as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ current: true, browser: 'Chrome', os: 'Windows' });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions).toContainEqual(
      expect.objectContaining({ browser: 'Safari', os: 'iOS', current: false }),
    );
    for (const session of sessions) expect(session.address).toMatch(/^(\d+\.\d+\.\d+\.0|[0-9a-f:]+::)$/);
    expect((await api()('/api/me/sessions')).status).toBe(401);
  });

  test('when one other session is signed out, then the gateway refuses it at once and the rest go on', async () => {
    const person = await signUp(stack.baseUrl);
    const phone = await signIn(person.user, SAFARI_ON_IPHONE);
    const sessions = (await (await api(person)('/api/me/sessions')).json()) as Array<{
      id: string;
      browser: string;
    }>;
    const phoneId = sessions.find((s) => s.browser === 'Safari')!.id;

    expect((await api(person)(`/api/me/sessions/${phoneId}`, { method: 'DELETE' })).status).toBe(204);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(person)).toBe(true);
    expect((await api(person)(`/api/me/sessions/${phoneId}`, { method: 'DELETE' })).status).toBe(404);
    const listed = (await (await api(person)('/api/me/sessions')).json()) as Array<{ id: string }>;
    expect(listed.map((s) => s.id)).not.toContain(phoneId);
  });

  test("when someone names another person's session, then it is not found and that session goes on", async () => {
    const person = await signUp(stack.baseUrl);
    const stranger = await signUp(stack.baseUrl);
    const [theirs] = (await (await api(person)('/api/me/sessions')).json()) as Array<{ id: string }>;
    expect((await api(stranger)(`/api/me/sessions/${theirs!.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await api(stranger)('/api/me/sessions/not-an-id', { method: 'DELETE' })).status).toBe(404);
    expect(await signedIn(person)).toBe(true);
  });

  test("when 'Sign out everywhere else' is chosen, then every other session is refused, this one goes on, and someone else's are untouched", async () => {
    const person = await signUp(stack.baseUrl);
    const phone = await signIn(person.user, SAFARI_ON_IPHONE);
    const tablet = await signIn(person.user, CHROME_ON_WINDOWS);
    const bystander = await signUp(stack.baseUrl);

    const answer = await api(person)('/api/me/sessions/sign-out-others', { method: 'POST' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ended: 2 });
    const renewed: Session = { cookie: cookieOf(answer) ?? person.cookie, user: person.user };

    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(tablet)).toBe(false);
    expect(await signedIn(renewed)).toBe(true);
    expect(await signedIn(bystander)).toBe(true);
    const listed = (await (await api(renewed)('/api/me/sessions')).json()) as Array<{ current: boolean }>;
    expect(listed).toEqual([expect.objectContaining({ current: true })]);
  });

  test('when a person signs out, then the session leaves the list', async () => {
    const person = await signUp(stack.baseUrl);
    const phone = await signIn(person.user, SAFARI_ON_IPHONE);
    expect((await api(phone)('/api/logout', { method: 'POST' })).status).toBe(204);
    const listed = (await (await api(person)('/api/me/sessions')).json()) as Array<{ browser: string }>;
    expect(listed.map((s) => s.browser)).not.toContain('Safari');
  });
});

describe('the profile image', () => {
  /** A photo with GPS and camera data in its EXIF, as a phone writes one. */
  const photoWithLocation = () =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 15' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();

  const upload = (session: Session, bytes: Buffer, name = 'me.jpg') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    return fetch(`${stack.baseUrl}/api/photos/profile-image`, {
      method: 'POST',
      headers: { cookie: session.cookie },
      body: form,
    });
  };

  test('when a person uploads a photo, then a 256 px square without metadata is stored, becomes theirs, and is shown to anyone; the one it replaces is gone', async () => {
    const person = await signUp(stack.baseUrl);
    const first = await upload(person, await photoWithLocation());
    expect(first.status).toBe(201);
    const { profileImageUrl } = (await first.json()) as { profileImageUrl: string };
    expect(profileImageUrl).toMatch(new RegExp(`^/objects/profile-images/${person.user.id}/`));

    const set = await api(person)('/api/me/profile-image', { method: 'PUT', body: { profileImageUrl } });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ profileImageUrl });

    const image = await fetch(`${stack.baseUrl}${profileImageUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ width: 256, height: 256, format: 'webp' });
    expect(metadata.exif).toBeUndefined();

    const second = await upload(person, await photoWithLocation());
    const replacement = ((await second.json()) as { profileImageUrl: string }).profileImageUrl;
    expect((await fetch(`${stack.baseUrl}${replacement}`)).status).toBe(200);
    expect((await fetch(`${stack.baseUrl}${profileImageUrl}`)).status).toBe(404);
  });

  test("when a person names another's image, a foreign address or a file that is no image, then it is refused", async () => {
    const person = await signUp(stack.baseUrl);
    const other = await signUp(stack.baseUrl);
    const theirs = (await (await upload(other, await photoWithLocation())).json()) as {
      profileImageUrl: string;
    };
    const put = (profileImageUrl: string) =>
      api(person)('/api/me/profile-image', { method: 'PUT', body: { profileImageUrl } });
    expect((await put(theirs.profileImageUrl)).status).toBe(403);
    expect((await put('https://tracker.example/pixel.gif')).status).toBe(400);

    const notAnImage = await upload(person, Buffer.from('just some text, not a picture'), 'me.jpg');
    expect(notAnImage.status).toBe(415);
    expect((await upload({ cookie: '', user: person.user }, await photoWithLocation())).status).toBe(401);
  });
});
