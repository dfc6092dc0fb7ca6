import type { Photo } from '@laundry/contracts';
import { readResponse } from '../domain/api-errors.ts';

export interface UploadPhotoInput {
  file: File;
  fields: Record<string, string>;
  onProgress: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/** The multipart field the photo service reads the image from. */
export const photoFileField = 'file';

/**
 * POST /api/photos as multipart. XMLHttpRequest rather than fetch because only it reports upload progress;
 * a non-OK answer rejects like the other calls ('{status}: {body}').
 */
export function uploadPhoto({ file, fields, onProgress, signal }: UploadPhotoInput): Promise<Photo> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append(photoFileField, file, file.name);

    const request = new XMLHttpRequest();
    request.open('POST', '/api/photos');
    request.withCredentials = true;
    request.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    request.onload = () => {
      const text = request.responseText;
      const reading = readResponse(
        {
          ok: request.status >= 200 && request.status < 300,
          status: request.status,
          statusText: request.statusText,
          headers: { get: (name) => request.getResponseHeader(name) },
        },
        text,
        Date.now(),
      );
      if (reading.kind !== 'ok') return reject(reading.error);
      if (request.status === 503) return reject(new Error(`503: ${text || request.statusText}`));
      try {
        resolve(JSON.parse(text) as Photo);
      } catch {
        reject(new Error(`${request.status}: ${text || request.statusText}`));
      }
    };
    request.onerror = () => reject(new TypeError('Network error'));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
