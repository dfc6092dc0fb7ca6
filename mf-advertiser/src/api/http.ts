import { ApiRequestError } from '../domain/api-errors.ts';
import { takeWarm } from './warm-up.ts';

/**
 * docs/product.md, API calls: every call with credentials, a JSON body only when there is a payload (a
 * FormData goes as the browser encodes it). A non-OK answer rejects with an ApiRequestError ('status: body').
 */
export async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<T> {
  const init: RequestInit = { method, credentials: 'include', headers: { Accept: 'application/json' } };
  if (payload instanceof FormData) init.body = payload;
  else if (payload !== undefined) {
    init.headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
    init.body = JSON.stringify(payload);
  }
  const warm = method === 'GET' ? takeWarm(url) : undefined;
  const response = await (warm ?? fetch(url, init));
  const text = await response.text();
  if (!response.ok) throw new ApiRequestError(response.status, text, response.statusText);
  return (text === '' ? null : JSON.parse(text)) as T;
}

export const getJson = <T>(url: string) => request<T>('GET', url);
