import type { Router } from 'express';
import { create as contentDisposition } from 'content-disposition';
import { z } from 'zod';
import { notFound } from '@laundry/platform/errors';
import { currentUser, requireUser } from '@laundry/platform/auth';
import { idSchema } from '@laundry/contracts';
import {
  deleteDocument,
  documentTooLarge,
  openDocument,
  storeDocument,
  type DocumentDeps,
} from '../domain/documents.ts';
import { readUpload } from './multipart-upload.ts';

export const documentFileField = 'document';

const purposeSchema = z.enum(['advertiser-verification', 'owner-claim'], {
  error: 'Unknown document purpose',
});

function documentId(value: unknown): string {
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw notFound('Document not found');
  return parsed.data;
}

/**
 * /internal/documents: not among the photo service's public paths, so only other services reach it (the ad
 * service forwards an advertiser's verification upload, the owner service a laundromat claim's document,
 * with the person's signed identity). The other text fields of the form come back untouched for the caller
 * to validate.
 */
export function documentRoutes(router: Router, deps: DocumentDeps): void {
  router.post('/internal/documents', requireUser, async (req, res) => {
    const purpose = purposeSchema.parse(req.query.purpose);
    const upload = await readUpload(req, {
      fileField: documentFileField,
      noun: 'document',
      tooLarge: documentTooLarge,
    });
    const document = await storeDocument(deps, currentUser(req), purpose, upload.file!);
    res.status(201).json({ document, fields: upload.fields });
  });

  router.get('/internal/documents/:id', requireUser, async (req, res) => {
    const { document, file } = await openDocument(deps, currentUser(req), documentId(req.params.id));
    res.set({
      'Content-Type': document.mimeType,
      'Content-Length': String(file.size),
      // Any name a person gave the file, in any script, encoded as RFC 6266 asks. Saved, never shown in the
      // product's origin: were it opened there, a sandbox without scripts or forms is all it would get.
      'Content-Disposition': contentDisposition(document.fileName, { type: 'attachment' }),
      'Content-Security-Policy': 'sandbox',
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    const stream = file.open();
    stream.on('error', (error) => res.destroy(error));
    stream.pipe(res);
  });

  router.delete('/internal/documents/:id', requireUser, async (req, res) => {
    await deleteDocument(deps, currentUser(req), documentId(req.params.id));
    res.status(204).end();
  });
}
