import { randomBytes } from 'node:crypto';

export interface Session {
  cookie: string;
  user: { id: string; email: string; role?: string };
}

/** The path and query of the newest link to `path` in the mail sent to `email`, once it has arrived. */
export type MailReader = (email: string, path: string) => Promise<string>;

/** How to read the mail sent through each gateway; startStack sets the local outbox's for its own. */
const mailReaders = new Map<string, MailReader>();

export function registerMailReader(baseUrl: string, reader: MailReader): void {
  mailReaders.set(baseUrl, reader);
}

/** Polls until `find` answers, for the few seconds a mail job takes. */
export async function waitForLink(find: () => Promise<string | undefined>, what: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const link = await find();
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no mail with ${what} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The identity service's local outbox (/dev/mail, kept without SMTP_URL and DATABASE_URL), which answers on
 * the service's own port to this machine only.
 */
export function outboxMailReader(identityUrl: string): MailReader {
  return (email, path) => {
    const pattern = new RegExp(`href="[^"]*(${path.replaceAll('/', '\\/')}\\?[^"]*)"`);
    return waitForLink(async () => {
      const page = await fetch(`${identityUrl}/dev/mail?to=${encodeURIComponent(email)}`);
      return pattern.exec(await page.text())?.[1]?.replaceAll('&amp;', '&');
    }, `a link to ${path} for ${email}`);
  };
}

export function mailedLink(baseUrl: string, email: string, path: string): Promise<string> {
  const reader = mailReaders.get(baseUrl);
  if (!reader) throw new Error(`no way to read the mail sent through ${baseUrl}: see registerMailReader`);
  return reader(email, path);
}

/**
 * Creates an account the way a person does: registers (which signs nobody in), reads the verification
 * mail and follows its link, which verifies the address and signs its owner in. Returns that session
 * cookie, as a browser would hold it.
 */
export async function signUp(
  baseUrl: string,
  email = `user-${randomBytes(4).toString('hex')}@example.test`,
): Promise<Session> {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery', confirmAge13: true }),
  });
  if (response.status !== 202) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const link = await mailedLink(baseUrl, email, '/api/auth/verify-email');
  const verified = await fetch(`${baseUrl}${link}`, { redirect: 'manual' });
  const setCookie = verified.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!setCookie) throw new Error(`the verification link signed nobody in: ${verified.status}`);
  const cookie = setCookie.split(';')[0]!;
  const user = await fetch(`${baseUrl}/api/auth/user`, { headers: { cookie } });
  if (user.status !== 200) throw new Error(`the new session is not signed in: ${user.status}`);
  return { cookie, user: (await user.json()) as Session['user'] };
}

/** fetch with the session cookie and a JSON body, the way our own pages call the API. */
export function apiClient(baseUrl: string, session?: Session) {
  return (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    fetch(`${baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(session ? { cookie: session.cookie } : {}),
        ...init.headers,
      },
      body:
        init.body === undefined
          ? undefined
          : typeof init.body === 'string'
            ? init.body
            : JSON.stringify(init.body),
    });
}
