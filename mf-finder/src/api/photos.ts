import type { Photo } from '@laundry/contracts';
import { readResponse } from '../domain/api-errors.ts';
import type { I18nText } from '../domain/i18n-text.ts';
import { photoFetchError } from '../domain/photo-display.ts';

/** A failed photo list, carrying the message to show (docs/product.md, Errors). */
export class PhotoFetchError extends Error {
  constructor(readonly text: I18nText) {
    super(text.key);
    this.name = 'PhotoFetchError';
  }
}

/** GET a photo list; 401, 403 and other failures reject with their message (docs/product.md, Errors). */
export async function fetchPhotos(url: string): Promise<Photo[]> {
  const response = await fetch(url, { credentials: 'include' });
  const text = await response.text();
  const reading = readResponse(response, text, Date.now());
  if (reading.kind === 'offline') throw reading.error;
  if (!response.ok) throw new PhotoFetchError(photoFetchError(response.status, response.statusText));
  return text === '' ? [] : (JSON.parse(text) as Photo[]);
}
