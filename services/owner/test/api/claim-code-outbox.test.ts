import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerClaim } from '@laundry/contracts';
import { startStack } from '../../../../test/support/stack.ts';
import {
  call,
  eventually,
  insertLaundromatsFor,
  signUp,
  type ErrorBody,
  type Session,
  type TestStack,
} from '../support/owner-stack.ts';

/**
 * As `npm start` runs the product: no SMTP_URL, so identity keeps every mail in its local outbox
 * (/dev/mail). The owner service has no mail path of its own; its claim codes must land there too, or a
 * person trying the product could never claim a laundromat.
 */
let stack: TestStack;
let alice: Session;
let suds: string;

beforeAll(async () => {
  stack = await startStack({ RATE_LIMIT_PER_MINUTE: '100000', WRITE_RATE_LIMIT_PER_MINUTE: '100000' });
  alice = await signUp(stack.baseUrl);
  [suds] = (await insertLaundromatsFor(stack, [
    { name: 'Suds Outbox', website: 'https://suds-outbox.test' },
  ])) as [string];
});

afterAll(() => stack?.stop());

describe("a claim's code without a mail server", () => {
  it("when a person claims by an address at the website, then the code is in identity's local outbox, in their language, and verifies the claim", async () => {
    const created = await call<OwnerClaim & ErrorBody>(
      stack,
      alice,
      'POST',
      `/api/laundromats/${suds}/claims`,
      { method: 'email-domain', email: 'desk@suds-outbox.test', language: 'fr' },
    );
    expect(created.status).toBe(201);

    let mail: { subject: string; text: string } | undefined;
    await eventually(async () => {
      [mail] = await stack.identityDb.query<{ subject: string; text: string }>(
        `SELECT subject, text_body AS text FROM mail_outbox WHERE recipient = 'desk@suds-outbox.test'`,
      );
      return mail !== undefined;
    });
    expect(mail!.subject).toBe('Votre code pour revendiquer une laverie');
    expect(mail!.text).toContain('Suds Outbox');
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;

    const verified = await call<OwnerClaim>(stack, alice, 'POST', `/api/claims/${created.body.id}/verify`, {
      code,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.status).toBe('verified');
  });
});
