import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  startEchoUpstream,
  startGateway,
  type EchoUpstream,
  type GatewayServer,
} from './support/gateway-server.ts';

let upstream: EchoUpstream;
let gateway: GatewayServer;

beforeAll(async () => {
  upstream = await startEchoUpstream();
  gateway = await startGateway({ upstreams: { directory: upstream.baseUrl } });
});
afterAll(async () => {
  await gateway?.stop();
  await upstream?.stop();
});

describe('security headers', () => {
  test.each([
    ['an API response from a service', '/api/laundromats'],
    ["the gateway's own page", '/'],
  ])('when the gateway answers %s, then it carries the security headers', async (_what, path) => {
    const response = await fetch(`${gateway.baseUrl}${path}`);

    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    // Served over plain http (as the embedded mode is on a LAN): nothing that would force https.
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  test('when the product is served over HTTPS, then answers carry HSTS and upgrade-insecure-requests', async () => {
    const httpsGateway = await startGateway({
      env: { HTTPS: 'true' },
      upstreams: { directory: upstream.baseUrl },
    });
    try {
      for (const path of ['/api/laundromats', '/']) {
        const response = await fetch(`${httpsGateway.baseUrl}${path}`);
        expect(response.headers.get('strict-transport-security'), path).toMatch(/max-age=\d+/);
        expect(response.headers.get('content-security-policy'), path).toContain('upgrade-insecure-requests');
        // Read to the end, so the connection is idle and stop() can close it.
        await response.arrayBuffer();
      }
    } finally {
      await httpsGateway.stop();
    }
  });

  test('when a service announces its framework, then the gateway does not pass X-Powered-By on', async () => {
    const response = await fetch(`${gateway.baseUrl}/api/laundromats`);

    expect(response.status).toBe(200);
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect((await fetch(`${gateway.baseUrl}/alive`)).headers.get('x-powered-by')).toBeNull();
  });
});

describe('request id', () => {
  test('when a request has no id, then the gateway makes one, returns it and forwards it to the service', async () => {
    const response = await fetch(`${gateway.baseUrl}/api/laundromats`);
    const received = (await response.json()) as { headers: Record<string, string> };

    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(received.headers['x-request-id']).toBe(id);
  });

  test('when a request brings its own id, then that id is kept end to end', async () => {
    const response = await fetch(`${gateway.baseUrl}/api/laundromats`, {
      headers: { 'x-request-id': 'trace-me-42' },
    });
    const received = (await response.json()) as { headers: Record<string, string> };

    expect(response.headers.get('x-request-id')).toBe('trace-me-42');
    expect(received.headers['x-request-id']).toBe('trace-me-42');
  });

  test('when the incoming id is unreasonably long, then a fresh one replaces it', async () => {
    const response = await fetch(`${gateway.baseUrl}/api/laundromats`, {
      headers: { 'x-request-id': 'x'.repeat(500) },
    });
    const received = (await response.json()) as { headers: Record<string, string> };

    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(received.headers['x-request-id']).toBe(response.headers.get('x-request-id'));
  });
});
