import { apiErrorSchema, type ApiError } from '../api-error.ts';
import { storeDocumentResponseSchema, type StoreDocumentResponse } from '../document.ts';
import { ServiceUnavailableError } from './service-unavailable.ts';

/** The photo service's refusal of the person's upload (a 4xx): the caller passes it on as it came. */
export interface Refusal {
  ok: false;
  status: number;
  error: ApiError;
}

/** The photo service's answers to services that store private documents for a person. */
export interface PhotoClient {
  /**
   * Streams a multipart form (the person's own upload, untouched) to the photo service, which sniffs,
   * limits and stores its `document` file, and answers it with the form's other fields.
   */
  storeDocument(
    upload: { body: AsyncIterable<Uint8Array>; contentType: string; contentLength?: string },
    purpose: string,
    /** The person's signed internal identity, as the gateway sent it: the document is theirs. */
    identity: string,
  ): Promise<({ ok: true } & StoreDocumentResponse) | Refusal>;
  /** The document's bytes as a response to stream on, or undefined when it is not there for this person. */
  openDocument(id: string, identity: string): Promise<Response | undefined>;
  deleteDocument(id: string, identity: string): Promise<void>;
}

export interface PhotoClientOptions {
  /** PHOTO_URL of the caller's settings. */
  baseUrl: string;
  timeoutMs: number;
  unavailableMessage: string;
  /** The header the identity travels in (the service kit's INTERNAL_IDENTITY_HEADER). */
  identityHeader: string;
}

export function createPhotoClient(options: PhotoClientOptions): PhotoClient {
  const unavailable = () => new ServiceUnavailableError(options.unavailableMessage, 'PHOTO_UNAVAILABLE');
  const url = (path: string) => new URL(path, options.baseUrl);
  const call = async (path: string, init: RequestInit & { duplex?: 'half' }) => {
    try {
      return await fetch(url(path), { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch {
      throw unavailable();
    }
  };
  return {
    async storeDocument(upload, purpose, identity) {
      const response = await call(`/internal/documents?purpose=${encodeURIComponent(purpose)}`, {
        method: 'POST',
        headers: {
          'content-type': upload.contentType,
          ...(upload.contentLength ? { 'content-length': upload.contentLength } : {}),
          [options.identityHeader]: identity,
        },
        body: upload.body as unknown as BodyInit,
        duplex: 'half',
      });
      const body: unknown = await response.json().catch(() => undefined);
      if (response.status === 201) {
        const parsed = storeDocumentResponseSchema.safeParse(body);
        if (parsed.success) return { ok: true, ...parsed.data };
      } else if (response.status >= 400 && response.status < 500 && response.status !== 401) {
        const error = apiErrorSchema.safeParse(body);
        if (error.success) return { ok: false, status: response.status, error: error.data };
      }
      throw unavailable();
    },
    async openDocument(id, identity) {
      const response = await call(`/internal/documents/${encodeURIComponent(id)}`, {
        headers: { [options.identityHeader]: identity },
      });
      if (response.status === 200) return response;
      await response.arrayBuffer().catch(() => undefined);
      if (response.status === 404) return undefined;
      throw unavailable();
    },
    async deleteDocument(id, identity) {
      const response = await call(`/internal/documents/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        headers: { [options.identityHeader]: identity },
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status !== 204 && response.status !== 404) throw unavailable();
    },
  };
}
