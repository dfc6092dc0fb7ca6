import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createOpenApiDocument } from '@laundry/contracts/openapi';
import { pixelBombPng, solidImage } from '../../services/photo/test/support/photo-stack.ts';
import { apiClient } from '../support/session.ts';
import { startStack, type TestStack } from '../support/stack.ts';
import { answerProblems } from './answer-checks.ts';
import { createFixture, readState, type Fixture } from './fixture-state.ts';
import { forgedSessionHeaders, forgedSessionKinds, type ForgedSessionKind } from './forged-sessions.ts';
import { hostileCases, type CaseContext, type HostileCase } from './hostile-requests.ts';
import { walkOperations, type OpenApiDocument, type WalkedOperation } from './openapi-walk.ts';
import { send, type RawAnswer } from './raw-http.ts';

/**
 * Every operation of the OpenAPI document, attacked with generated hostile requests (fast-check): wrong
 * types, out-of-range numbers, huge, unicode and NUL strings, polluting keys, broken JSON, wrong media types
 * and encodings, forged sessions, and another user's things. No answer may be a 5xx or show internals; every
 * request that changes something must be refused; the state read back through the API must stay as it was.
 *
 * HOSTILE_SEED replays a run (a failure prints its seed and path), HOSTILE_RUNS sets the cases per operation
 * and HOSTILE_BUDGET_MS the time for all operations together.
 */
const seed = Number(process.env.HOSTILE_SEED ?? Date.now() % 2 ** 31);
const runsPerOperation = Number(process.env.HOSTILE_RUNS ?? 150);
const budgetMs = Number(process.env.HOSTILE_BUDGET_MS ?? 120_000);

// The test names come from the document the contracts build; the cases walk the one the gateway serves.
const documented = walkOperations(JSON.parse(JSON.stringify(createOpenApiDocument())) as OpenApiDocument);
const budgetPerOperation = Math.floor(budgetMs / documented.length);

let stack: TestStack;
let fixture: Fixture;
let context: CaseContext;
let operations: Map<string, WalkedOperation>;
let stateBefore: unknown;
let prototypeKeysBefore: string[];
const counts = new Map<string, number>();
const statuses = new Map<number, number>();
const startedAt = Date.now();

beforeAll(async () => {
  stack = await startStack({
    // Every case comes from one address: without these the suite would mostly measure 429s.
    RATE_LIMIT_PER_MINUTE: '1000000',
    WRITE_RATE_LIMIT_PER_MINUTE: '1000000',
    GEOCODE_RATE_LIMIT_PER_MINUTE: '1000000',
    LOGIN_MAX_ATTEMPTS_PER_EMAIL: '1000000',
    LOGIN_MAX_ATTEMPTS_PER_IP: '1000000',
  });
  const served = await fetch(`${stack.baseUrl}/api/openapi.json`);
  operations = new Map(
    walkOperations((await served.json()) as OpenApiDocument).map((operation) => [
      operation.operationId,
      operation,
    ]),
  );
  const image = await solidImage(64, 48);
  fixture = await createFixture(stack, image);
  context = {
    laundromatId: fixture.laundromatId,
    victimTargets: [
      { value: fixture.laundromatId, kind: 'laundromat' },
      { value: fixture.victimPublicPhoto.id, kind: 'victim-photo' },
      { value: fixture.victimPrivatePhoto.id, kind: 'victim-photo' },
      { value: fixture.victim.user.id, kind: 'victim-user' },
      { value: fixture.victimPrivateObjectPath, kind: 'victim-object' },
      { value: fixture.victimClaimId, kind: 'victim-claim' },
    ],
    unique: () => randomBytes(6).toString('hex'),
    validPng: image,
    pixelBombPng: pixelBombPng(8_000, 8_000),
  };
  stateBefore = await readState(stack, fixture);
  prototypeKeysBefore = Object.getOwnPropertyNames(Object.prototype);
}, 240_000);

afterAll(async () => {
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  console.warn(
    `hostile suite: ${total} generated cases over ${counts.size} operations in ` +
      `${Math.round((Date.now() - startedAt) / 1000)} s (seed ${seed}, up to ${runsPerOperation} per operation); ` +
      `answers: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(' ')}`,
  );
  await stack?.stop();
});

function sessionHeaders(choice: HostileCase['session']): Record<string, string> {
  if (choice === 'none') return {};
  if (choice === 'attacker') return { cookie: fixture.attacker.cookie };
  const claims = { sub: fixture.victim.user.id, email: fixture.victim.user.email, role: 'admin' };
  return forgedSessionHeaders(choice as ForgedSessionKind, claims, stack.env.SESSION_SECRET!);
}

async function sendCase(hostile: HostileCase): Promise<RawAnswer> {
  return send(stack.baseUrl, {
    method: hostile.method,
    target: hostile.target,
    headers: { ...hostile.headers, ...sessionHeaders(hostile.session) },
    body: hostile.body,
    chunked: hostile.chunked,
  });
}

const secrets = () => [
  fixture.victim.user.email,
  fixture.victimPrivatePhoto.id,
  fixture.victimPrivateObjectPath,
];

