import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@laundry/platform/bus';
import { startStack, type TestStack } from '../../../../test/support/stack.ts';
import { removeBrokerNamespace } from '../../../../test/support/broker-cleanup.ts';
import { urls } from '../../../../test/support/servers.ts';
import { insertLaundromats, type NewLaundromatRow } from '../../src/infra/laundromat-bulk-insert.ts';
import { createSeededRandom } from '../../../../scripts/src/seeded-random.ts';

export type { TestStack };

/**
 * The product stack for one directory test file. Rate limits are raised because a file sends hundreds of
 * requests from one address within a minute; the limits themselves are the gateway's tests' business.
 */
export function startDirectoryStack(overrides: Record<string, string> = {}): Promise<TestStack> {
  return startStack({
    RATE_LIMIT_PER_MINUTE: '100000',
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    GEOCODE_RATE_LIMIT_PER_MINUTE: '100000',
    ...overrides,
  });
}

/** A fixture row with a unique source ref, so the ids of inserted rows can be read back by name. */
export function fixture(
  overrides: Partial<NewLaundromatRow> & Pick<NewLaundromatRow, 'latitude' | 'longitude'>,
): NewLaundromatRow {
  return {
    name: `Fixture ${randomBytes(4).toString('hex')}`,
    address: '1 Test Street',
    source: 'test',
    sourceRef: randomBytes(8).toString('hex'),
    ...overrides,
  };
}

/** Inserts rows straight into the directory's database and answers their ids in the given order. */
export async function insertFixtures(stack: TestStack, rows: readonly NewLaundromatRow[]): Promise<string[]> {
  await insertLaundromats(stack.directoryDb, rows);
  const refs = rows.map((row) => row.sourceRef);
  const stored = await stack.directoryDb.query<{ id: string; ref: string }>(
    `SELECT id, source_ref AS ref FROM laundromats WHERE source_ref = ANY($1::text[])`,
    [refs],
  );
  const idByRef = new Map(stored.map((row) => [row.ref, row.id]));
  return rows.map((row) => idByRef.get(row.sourceRef!)!);
}

export interface JsonResponse<T> {
  status: number;
  body: T;
}

/** GET through the gateway, answering the status and the parsed JSON body. */
export async function getJson<T = unknown>(
  stack: TestStack,
  path: string,
  headers: Record<string, string> = {},
): Promise<JsonResponse<T>> {
  const response = await fetch(`${stack.baseUrl}${path}`, { headers });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export async function countLaundromats(stack: TestStack): Promise<number> {
  const [row] = await stack.directoryDb.query<{ n: number }>('SELECT count(*)::int AS n FROM laundromats');
  return row!.n;
}

/** A small seeded generator, so a failing random case can be reproduced. */
export const seededRandom = createSeededRandom;

export interface ErrorBody {
  message: string;
  code?: string;
  errors?: { path: string; message: string }[];
}

export interface EventListener {
  events: EventEnvelope[];
  /** Resolves with the first received event that matches, or fails after timeoutMs. */
  waitFor(match: (event: EventEnvelope) => boolean, timeoutMs?: number): Promise<EventEnvelope>;
  /** Removes the listener's queues from the broker; call after the stack has stopped. */
  removeQueues(): Promise<void>;
}

/**
 * A consumer of our own on the stack's broker, bound to the given event types, so a test proves the
 * event was delivered rather than only written to the outbox.
 */
export async function listenForEvents(stack: TestStack, types: readonly string[]): Promise<EventListener> {
  const name = 'test-listener';
  const bus = stack.infra.bus(name);
  const events: EventEnvelope[] = [];
  for (const type of types) {
    bus.subscribe(type, async (event) => {
      events.push(event);
    });
  }
  await bus.start();
  return {
    events,
    async waitFor(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching event within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async removeQueues() {
      if (!stack.realServers) return;
      await removeBrokerNamespace(urls.amqp, stack.env.BUS_NAMESPACE ?? '', [name]);
    },
  };
}
