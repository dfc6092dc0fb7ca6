import { randomUUID } from 'node:crypto';
import type { Identity } from '@laundry/platform/auth';
import type { Db } from '@laundry/platform/db';
import { AppError, notFound } from '@laundry/platform/errors';
import type { StoredDocument } from '@laundry/contracts';
import type { ObjectStorage, StoredObject } from './object-store.ts';
import type { ImageProcessing } from './images.ts';
import { displayFileName, uploadLimits } from './upload-rules.ts';
import { activeContentError, hasActiveContent } from './pdf-active-content.ts';

/**
 * Business documents (docs/product.md, Data: advertiser verification) under the photo service's storage
 * rules: the type is sniffed from the bytes, the size is limited, and only the owner and admins may read one.
 * Unlike a photo a document is kept exactly as uploaded: an admin has to read what was sent.
 */
export const acceptedDocumentTypes = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;

export const documentTypeMessage = 'Only PDF, JPEG, PNG and WebP documents can be uploaded.';

export function documentTooLarge(): AppError {
  return new AppError(
    413,
    `The document is larger than ${uploadLimits.maxBytes / 1024 / 1024} MB. Please choose a smaller one.`,
    'FILE_TOO_LARGE',
  );
}

export interface DocumentRow {
  id: string;
  ownerId: string;
  purpose: string;
  fileName: string;
  fileSize: number;
  mimeType: string;
  objectPath: string;
  createdAt: Date;
}

/** Stored documents; infra/document-repository.ts implements it in SQL. */
export interface DocumentStore {
  insert(db: Db, row: Omit<DocumentRow, 'createdAt'>): Promise<DocumentRow>;
  find(db: Db, id: string): Promise<DocumentRow | undefined>;
  remove(db: Db, id: string): Promise<void>;
}

export interface DocumentDeps {
  db: Db;
  documents: DocumentStore;
  storage: ObjectStorage;
  images: Pick<ImageProcessing, 'sniffMimeType'>;
}

const toStored = (row: DocumentRow): StoredDocument => ({
  id: row.id,
  fileName: row.fileName,
  fileSize: row.fileSize,
  mimeType: row.mimeType,
  createdAt: row.createdAt.toISOString(),
});

export async function storeDocument(
  deps: DocumentDeps,
  owner: Identity,
  purpose: string,
  file: { fileName: string | undefined; bytes: Buffer },
): Promise<StoredDocument> {
  const mime = await deps.images.sniffMimeType(file.bytes);
  const extension = mime ? acceptedDocumentTypes[mime as keyof typeof acceptedDocumentTypes] : undefined;
  if (!extension) throw new AppError(415, documentTypeMessage, 'UNSUPPORTED_MEDIA_TYPE');
  if (extension === 'pdf' && hasActiveContent(file.bytes)) throw activeContentError();
  const id = randomUUID();
  const objectPath = `documents/${id.slice(0, 2)}/${id}.${extension}`;
  await deps.storage.put(objectPath, file.bytes);
  try {
    const row = await deps.documents.insert(deps.db, {
      id,
      ownerId: owner.id,
      purpose,
      fileName: displayFileName(file.fileName),
      fileSize: file.bytes.length,
      mimeType: mime!,
      objectPath,
    });
    return toStored(row);
  } catch (error) {
    await deps.storage.remove(objectPath);
    throw error;
  }
}

/** Someone else's document does not exist, for anyone but an admin. */
async function visibleDocument(deps: DocumentDeps, viewer: Identity, id: string): Promise<DocumentRow> {
  const row = await deps.documents.find(deps.db, id);
  if (!row || (row.ownerId !== viewer.id && viewer.role !== 'admin')) throw notFound('Document not found');
  return row;
}

export async function openDocument(
  deps: DocumentDeps,
  viewer: Identity,
  id: string,
): Promise<{ document: StoredDocument; file: StoredObject }> {
  const row = await visibleDocument(deps, viewer, id);
  const file = await deps.storage.get(row.objectPath);
  if (!file) throw notFound('Document not found');
  return { document: toStored(row), file };
}

/** The owner withdraws an upload that was never used (its form was refused). */
export async function deleteDocument(deps: DocumentDeps, viewer: Identity, id: string): Promise<void> {
  const row = await visibleDocument(deps, viewer, id);
  await deps.documents.remove(deps.db, row.id);
  await deps.storage.remove(row.objectPath);
}
