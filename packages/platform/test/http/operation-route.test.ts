import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { defineOperations, jsonBody } from '@laundry/contracts/operations';
import { createOpenApiDocument } from '@laundry/contracts/openapi';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity, type Identity } from '@laundry/platform/auth';
import { notFound } from '@laundry/platform/errors';
import {
  createHttpServer,
  createServiceApp,
  registeredRoutes,
  route,
  type HttpServer,
} from '@laundry/platform/http';
import { createLogger } from '@laundry/platform/logging';

const SECRET = 'a-test-internal-secret-0123456789';
const itemId = '00000000-0000-4000-8000-000000000001';

const testOperations = defineOperations('review', {
  renameItem: {
    method: 'put',
    path: '/api/items/{id}',
    summary: 'Rename an item',
    access: 'signed-in',
    params: z.object({ id: z.uuid() }),
    query: z.object({ notify: z.enum(['yes', 'no']).default('no') }),
    body: jsonBody(z.object({ name: z.string().trim().min(1, 'Give the item a name.') })),
    answers: { 200: { description: 'The item.', schema: z.object({ id: z.string(), name: z.string() }) } },
    errors: [400, 404],
  },
  purgeItems: {
    method: 'delete',
    path: '/api/items',
    summary: 'Remove every item',
    access: 'admin',
    answers: { 204: { description: 'Removed.' } },
    errors: [],
  },
});

let server: HttpServer;
let baseUrl: string;
const calls: unknown[] = [];

beforeAll(async () => {
  const app = createServiceApp({
    name: 'operation-route-test',
    logger: createLogger('operation-route-test', 'silent'),
    internalSecret: SECRET,
    routes: (router) => {
      route(
        router,
        testOperations.renameItem,
        { invalidParams: () => notFound('Item not found') },
        ({ params, query, body }, _req, res) => {
          calls.push({ params, query, body });
          // Typed from the operation's schemas: a wrong property here fails the type check.
          res.json({ id: params.id, name: body.name, notify: query.notify });
        },
      );
      route(router, testOperations.purgeItems, (_input, _req, res) => {
        calls.push('purged');
        res.status(204).end();
      });
    },
  });
  server = createHttpServer(app);
  baseUrl = `http://127.0.0.1:${await server.start(0, '127.0.0.1')}`;
});
afterAll(() => server?.stop());

const person: Identity = {
  id: '00000000-0000-4000-8000-000000000009',
  email: 'p@example.test',
  role: 'user',
};
const admin: Identity = { ...person, role: 'admin' };

async function send(method: string, path: string, as: Identity | undefined, body?: unknown) {
  const headers: Record<string, string> = {
    [INTERNAL_IDENTITY_HEADER]: signInternalIdentity(as, SECRET, '203.0.113.7'),
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

describe('a route registered with its operation', () => {
  test('when a valid request comes, then the handler gets the parsed params, query and body', async () => {
    const answer = await send('PUT', `/api/items/${itemId}?notify=yes`, person, { name: '  Dryer 3 ' });

    expect(answer).toEqual({ status: 200, body: { id: itemId, name: 'Dryer 3', notify: 'yes' } });
  });

  test('when the body fails its schema, then it is the usual 400 and the handler does not run', async () => {
    calls.length = 0;

    const answer = await send('PUT', `/api/items/${itemId}`, person, { name: ' ' });

    expect(answer).toEqual({
      status: 400,
      body: {
        message: 'Give the item a name.',
        code: 'VALIDATION_ERROR',
        errors: [{ path: 'name', message: 'Give the item a name.' }],
      },
    });
    expect(calls).toEqual([]);
  });

  test('when the query fails its schema, then it is a 400 naming the query parameter', async () => {
    const answer = await send('PUT', `/api/items/${itemId}?notify=maybe`, person, { name: 'A' });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ path: 'notify' }] });
  });

  test('when a path parameter fails and the route says what that means, then that is the answer', async () => {
    const answer = await send('PUT', '/api/items/not-an-id', person, { name: 'A' });

    expect(answer).toEqual({ status: 404, body: { message: 'Item not found', code: 'NOT_FOUND' } });
  });

  test('when nobody is signed in, then a signed-in operation is a 401 before its body is read', async () => {
    const answer = await send('PUT', '/api/items/not-an-id', undefined, { name: '' });

    expect(answer).toEqual({ status: 401, body: { message: 'Unauthorized', code: 'UNAUTHORIZED' } });
  });

  test('when a person who is not an admin calls an admin operation, then it is a 403 and nothing happens', async () => {
    calls.length = 0;

    const refused = await send('DELETE', '/api/items', person);
    const allowed = await send('DELETE', '/api/items', admin);

    expect(refused).toEqual({
      status: 403,
      body: { message: 'You do not have permission to do this.', code: 'FORBIDDEN' },
    });
    expect(allowed.status).toBe(204);
    expect(calls).toEqual(['purged']);
  });
});

describe('the routes of an app', () => {
  test('when they are listed, then each carries the operation it was registered for, and a plain one none', () => {
    const app = createServiceApp({
      name: 'listing',
      logger: createLogger('listing', 'silent'),
      internalSecret: SECRET,
      routes: (router) => {
        route(router, testOperations.renameItem, () => undefined);
        router.get('/api/unrouted', () => undefined);
      },
    });

    const routes = registeredRoutes(app).filter((registered) => registered.route.includes('/api/'));

    expect(routes.map((registered) => [registered.route, registered.operation?.operationId])).toEqual([
      ['PUT /api/items/:id', 'renameItem'],
      ['GET /api/unrouted', undefined],
    ]);
  });

  test('when the document is built from the operations, then it names their paths, schemas and errors', () => {
    const document = createOpenApiDocument(Object.values(testOperations));

    const put = document.paths?.['/api/items/{id}']?.put;
    expect(put?.operationId).toBe('renameItem');
    expect(put?.tags).toEqual(['review']);
    expect(Object.keys(put?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    expect(document.paths?.['/api/items']?.delete?.operationId).toBe('purgeItems');
  });
});
