import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  postJson,
  startIdentityServer,
  uniqueEmail,
  type IdentityTestServer,
} from '../support/identity-server.ts';
import { startSmtpStandIn, type SmtpStandIn } from '../support/smtp-stand-in.ts';

vi.setConfig({ testTimeout: 40_000 });

let server: IdentityTestServer;
let smtp: SmtpStandIn | undefined;
let port: number;

beforeAll(async () => {
  // A mail server that is down when the mail is first tried: its port known, nobody listening yet.
  const probe = await startSmtpStandIn();
  port = Number(new URL(probe.url).port);
  await probe.stop();
  server = await startIdentityServer({ SMTP_URL: probe.url, PUBLIC_URL: 'https://laundry.example' });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

describe('the account e-mail job', () => {
  test('when the mail server is down at first, then the job is retried and the mail arrives once it is back', async () => {
    const email = uniqueEmail('retry');

    const signUp = await postJson(`${server.baseUrl}/api/auth/register`, {
      email,
      password: 'a good password',
      confirmAge13: true,
    });
    expect(signUp.status).toBe(202);
    // The first attempt fails against the closed port; the retry comes 5 s later.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    smtp = await startSmtpStandIn({ port });

    const mail = await smtp.nextMailTo(email, { timeoutMs: 20_000 });
    expect(mail.subject).toBe('Confirm your email address');
    expect(smtp.received.filter((received) => received.to.includes(email))).toHaveLength(1);
  });
});