/** The checks every answer must pass, and the process must still answer after it. */
async function checkCase(hostile: HostileCase, answer: RawAnswer): Promise<void> {
  const requestText = `${hostile.target} ${JSON.stringify(hostile.headers)} ${hostile.body?.toString('latin1') ?? ''}`;
  const problems = answerProblems(answer, hostile.expect, secrets(), requestText);
  const alive = await fetch(`${stack.baseUrl}/alive`).catch(() => undefined);
  if (alive?.status !== 200) problems.push('the gateway stopped answering /alive');
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype);
  if (prototypeKeys.length !== prototypeKeysBefore.length || 'polluted' in {}) {
    problems.push(`Object.prototype was polluted: ${prototypeKeys.join(', ')}`);
  }
  if (problems.length > 0) {
    throw new Error(`${problems.join('; ')}\nanswer: ${answer.status} ${answer.text.slice(0, 500)}`);
  }
}

describe('hostile input against every documented operation', () => {
  test('when the gateway serves the document, then it is the one the contracts build', () => {
    expect([...operations.keys()].sort()).toEqual(
      documented.map((operation) => operation.operationId).sort(),
    );
  });

  test.each(documented.map((operation) => [`${operation.method} ${operation.path}`, operation.operationId]))(
    'when %s is sent hostile requests, then none is a 5xx, shows internals or changes what it must not',
    async (_name, operationId) => {
      const operation = operations.get(operationId)!;
      const isWrite = operation.method !== 'GET';
      const property = fc.asyncProperty(hostileCases(operation, context), async (hostile) => {
        counts.set(operationId, (counts.get(operationId) ?? 0) + 1);
        const answer = await sendCase(hostile);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        await checkCase(hostile, answer);
        // A write that slipped through shows in the state; read it back after each one.
        if (isWrite) expect(await readState(stack, fixture)).toEqual(stateBefore);
      });
      // The first case is checked without a time limit: on a slow machine one request can outlast the
      // operation's share of the budget, and a run interrupted before its first case ends checks nothing.
      await fc.assert(property, { seed, numRuns: 1 });
      const run = await fc.check(property, {
        seed,
        numRuns: runsPerOperation,
        plugins: [fc.interruptAfterTimeLimit(budgetPerOperation)],
      });
      // Interrupted before a case ended is that slow first case again, which the line above checked.
      if (run.failed && !(run.interrupted && run.numRuns === 0)) {
        throw new Error(await fc.asyncDefaultReportMessage(run));
      }
      expect(await readState(stack, fixture)).toEqual(stateBefore);
    },
    budgetPerOperation + 120_000,
  );
});

describe("another user's things", () => {
  const victimPhoto = () => fixture.victimPublicPhoto.id;

  const attempts: Array<{ what: string; request: () => [string, string, unknown]; status: number }> = [
    {
      what: 'changes the victim’s photo',
      request: () => ['PUT', `/api/photos/${victimPhoto()}`, { category: 'prices', caption: 'mine now' }],
      status: 403,
    },
    {
      what: 'deletes the victim’s photo',
      request: () => ['DELETE', `/api/photos/${victimPhoto()}`, undefined],
      status: 403,
    },
    {
      what: 'lists the victim’s photos',
      request: () => ['GET', `/api/photos/user/${fixture.victim.user.id}`, undefined],
      status: 403,
    },
    {
      what: 'opens the victim’s private image',
      request: () => ['GET', `/objects/${fixture.victimPrivateObjectPath}`, undefined],
      status: 404,
    },
    {
      what: 'approves a laundromat without being an admin',
      request: () => ['POST', `/api/laundromats/${fixture.laundromatId}/approve`, undefined],
      status: 403,
    },
  ];

  test.each(attempts)('when the attacker $what, then it is refused', async ({ request, status }) => {
    const [method, path, body] = request();

    const response = await apiClient(stack.baseUrl, fixture.attacker)(path, { method, body });

    expect(response.status).toBe(status);
    expect(await readState(stack, fixture)).toEqual(stateBefore);
  });

  test('when the attacker reads favourites, then the victim’s never show', async () => {
    const asAttacker = apiClient(stack.baseUrl, fixture.attacker);

    const list = await asAttacker('/api/favorites');
    const check = await asAttacker(`/api/favorites/${fixture.laundromatId}/check`);
    const removal = await asAttacker(`/api/favorites/${fixture.laundromatId}`, { method: 'DELETE' });

    expect(await list.json()).toEqual([]);
    expect(await check.json()).toEqual({ isFavorite: false });
    // Removing one's own (absent) favourite is allowed and must leave the victim's in place.
    expect(removal.status).toBe(204);
    expect(await readState(stack, fixture)).toEqual(stateBefore);
  });

  test('when the attacker lists photos, then the victim’s private one is not among them', async () => {
    const asAttacker = apiClient(stack.baseUrl, fixture.attacker);

    for (const path of ['/api/photos', `/api/photos/${fixture.laundromatId}`]) {
      const text = await (await asAttacker(path)).text();
      expect(text).toContain(fixture.victimPublicPhoto.id);
      expect(text).not.toContain(fixture.victimPrivatePhoto.id);
    }
  });

  test.each(forgedSessionKinds)(
    'when a %s session claims to be the victim as an admin, then it reads as no session',
    async (kind) => {
      const headers = forgedSessionHeaders(
        kind,
        { sub: fixture.victim.user.id, email: fixture.victim.user.email, role: 'admin' },
        stack.env.SESSION_SECRET!,
      );

      const favorites = await fetch(`${stack.baseUrl}/api/favorites`, { headers });
      const user = await fetch(`${stack.baseUrl}/api/auth/user`, { headers });
      const approval = await fetch(`${stack.baseUrl}/api/laundromats/${fixture.laundromatId}/approve`, {
        method: 'POST',
        headers,
      });

      expect([favorites.status, user.status, approval.status]).toEqual([401, 401, 401]);
    },
  );
});
