import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canStartPrivateRabbit, privateRabbit } from '../../services/billing/test/support/private-rabbit.ts';
import {
  smtpMailReader,
  startSmtpStandIn,
  type SmtpStandIn,
} from '../../services/identity/test/support/smtp-stand-in.ts';
import { signUpAdmin, startStack, type TestStack } from '../support/stack.ts';
import { registerMailReader, signUp, type Session } from '../support/session.ts';
import { available, eventually } from '../support/servers.ts';
import { asPerson, findTraces, PERSON_ADDRESS } from './person-data.ts';

// The erasure is asked while the broker is away: the account goes at once, user.deleted.v1 waits in
// identity's outbox, and once the broker is back every service erases its part. The broker is a node of this
// test's own (its own name, ports and data folder); the shared one is never stopped.

const runnable = canStartPrivateRabbit && available.postgres && available.redis;
const password = 'correct horse battery';

let rabbit: Awaited<ReturnType<typeof privateRabbit>>;
let stack: TestStack;
let smtp: SmtpStandIn;

beforeAll(async () => {
  if (!runnable) return;
  rabbit = await privateRabbit();
  await rabbit.start();
  // Mail leaves the product, as in production: the local outbox would keep the confirmation in a table.
  smtp = await startSmtpStandIn();
  stack = await startStack(
    {
      RATE_LIMIT_PER_MINUTE: '1000000',
      WRITE_RATE_LIMIT_PER_MINUTE: '1000000',
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'http://laundromat.test',
    },
    { amqpUrl: rabbit.url },
  );
  // Sign-ups finish with the link mailed to the stand-in.
  registerMailReader(stack.baseUrl, smtpMailReader(smtp));
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await rabbit?.remove();
  await smtp?.stop();
}, 120_000);

describe.runIf(runnable)('erasure while RabbitMQ is briefly down', () => {
  it('when the account is erased with the broker stopped, then it is gone at once and every service erases its part once the broker is back', async () => {
    const admin = await signUpAdmin(stack);
    const asAdmin = asPerson(stack, admin, '192.0.2.10');
    const place = (
      await asAdmin<{ id: string }>('POST', '/api/laundromats', {
        name: 'Outage Wash',
        address: '2 Rua do Ouro',
        city: 'Lisbon',
        country: 'Portugal',
        latitude: 38.71,
        longitude: -9.139,
      })
    ).body;
    expect((await asAdmin('POST', `/api/laundromats/${place.id}/approve`)).status).toBe(200);

    const person: Session = await signUp(stack.baseUrl);
    const call = asPerson(stack, person);
    expect((await call('POST', '/api/favorites', { laundromatId: place.id })).status).toBe(201);
    expect(
      (await call('POST', `/api/laundromats/${place.id}/reviews`, { overallRating: 4, reviewText: 'Fine' }))
        .status,
    ).toBe(201);
    const { id, email } = person.user;
    // The review's event has reached identity (a contribution) before the broker goes.
    await eventually(async () => {
      const [row] = await stack.identity.db.query<{ n: number }>(
        'SELECT reviews_written AS n FROM users WHERE id = $1',
        [id],
      );
      return row?.n === 1;
    }, 20_000);

    // The sign-up's verification mail is sent by a job: it must be in before the mark, or it would be
    // taken for the confirmation of the erasure.
    expect((await smtp.nextMailTo(email)).subject).toBe('Confirm your email address');
    const sentBefore = smtp.received.length;
    const stoppedAt = Date.now();
    await rabbit.stop();
    try {
      const answer = await call<{ message: string }>('DELETE', '/api/me', { password });
      expect(answer.status).toBe(200);
      expect((await call('POST', '/api/auth/login', { email, password })).status).toBe(401);
      // The event waits in identity's outbox; nothing else has been told yet.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const [pending] = await stack.identity.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM outbox WHERE type = 'user.deleted.v1' AND published_at IS NULL`,
      );
      expect(pending!.n).toBe(1);
      const favourites = await stack.directory.db.query('SELECT 1 FROM favorites WHERE user_id = $1', [id]);
      expect(favourites).toHaveLength(1);
    } finally {
      await rabbit.start();
    }

    await eventually(
      async () => (await findTraces(stack, [id, email, PERSON_ADDRESS])).length === 0,
      120_000,
    ).catch(async () => {
      throw new Error(`still held: ${JSON.stringify(await findTraces(stack, [id, email, PERSON_ADDRESS]))}`);
    });
    console.warn(
      `erased everywhere ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s after the broker stopped`,
    );
    expect((await smtp.nextMailTo(email, { since: sentBefore })).subject).toBe(
      'Your Laundromat Finder account is deleted',
    );
    const [review] = await stack.review.db.query<{ user_id: string | null; review_text: string }>(
      'SELECT user_id, review_text FROM reviews WHERE laundromat_id = $1',
      [place.id],
    );
    expect(review).toEqual({ user_id: null, review_text: 'Fine' });
  }, 240_000);
});
