import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDirectoryClient, laundromatNamesResponseSchema } from '@laundry/contracts';
import {
  fixture,
  insertFixtures,
  startDirectoryStack,
  type ErrorBody,
  type TestStack,
} from '../support/directory-stack.ts';

let stack: TestStack;
let server: Server;
/** The directory's own address, as the photo service calls it (the gateway routes no /internal path). */
let directoryUrl: string;
let listedId: string;
let otherListedId: string;
let pendingId: string;
let inactiveId: string;
const unknownId = '6f1c2a4e-8b1d-4c3a-9e2f-0123456789ab';

beforeAll(async () => {
  stack = await startDirectoryStack();
  server = createServer(stack.directory.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  directoryUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  [listedId, otherListedId, pendingId, inactiveId] = (await insertFixtures(stack, [
    fixture({ name: 'Canal Street Coin Wash', latitude: 40.7191, longitude: -74.0007 }),
    fixture({ name: 'Laverie du Marché', latitude: 48.85, longitude: 2.35 }),
    fixture({ name: 'Awaiting Review', latitude: 40.72, longitude: -74, status: 'pending' }),
    fixture({ name: 'Closed Down', latitude: 40.73, longitude: -74, isActive: false }),
  ])) as [string, string, string, string];
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await stack?.stop();
});

const names = async (query: string) => {
  const response = await fetch(`${directoryUrl}/internal/laundromats/names?${query}`);
  return { status: response.status, body: (await response.json()) as unknown };
};

describe('GET /internal/laundromats/names', () => {
  it('when ids are asked, then each listed laundromat is named and unlisted or unknown ones are left out', async () => {
    const answer = await names(
      `ids=${[listedId, otherListedId, pendingId, inactiveId, unknownId].join(',')}`,
    );
    expect(answer.status).toBe(200);
    expect(laundromatNamesResponseSchema.parse(answer.body)).toEqual({
      names: { [listedId]: 'Canal Street Coin Wash', [otherListedId]: 'Laverie du Marché' },
    });
  });

  it.each([
    ['ids=', 'ids must name at least one laundromat'],
    ['', 'ids must list laundromat ids separated by commas'],
    ['ids=not-an-id', 'Must be a valid id'],
  ])('when the query is %j, then 400 says what is wrong', async (query, message) => {
    const answer = await names(query);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body as ErrorBody)).toContain(message);
  });

  it('when more than 200 laundromats are asked at once, then 400 names the limit', async () => {
    const many = Array.from(
      { length: 201 },
      (_, i) => `6f1c2a4e-8b1d-4c3a-9e2f-${String(i).padStart(12, '0')}`,
    );
    const answer = await names(`ids=${many.join(',')}`);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('ids may name at most 200 laundromats');
  });

  it('when the public asks through the gateway, then no service answers it (the page is not the list)', async () => {
    const response = await fetch(`${stack.baseUrl}/internal/laundromats/names?ids=${listedId}`);
    expect(response.headers.get('content-type')).not.toContain('json');
    expect(await response.text()).not.toContain('Canal Street Coin Wash');
  });
});

describe('the directory client', () => {
  const client = () =>
    createDirectoryClient({ baseUrl: directoryUrl, timeoutMs: 5000, unavailableMessage: 'Directory down' });

  it('when the photo service asks for names, then it gets a map by id, repeated ids asked once', async () => {
    const found = await client().laundromatNames([listedId, listedId, pendingId]);
    expect([...found]).toEqual([[listedId, 'Canal Street Coin Wash']]);
  });

  it('when no id is given, then nothing is asked and the map is empty', async () => {
    const offline = createDirectoryClient({
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 500,
      unavailableMessage: 'Directory down',
    });
    expect((await offline.laundromatNames([])).size).toBe(0);
  });

  it('when the directory cannot be reached, then the call fails as unavailable', async () => {
    const offline = createDirectoryClient({
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 500,
      unavailableMessage: 'Directory down',
    });
    await expect(offline.laundromatNames([listedId])).rejects.toMatchObject({ message: 'Directory down' });
  });
});
