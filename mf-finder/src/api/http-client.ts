import { readResponse } from '../domain/api-errors.ts';
import { queryKeyToUrl } from '../domain/filter-query.ts';

export interface ApiResult<T> {
  data: T;
  /** The service worker answered from its cache (docs/product.md, Offline). */
  offlineData: boolean;
  /** When the server sent the answer (its Date header): the age of an answer the service worker kept. */
  sentAt: number | null;
}

async function send(method: string, url: string, payload?: unknown): Promise<Response> {
  // docs/product.md, API calls: credentials always; a JSON body only when there is a payload.
  const init: RequestInit = { method, credentials: 'include' };
  if (payload !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(payload);
  }
  return fetch(url, init);
}

async function read<T>(response: Response): Promise<ApiResult<T | null>> {
  const text = await response.text();
  const reading = readResponse(response, text, Date.now());
  if (reading.kind !== 'ok') throw reading.error;
  const date = Date.parse(response.headers.get('Date') ?? '');
  const sentAt = Number.isNaN(date) ? null : date;
  if (!response.ok || text === '') return { data: null, offlineData: reading.offlineData, sentAt };
  return { data: JSON.parse(text) as T, offlineData: reading.offlineData, sentAt };
}

/** GET through the default fetcher (docs/product.md, API calls): the query key names the URL. */
export async function getJson<T>(key: readonly unknown[]): Promise<ApiResult<T | null>> {
  return read<T>(await send('GET', queryKeyToUrl(key)));
}

/** A same-origin mutation; rejects with '{status}: {body}' on a non-OK answer. */
export async function mutateJson<T>(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const result = await read<T>(await send(method, url, payload));
  return result.data;
}

/** The server's message from an error '{status}: {json body}', else null. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /^\d{3}: (.*)$/s.exec(error.message);
  if (!match?.[1]) return null;
  try {
    const body = JSON.parse(match[1]) as { message?: unknown };
    return typeof body.message === 'string' && body.message !== '' ? body.message : null;
  } catch {
    return match[1];
  }
}
