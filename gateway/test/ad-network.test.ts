import { afterEach, describe, expect, test } from 'vitest';
import { startGateway, type GatewayServer } from './support/gateway-server.ts';

let gateway: GatewayServer | undefined;

/** One directive's sources, without the hashes of the prerendered pages' inline scripts. */
function sources(csp: string, directive: string): string[] {
  const entry = csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return (entry?.slice(1) ?? []).filter((source) => !source.startsWith("'sha256-"));
}
afterEach(async () => {
  await gateway?.stop();
  gateway = undefined;
});

describe('the third-party ad network setting', () => {
  test('when no network is configured, then /api/ad-network answers 204 and the page allows no other script origin', async () => {
    gateway = await startGateway();

    const response = await fetch(`${gateway.baseUrl}/api/ad-network`);

    expect(response.status).toBe(204);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(sources(csp, 'script-src')).toEqual(["'self'"]);
    expect(sources(csp, 'frame-src')).toEqual(["'self'"]);
  });

  test('when AD_NETWORK_SCRIPT_URL is set, then the page is told the script and its origin may run scripts and frames', async () => {
    gateway = await startGateway({
      env: { AD_NETWORK_SCRIPT_URL: 'https://ads.network.example/tag.js?publisher=42' },
    });

    const response = await fetch(`${gateway.baseUrl}/api/ad-network`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ scriptUrl: 'https://ads.network.example/tag.js?publisher=42' });
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(sources(csp, 'script-src')).toEqual(["'self'", 'https://ads.network.example']);
    expect(sources(csp, 'frame-src')).toEqual(["'self'", 'https://ads.network.example']);
  });

  test('when the setting is blank, then it counts as unset', async () => {
    gateway = await startGateway({ env: { AD_NETWORK_SCRIPT_URL: '' } });

    expect((await fetch(`${gateway.baseUrl}/api/ad-network`)).status).toBe(204);
  });

  test.each([['http://ads.network.example/tag.js'], ['not a url']])(
    'when the setting is %s, then the gateway refuses to start',
    async (value) => {
      await expect(startGateway({ env: { AD_NETWORK_SCRIPT_URL: value } })).rejects.toThrow(
        /AD_NETWORK_SCRIPT_URL/,
      );
    },
  );
});
