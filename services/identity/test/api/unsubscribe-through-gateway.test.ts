import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationPreferences } from '@laundry/contracts';
import { startStack, type TestStack } from '../../../../test/support/stack.ts';
import { apiClient, signUp, type Session } from '../../../../test/support/session.ts';
import { signUnsubscribeToken, unsubscribeKey } from '../../src/domain/unsubscribe-token.ts';

vi.setConfig({ testTimeout: 30_000 });

/**
 * The one-click POST comes from a mail provider's server: no cookie, no Origin, form-encoded. It must pass
 * the gateway (its cross-origin check and routing) to identity as it is.
 */
let stack: TestStack;
let ada: Session;

beforeAll(async () => {
  stack = await startStack({ RATE_LIMIT_PER_MINUTE: '100000', WRITE_RATE_LIMIT_PER_MINUTE: '100000' });
  ada = await signUp(stack.baseUrl);
}, 120_000);
afterAll(() => stack?.stop());

const preferences = async () =>
  ((await (await apiClient(stack.baseUrl, ada)('/api/me/notifications')).json()) as NotificationPreferences)
    .preferences;

describe('the unsubscribe link through the gateway', () => {
  it('when a mail client posts the one-click body without a cookie, then the type is off for the person the link names', async () => {
    const token = signUnsubscribeToken(unsubscribeKey(stack.env.SESSION_SECRET!), {
      userId: ada.user.id,
      type: 'advertiser.billing',
    });
    expect((await preferences())['advertiser.billing']).toBe(true);

    const page = await fetch(`${stack.baseUrl}/api/notifications/unsubscribe?token=${token}`);
    expect(page.status).toBe(200);
    const posted = await fetch(`${stack.baseUrl}/api/notifications/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });

    expect(posted.status).toBe(200);
    expect((await preferences())['advertiser.billing']).toBe(false);
    expect((await preferences())['advertiser.budget']).toBe(true);
  });

  it("when another site's page posts the form, then the gateway refuses it and nothing changes", async () => {
    const token = signUnsubscribeToken(unsubscribeKey(stack.env.SESSION_SECRET!), {
      userId: ada.user.id,
      type: 'owner.review',
    });

    const posted = await fetch(`${stack.baseUrl}/api/notifications/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: '',
    });

    expect(posted.status).toBe(403);
    expect((await preferences())['owner.review']).toBe(true);
  });
});
