import {
  createDocument,
  type ZodOpenApiObject,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { apiErrorSchema } from '../api-error.ts';
import { laundromatSchema } from '../laundromat.ts';
import { photoSchema } from '../photo.ts';
import { publicReviewSchema, reviewSchema } from '../review.ts';
import { userSchema } from '../user.ts';
import { allOperations } from './catalog.ts';
import type { ApiErrorStatus, ApiOperation } from './operation.ts';

export type OpenApiDocument = ReturnType<typeof createDocument>;

const errorDescriptions: Record<ApiErrorStatus, string> = {
  400: 'The request is not valid: a parameter, the query or the body (`errors` lists each problem).',
  401: 'No valid session: sign in first.',
  403: 'Not allowed: another user’s resource, a role this session lacks, or a cross-origin change.',
  404: 'Nothing with that id, or nothing this session may see.',
  409: 'The resource is not in a state that allows this.',
  410: 'What the request names is no longer available.',
  413: 'The body is larger than the limit.',
  415: 'The body is not of the media type this operation reads.',
  422: 'The body has the right type but cannot be processed.',
  429: 'Too many requests from this client; wait a moment.',
  502: 'A service behind this one did not answer properly.',
  503: 'The service is not available right now.',
};

const isWrite = (operation: ApiOperation) => operation.method !== 'get';

/**
 * The gateway in front adds its own refusals to every call: rate limits, a service it cannot reach, the
 * body limit, its cross-origin check on writes; and a session requirement implies 401 (and 403 for admins).
 */
function errorStatuses(operation: ApiOperation): ApiErrorStatus[] {
  const statuses = new Set<ApiErrorStatus>(operation.errors);
  if (operation.access !== 'anyone') statuses.add(401);
  if (operation.access === 'admin' || isWrite(operation)) statuses.add(403);
  if (operation.body) {
    statuses.add(400);
    statuses.add(413);
  }
  statuses.add(429);
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

function responses(operation: ApiOperation): ZodOpenApiResponsesObject {
  const result: ZodOpenApiResponsesObject = {};
  for (const [status, answer] of Object.entries(operation.answers)) {
    result[status as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description: answer.description,
      ...(answer.headers ? { headers: answer.headers } : {}),
      ...(answer.schema
        ? { content: { [answer.contentType ?? 'application/json']: { schema: answer.schema } } }
        : {}),
    };
  }
  for (const status of errorStatuses(operation)) {
    result[`${status}`] = {
      description: errorDescriptions[status],
      content: { 'application/json': { schema: apiErrorSchema } },
    };
  }
  return result;
}

function toOperationObject(operation: ApiOperation): ZodOpenApiOperationObject {
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.service],
    // An empty requirement makes the session optional: with one, some answers include one's own things.
    security: operation.access === 'anyone' ? [{}, { session: [] }] : [{ session: [] }],
    requestParams: {
      ...(operation.params ? { path: operation.params } : {}),
      ...(operation.query ? { query: operation.query } : {}),
    },
    ...(operation.body
      ? {
          requestBody: {
            required: operation.body.required,
            content: { [operation.body.contentType]: { schema: operation.body.schema } },
          },
        }
      : {}),
    responses: responses(operation),
  };
}

/**
 * One tag per service that declares operations, in the order of the summaries given (the services list's
 * order), described by its summary there: a new service is listed without editing this file.
 */
function tagsOf(operations: readonly ApiOperation[], serviceSummaries: Readonly<Record<string, string>>) {
  const named = new Set(operations.map((operation) => operation.service as string));
  const ordered = [...Object.keys(serviceSummaries).filter((name) => named.has(name)), ...named];
  return [...new Set(ordered)].map((name) =>
    serviceSummaries[name] ? { name, description: serviceSummaries[name] } : { name },
  );
}

/**
 * The OpenAPI 3.1 document of the whole API, built from the contract schemas the services validate with.
 * `serviceSummaries` describes each service's tag (the gateway passes the services list's summaries).
 */
export function createOpenApiDocument(
  operations: readonly ApiOperation[] = allOperations(),
  serviceSummaries: Readonly<Record<string, string>> = {},
): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of operations) {
    paths[operation.path] = { ...paths[operation.path], [operation.method]: toOperationObject(operation) };
  }
  const document: ZodOpenApiObject = {
    openapi: '3.1.0',
    info: {
      title: 'Laundromat Finder API',
      version: '0.1.0',
      description:
        'Every call goes through the gateway, which verifies the session cookie, refuses cross-origin ' +
        'changes and rate-limits. Errors answer with `{ message, code?, errors? }`.\n\n' +
        'Laundromats whose `source` is `osm` (their `osmId` names the element) come from OpenStreetMap: ' +
        'data © OpenStreetMap contributors, available under the Open Database Licence ' +
        '(https://www.openstreetmap.org/copyright). Whoever shows them must credit it so.',
    },
    servers: [{ url: '/', description: 'The gateway this document was served from' }],
    tags: tagsOf(operations, serviceSummaries),
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sid',
          description: 'Set by /api/auth/login and the verification link.',
        },
      },
      // Named once here, so each appears as one schema and a reference rather than repeated in every answer.
      schemas: {
        ApiError: apiErrorSchema,
        Laundromat: laundromatSchema,
        Review: reviewSchema,
        PublicReview: publicReviewSchema,
        Photo: photoSchema,
        User: userSchema,
      },
    },
  };
  return createDocument(document);
}
