import { AdminApiError } from '../domain/admin-errors.ts';

async function request<T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: 'include' };
  if (payload !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(payload);
  }
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new AdminApiError(0, null);
  }
  const text = await response.text();
  if (!response.ok) throw new AdminApiError(response.status, messageOf(text));
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

function messageOf(text: string): string | null {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' && body.message !== '' ? body.message : null;
  } catch {
    return null;
  }
}

export const getJson = <T>(url: string) => request<T>('GET', url);
export const postJson = <T>(url: string, payload?: unknown) => request<T>('POST', url, payload);
export const patchJson = <T>(url: string, payload: unknown) => request<T>('PATCH', url, payload);
