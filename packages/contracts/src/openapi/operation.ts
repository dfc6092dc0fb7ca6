import type { z } from 'zod';

/**
 * What answers under /api and /objects: the services, and the gateway for the one call it answers itself
 * (the export of a person's data, which it gathers from all of them).
 */
export type ApiServiceName =
  'identity' | 'directory' | 'review' | 'photo' | 'ad' | 'billing' | 'availability' | 'owner' | 'gateway';

/**
 * anyone: a session is optional and may widen the answer (one's own pending laundromat, private photos);
 * signed-in: 401 without a session; admin: 401 without one, 403 for a session that is not an admin's.
 */
export type ApiAccess = 'anyone' | 'signed-in' | 'admin';

/** Statuses a service itself answers with; those the gateway adds to every call are added by the builder. */
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503;

export interface ApiAnswer {
  description: string;
  /** application/json unless given; none for an answer without a body. */
  contentType?: string;
  schema?: z.ZodType;
  headers?: z.ZodObject;
}

export interface ApiRequestBody {
  contentType: 'application/json' | 'multipart/form-data' | 'application/x-www-form-urlencoded';
  schema: z.ZodType;
  required: boolean;
}

export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * One operation of the API: what the OpenAPI document says of it, and what the service's route parses its
 * request with (the kit's `route()` registers a handler for it), so the two cannot say different things.
 */
export interface ApiOperation {
  operationId: string;
  method: ApiMethod;
  /** OpenAPI form: `/api/laundromats/{id}`; the route is mounted at its Express form `/api/laundromats/:id`. */
  path: string;
  service: ApiServiceName;
  summary: string;
  description?: string;
  access: ApiAccess;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: ApiRequestBody;
  answers: Record<number, ApiAnswer>;
  errors: ApiErrorStatus[];
}

/** An operation as written in a service's file: its id is its key there, its service the file's. */
export type OperationDeclaration = Omit<ApiOperation, 'operationId' | 'service'>;

export type DefinedOperations<S extends ApiServiceName, T extends Record<string, OperationDeclaration>> = {
  readonly [K in keyof T]: T[K] & { readonly operationId: K & string; readonly service: S };
};

/**
 * A service's operations, keyed by operation id. The schemas keep their own types, so the route registered
 * for `reviewOperations.postReview` receives its body already typed as that schema's output.
 */
export function defineOperations<S extends ApiServiceName, T extends Record<string, OperationDeclaration>>(
  service: S,
  declarations: T,
): DefinedOperations<S, T> {
  return Object.fromEntries(
    Object.entries(declarations).map(([operationId, declaration]) => [
      operationId,
      { operationId, service, ...declaration },
    ]),
  ) as DefinedOperations<S, T>;
}

/** A JSON request body, required unless said otherwise; keeps the schema's type for the route's handler. */
export const jsonBody = <S extends z.ZodType>(schema: S, required = true) => ({
  contentType: 'application/json' as const,
  schema,
  required,
});

/** `/api/laundromats/{id}/reviews` → `/api/laundromats/:id/reviews`, the pattern Express matches. */
export const expressPath = (openApiPath: string) => openApiPath.replace(/\{(\w+)\}/g, ':$1');
