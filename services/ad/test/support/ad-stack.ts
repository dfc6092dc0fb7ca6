import { expect } from 'vitest';
import type { AdvertiserServing } from '@laundry/contracts';
import { startStack, ADMIN_EMAIL, signUpAdmin, type TestStack } from '../../../../test/support/stack.ts';
import { apiClient, signUp, type Session } from '../../../../test/support/session.ts';
import { eventually } from '../../../../test/support/servers.ts';

export type { TestStack, Session };
export { signUp, signUpAdmin, ADMIN_EMAIL };

/** The product stack for one ad test file, with the gateway's rate limits out of the way. */
export function startAdStack(overrides: Record<string, string> = {}): Promise<TestStack> {
  return startStack({
    RATE_LIMIT_PER_MINUTE: '100000',
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    ...overrides,
  });
}

export interface ErrorBody {
  message: string;
  code?: string;
  errors?: { path: string; message: string }[];
}

/** A call through the gateway as the signed-in person (or nobody), answering status and parsed body. */
export function caller(stack: TestStack, session?: Session) {
  const call = apiClient(stack.baseUrl, session);
  return async <T = unknown>(method: string, path: string, body?: unknown) => {
    const response = await call(path, { method, body });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
}

export const validProfile = {
  businessName: 'Bright Suds Laundromat',
  industry: 'laundromat',
  description: 'Coin laundry open late',
  website: 'https://brightsuds.example',
  contactEmail: 'Owner@BrightSuds.example',
  contactPhone: '+44 20 7946 0000',
  businessAddress: '1 Wash Street, London',
};

/** A campaign the automatic check approves: https links on the advertiser's own domain, plain words. */
export const safeCampaign = {
  title: 'Half-price drying on Tuesdays',
  description: 'Fresh towels, free wifi',
  imageUrl: 'https://brightsuds.example/ad.png',
  targetUrl: 'https://brightsuds.example/offers',
  totalBudget: 100,
  dailyBudget: 10,
  costPerClick: 0.5,
  status: 'active',
};

/**
 * Saves a card on billing's test checkout page as the person would (POST /api/billing/payment-method, then
 * the page's form); the test provider's 4242… card pays.
 */
export async function addTestCard(stack: TestStack, session: Session) {
  const started = await caller(stack, session)<{ url: string }>('POST', '/api/billing/payment-method');
  expect(started.status).toBe(200);
  const submitted = await fetch(`${stack.baseUrl}${started.body.url}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: session.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '04 / 34' }).toString(),
  });
  expect(submitted.status).toBe(303);
}

/** Waits until the ad service has heard from identity and billing what `until` asks of its serving state. */
export async function untilServing(
  stack: TestStack,
  session: Session,
  until: (serving: AdvertiserServing) => boolean,
): Promise<AdvertiserServing> {
  let serving: AdvertiserServing | undefined;
  await eventually(async () => {
    const answer = await caller(stack, session)<AdvertiserServing>('GET', '/api/advertisers/me/serving');
    serving = answer.status === 200 ? answer.body : undefined;
    return serving !== undefined && until(serving);
  });
  return serving!;
}

/**
 * Signs a new user up (their address verified, as signing up now does) and gives them an advertiser
 * profile; with a card saved on billing's test checkout unless `paymentMethod` is false. Waits until the ad
 * service knows both, so the advertiser's campaigns can be served.
 */
export async function newAdvertiser(
  stack: TestStack,
  profile: Partial<typeof validProfile> & { billingCurrency?: string } = {},
  { paymentMethod = true }: { paymentMethod?: boolean } = {},
) {
  const session = await signUp(stack.baseUrl);
  const created = await caller(stack, session)('POST', '/api/advertisers', { ...validProfile, ...profile });
  expect(created.status).toBe(201);
  if (paymentMethod) await addTestCard(stack, session);
  await untilServing(
    stack,
    session,
    (serving) => serving.emailVerified && serving.hasPaymentMethod === paymentMethod,
  );
  return session;
}

export async function count(stack: TestStack, table: string, where = 'true', params: unknown[] = []) {
  const [row] = await stack.ad.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
    params,
  );
  return row!.n;
}

/** The audit entries for a resource once the events have arrived (they travel through the outbox and bus). */
export async function auditEntries(stack: TestStack, where: string, params: unknown[], atLeast = 1) {
  let rows: Record<string, unknown>[] = [];
  await eventually(async () => {
    rows = await stack.ad.db.query<Record<string, unknown>>(
      `SELECT action, resource, resource_id AS "resourceId", user_id AS "userId", advertiser_id AS "advertiserId",
              status, error_message AS "errorMessage", old_data AS "oldData", new_data AS "newData",
              ip_address AS "ipAddress", user_agent AS "userAgent", endpoint, http_method AS "httpMethod"
       FROM audit_log WHERE ${where} ORDER BY created_at, id`,
      params,
    );
    return rows.length >= atLeast;
  });
  return rows;
}
