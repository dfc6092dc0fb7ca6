import type { Request, Response as ExpressResponse } from 'express';
import { Readable } from 'node:stream';

/**
 * Answering while the client still sends makes it see a reset, not the answer: a route that refuses an
 * upload before streaming it on reads the body to its end first.
 */
export async function drainRequest(req: Request): Promise<void> {
  if (req.readableEnded) return;
  await new Promise<void>((resolve) => {
    req.on('end', resolve);
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.resume();
  });
}

/**
 * The request's upload as the photo service's client streams it on (a private document kept under the
 * photo service's rules: type sniffed, size limited, a PDF with active content refused).
 */
export function uploadOf(req: Request) {
  return {
    body: Readable.toWeb(req) as unknown as AsyncIterable<Uint8Array>,
    contentType: req.get('content-type') ?? '',
    contentLength: req.get('content-length'),
  };
}

/**
 * Passes on a document the photo service answered with, with the headers that keep it harmless: served as
 * an attachment under `Content-Security-Policy: sandbox`, never cached, never sniffed.
 */
export function sendStoredDocument(res: ExpressResponse, document: Response): void {
  for (const header of [
    'content-type',
    'content-length',
    'content-disposition',
    'content-security-policy',
    'cache-control',
    'x-content-type-options',
  ]) {
    const value = document.headers.get(header);
    if (value) res.set(header, value);
  }
  Readable.fromWeb(document.body! as Parameters<typeof Readable.fromWeb>[0]).pipe(res);
}
