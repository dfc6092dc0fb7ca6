import { randomBytes } from 'node:crypto';

export interface Session {
  cookie: string;
  user: { id: string; email: string; role?: string };
}

/** Creates an account through the API and returns its session cookie, as a browser would hold it. */
export async function signUp(
  baseUrl: string,
  email = `user-${randomBytes(4).toString('hex')}@example.test`,
): Promise<Session> {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery', confirmAge13: true }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!setCookie) throw new Error('sign-up set no session cookie');
  return { cookie: setCookie.split(';')[0]!, user: (await response.json()) as Session['user'] };
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
