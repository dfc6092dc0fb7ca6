import type { AccountSession, NotificationPreferences, NotificationType, User } from '@laundry/contracts';

/** An answer the API refused, with its message and code (the services' error body). */
export class AccountApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

async function send<T>(method: string, url: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: 'same-origin' };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return answer<T>(await fetch(url, init));
}

async function answer<T>(response: Response): Promise<T> {
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const error = (parsed ?? {}) as { message?: unknown; code?: unknown };
    throw new AccountApiError(
      response.status,
      typeof error.message === 'string' ? error.message : '',
      typeof error.code === 'string' ? error.code : undefined,
    );
  }
  return parsed as T;
}

export const accountSessionsQueryKey = ['/api/me/sessions'] as const;

export const accountApi = {
  updateName: (name: { firstName: string; lastName: string }) => send<User>('PATCH', '/api/me', name),
  /** Through the photo service's upload rules, then named as the person's image at identity. */
  async uploadProfileImage(file: File): Promise<User> {
    const form = new FormData();
    form.append('file', file);
    const uploaded = await answer<{ profileImageUrl: string }>(
      await fetch('/api/photos/profile-image', { method: 'POST', body: form, credentials: 'same-origin' }),
    );
    return send<User>('PUT', '/api/me/profile-image', { profileImageUrl: uploaded.profileImageUrl });
  },
  removeProfileImage: () => send<User>('PUT', '/api/me/profile-image', { profileImageUrl: null }),
  changeEmail: (body: { newEmail: string; currentPassword: string }) =>
    send<{ message: string }>('POST', '/api/me/email', body),
  changePassword: (body: { currentPassword: string; newPassword: string }) =>
    send<User>('POST', '/api/me/password', body),
  sessions: () => send<AccountSession[]>('GET', '/api/me/sessions'),
  endSession: (id: string) => send<undefined>('DELETE', `/api/me/sessions/${encodeURIComponent(id)}`),
  endOtherSessions: () => send<{ ended: number }>('POST', '/api/me/sessions/sign-out-others'),
  eraseAccount: (password: string) => send<unknown>('DELETE', '/api/me', { password }),
  notifications: () => send<NotificationPreferences>('GET', '/api/me/notifications'),
  updateNotifications: (preferences: Partial<Record<NotificationType, boolean>>) =>
    send<NotificationPreferences>('PUT', '/api/me/notifications', { preferences }),
};

/** The words for a refusal: ours for the codes the page knows, else the API's own message. */
export function errorText(error: unknown, t: (key: string) => string): string {
  if (!(error instanceof AccountApiError)) return t('account.errors.generic');
  const known: Record<string, string> = {
    WRONG_PASSWORD: 'account.errors.wrongPassword',
    EMAIL_TAKEN: 'account.errors.emailTaken',
    SAME_EMAIL: 'account.errors.sameEmail',
    UNSUPPORTED_MEDIA_TYPE: 'account.errors.imageType',
    FILE_TOO_LARGE: 'account.errors.imageTooLarge',
  };
  const key = error.code ? known[error.code] : undefined;
  if (key) return t(key);
  if (error.status === 429) return t('account.errors.tooMany');
  return error.message || t('account.errors.generic');
}
