import type { Request } from 'express';
import busboy from 'busboy';
import { AppError, badRequest } from '@laundry/platform/errors';
import { findNulField, nulByteError } from '@laundry/platform/http';
import { tooLarge, uploadLimits } from '../domain/upload-rules.ts';

export interface MultipartUpload {
  fields: Record<string, string>;
  file: { fileName: string | undefined; bytes: Buffer } | undefined;
}

export const photoFileField = 'file';

/** What one kind of upload is called and where its file comes, for the messages a person reads. */
export interface UploadKind {
  /** The form field holding the file. */
  fileField: string;
  /** 'photo' or 'document'. */
  noun: string;
  /** The 413 answer for a file over the size limit. */
  tooLarge: () => AppError;
}

const photoUpload: UploadKind = { fileField: photoFileField, noun: 'photo', tooLarge };

const malformed = () =>
  badRequest('The upload could not be read as multipart form data.', 'MALFORMED_MULTIPART');

/** Room for the multipart boundaries and the text fields around the file. */
const envelopeBytes = 64 * 1024;

/**
 * Answering while the client is still sending makes proxies and clients see a reset instead of the answer;
 * the gateway bounds the body, so reading it to the end (and dropping it) is cheap.
 */
function refuseAfterDraining(req: Request, error: AppError): Promise<never> {
  return new Promise((_resolve, reject) => {
    // A JSON body was already read by the JSON parser.
    if (req.readableEnded) return reject(error);
    req.on('end', () => reject(error));
    req.on('error', () => reject(error));
    req.resume();
  });
}

/**
 * Streams a multipart body, keeping at most 10 MB of the one file: past that the rest is read and dropped,
 * never held, and the upload is refused. A body announced as larger is refused before a byte is read.
 */
export function readPhotoUpload(req: Request): Promise<MultipartUpload> {
  return readUpload(req, photoUpload);
}

/** Reads one file of the given kind (a photo, a business document) and the text fields beside it. */
export function readUpload(req: Request, kind: UploadKind): Promise<MultipartUpload> {
  const { fileField, noun } = kind;
  if (!req.is('multipart/form-data')) {
    return refuseAfterDraining(
      req,
      new AppError(
        415,
        `Send the ${noun} as multipart/form-data with the file in a field named '${fileField}'.`,
        'UNSUPPORTED_MEDIA_TYPE',
      ),
    );
  }
  if (Number(req.headers['content-length'] ?? 0) > uploadLimits.maxBytes + envelopeBytes) {
    return refuseAfterDraining(req, kind.tooLarge());
  }

  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let fileName: string | undefined;
    let sawFile = false;
    let failure: AppError | undefined;
    const fail = (error: AppError) => {
      failure ??= error;
    };

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // Browsers send a file's name in UTF-8; busboy's default reads it as Latin-1 ('Ã©' for 'é').
        defParamCharset: 'utf8',
        limits: { files: 1, fileSize: uploadLimits.maxBytes, fields: 20, fieldSize: 4096, parts: 24 },
      });
    } catch {
      reject(malformed());
      return;
    }

    parser.on('file', (name, stream, info) => {
      if (name !== fileField || sawFile) {
        stream.on('error', () => fail(malformed()));
        stream.resume();
        if (name === fileField) fail(badRequest(`Upload one ${noun} at a time.`, 'TOO_MANY_FILES'));
        return;
      }
      sawFile = true;
      fileName = info.filename;
      // A body that ends inside the file (no closing boundary) errors this stream as well as the parser;
      // unheard, that error would end the process.
      stream.on('error', () => fail(malformed()));
      stream.on('data', (chunk: Buffer) => {
        if (!failure) chunks.push(chunk);
      });
      stream.on('limit', () => {
        chunks.length = 0;
        fail(kind.tooLarge());
      });
    });
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('filesLimit', () => fail(badRequest(`Upload one ${noun} at a time.`, 'TOO_MANY_FILES')));
    parser.on('fieldsLimit', () => fail(badRequest('The upload has too many fields.', 'TOO_MANY_FIELDS')));
    parser.on('partsLimit', () => fail(badRequest('The upload has too many parts.', 'TOO_MANY_PARTS')));
    parser.on('error', () => reject(failure ?? malformed()));
    parser.on('close', () => {
      if (failure) return reject(failure);
      const nulField = findNulField(fields) ?? (fileName?.includes('\u0000') ? 'file name' : undefined);
      if (nulField) return reject(nulByteError(nulField));
      if (!sawFile) {
        return reject(
          badRequest(`Choose a ${noun} to upload (a file in the field '${fileField}').`, 'FILE_REQUIRED'),
        );
      }
      resolve({ fields, file: { fileName, bytes: Buffer.concat(chunks) } });
    });
    // A client that goes away mid-upload (or a body cut off at the gateway's limit) ends the read here.
    req.on('close', () => {
      if (!req.complete) reject(badRequest('The upload was interrupted.', 'UPLOAD_INTERRUPTED'));
    });
    req.on('error', () => reject(badRequest('The upload was interrupted.', 'UPLOAD_INTERRUPTED')));
    req.pipe(parser);
  });
}
