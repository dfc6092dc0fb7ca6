import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compileErrors, validate } from '@readme/openapi-parser';
import { createOpenApiDocument } from '@laundry/contracts/openapi';
import { registeredRoutes } from '@laundry/platform/http';
import { serviceFor } from '../../gateway/src/route-table.ts';
import { services } from '../../services.ts';
import { apiClient, signUp } from '../support/session.ts';
import { startStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

/**
 * Each process's health checks (for its orchestrator), /internal/ routes (other services only; the gateway
 * never sends a public path there) and /dev/ pages (identity's local mail outbox, embedded mode only) are
 * not part of the API.
 */
const isPublic = (route: string) => !/^\/(alive|ready)$|^\/(internal|dev)\//.test(route.split(' ')[1]!);

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

function documentedOperations() {
  const document = createOpenApiDocument();
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    methods
      .filter((method) => item?.[method])
      .map((method) => ({
        route: `${method.toUpperCase()} ${path}`,
        path,
        operationId: item![method]!.operationId!,
        service: item![method]!.tags![0]!,
      })),
  );
}

describe('the OpenAPI document against the services', () => {
  test('when the routes of every service are listed, then each was registered with its operation, and the document has every one and nothing else', () => {
    // Every service of services.ts, so a new one is checked without editing this test.
    const services = stack.services;
    const operations = documentedOperations();

    for (const [name, service] of Object.entries(services)) {
      const routes = registeredRoutes(service.app).filter((registered) => isPublic(registered.route));
      const documented = operations.filter((operation) => operation.service === name);
      expect({
        service: name,
        withoutOperation: routes.filter((registered) => !registered.operation),
      }).toEqual({
        service: name,
        withoutOperation: [],
      });
      expect({
        service: name,
        operations: routes.map((registered) => registered.operation!.operationId).sort(),
      }).toEqual({
        service: name,
        operations: documented.map((operation) => operation.operationId).sort(),
      });
    }
    expect(new Set(operations.map((operation) => operation.service))).toEqual(
      new Set([...Object.keys(services), 'gateway']),
    );
  });

  test("when the gateway's own operations are called, then the gateway answers them as documented", async () => {
    const own = documentedOperations().filter((operation) => operation.service === 'gateway');
    const session = await signUp(stack.baseUrl);

    expect(own.map((operation) => operation.route)).toEqual(['GET /api/me/export']);
    const anonymous = await fetch(`${stack.baseUrl}/api/me/export`);
    const signedIn = await apiClient(stack.baseUrl, session)('/api/me/export');
    expect(anonymous.status).toBe(401);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('content-type')).toBe('application/zip');
  });

  test('when a documented path is sent to the gateway, then its route table takes it to the service the document names', () => {
    for (const operation of documentedOperations().filter((documented) => documented.service !== 'gateway')) {
      const concretePath = operation.path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
      expect({ path: operation.path, service: serviceFor(concretePath) }).toEqual({
        path: operation.path,
        service: operation.service,
      });
    }
  });
});

describe('GET /api/openapi.json', () => {
  test('when it is fetched through the gateway, then it is a valid OpenAPI 3.1 document of every operation', async () => {
    const response = await fetch(`${stack.baseUrl}/api/openapi.json`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await response.json()) as { openapi: string; paths: Record<string, object> };
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await validate(structuredClone(document) as Parameters<typeof validate>[0]);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.warnings).toEqual([]);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/laundromats/{id}', '/api/photos']),
    );
  });

  test("when it is fetched, then each service's tag is described by its line in the services list", async () => {
    const document = (await (await fetch(`${stack.baseUrl}/api/openapi.json`)).json()) as {
      tags: { name: string; description?: string }[];
    };

    // The services' names and summaries are read from the one list, so a new service needs no edit here.
    expect(document.tags).toEqual([
      ...Object.keys(stack.services).map((name) => ({
        name,
        description: services.find((service) => service.name === name)!.summary,
      })),
      { name: 'gateway', description: expect.stringMatching(/gateway/) },
    ]);
  });

  test('when an operation can fail, then each failure answers with the ApiError shape', async () => {
    const document = (await (await fetch(`${stack.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
      >;
    };

    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const failures = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
        expect(
          failures.map(([status]) => status),
          `${method} ${path}`,
        ).toContain('429');
        for (const [status, answer] of failures) {
          expect(answer.content?.['application/json']?.schema, `${method} ${path} ${status}`).toEqual({
            $ref: '#/components/schemas/ApiError',
          });
        }
      }
    }
  });
});

describe('GET /api/docs', () => {
  test('when the reference page is opened, then it and every file it loads come from this origin', async () => {
    const response = await fetch(`${stack.baseUrl}/api/docs`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(body!.trim(), 'no inline script: the CSP would block it').toBe('');
      expect(attributes).toMatch(/src="\/api\/docs\//);
    }
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    const types: Record<string, RegExp> = { css: /^text\/css/, js: /javascript/, png: /^image\/png/ };
    expect(assets).toHaveLength(4);
    for (const asset of assets) {
      const answer = await fetch(`${stack.baseUrl}${asset}`);
      expect({ asset, status: answer.status }).toEqual({ asset, status: 200 });
      expect(answer.headers.get('content-type')).toMatch(types[asset.split('.').pop()!]!);
      expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
  });

  test.each(['index.html', 'swagger-initializer.js', 'constructor', '__proto__', '..%2Fpackage.json'])(
    'when a file the page does not load (%s) is asked for, then it is a 404',
    async (name) => {
      const response = await fetch(`${stack.baseUrl}/api/docs/${name}`);

      expect(response.status).toBe(404);
    },
  );
});
