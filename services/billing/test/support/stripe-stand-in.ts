import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import Stripe from 'stripe';

export const STAND_IN_KEY = 'sk_test_stand_in_0123456789';
export const WEBHOOK_SECRET = 'whsec_stand_in_0123456789abcdef';

/** Numbers the stand-in declines, as Stripe's test mode does. */
const declined = new Set(['4000000000000002']);

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  api_version: string;
  created: number;
  livemode: false;
  data: { object: Record<string, unknown> };
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/**
 * A stand-in for Stripe's API on a loopback port, for the official client pointed at it (host, port,
 * protocol): it answers the calls billing makes, checks each one (the key, an idempotency key on every POST,
 * the statement's id as the PaymentIntent's key and a key per attempt on a confirm), replays an answer for a
 * repeated key as Stripe does, and makes the signed webhooks Stripe would send.
 */
export function createStripeStandIn() {
  const requests: RecordedRequest[] = [];
  const problems: string[] = [];
  const events: StripeEvent[] = [];
  const replays = new Map<string, { status: number; body: unknown }>();
  const sessions = new Map<string, Record<string, unknown>>();
  const setupIntents = new Map<string, Record<string, unknown>>();
  const paymentMethods = new Map<
    string,
    {
      id: string;
      number: string;
      card: { brand: string; last4: string; exp_month: number; exp_year: number };
    }
  >();
  const intents = new Map<string, Record<string, unknown>>();
  const detached = new Set<string>();
  const refunds: Array<Record<string, unknown> & { amount: number; payment_intent: unknown }> = [];
  let webhookUrl = '';

  const event = (type: string, object: Record<string, unknown>): StripeEvent => {
    const made: StripeEvent = {
      id: id('evt'),
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: structuredClone(object) },
    };
    events.push(made);
    return made;
  };

  function charge(intent: Record<string, unknown>): { status: number; body: unknown } {
    const method = paymentMethods.get(String(intent.payment_method));
    if (!method || detached.has(method.id) || declined.has(method.number)) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      };
      event('payment_intent.payment_failed', intent);
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
            payment_intent: structuredClone(intent),
          },
        },
      };
    }
    intent.status = 'succeeded';
    intent.latest_charge = id('ch');
    intent.last_payment_error = null;
    event('payment_intent.succeeded', intent);
    return { status: 200, body: structuredClone(intent) };
  }

  function answer(req: RecordedRequest): { status: number; body: unknown } {
    const { method, path, form } = req;
    if (method === 'POST' && path === '/v1/customers') {
      return { status: 200, body: { id: id('cus'), object: 'customer', email: form.email } };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (form.mode !== 'setup') problems.push(`checkout session in mode ${form.mode}`);
      if (!form.customer) problems.push('checkout session without a customer');
      if (!/^[a-z]{3}$/.test(String(form.currency)))
        problems.push(`checkout session with currency ${form.currency}, not an ISO code in lower case`);
      const session = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: 'setup',
        customer: form.customer,
        client_reference_id: form.client_reference_id,
        status: 'open',
        setup_intent: null as string | null,
        url: `https://checkout.stripe.test/c/pay/${randomBytes(8).toString('hex')}`,
      };
      sessions.set(session.id, session);
      return { status: 200, body: session };
    }
    const setupIntent = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && setupIntent) {
      const found = setupIntents.get(setupIntent[1]!);
      if (!found)
        return {
          status: 404,
          body: { error: { type: 'invalid_request_error', message: 'No such setupintent' } },
        };
      const method = paymentMethods.get(String(found.payment_method))!;
      return {
        status: 200,
        body: {
          ...found,
          payment_method: { id: method.id, object: 'payment_method', type: 'card', card: method.card },
        },
      };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const statementId = form['metadata[statementId]'];
      if (req.idempotencyKey !== statementId) {
        problems.push(`PaymentIntent for ${statementId} created with idempotency key ${req.idempotencyKey}`);
      }
      if (form.off_session !== 'true' || form.confirm !== 'true')
        problems.push('PaymentIntent not off-session and confirmed');
      // Stripe takes an amount in the currency's smallest unit, a whole number: cents, or yen for jpy.
      if (!/^[a-z]{3}$/.test(String(form.currency)))
        problems.push(`PaymentIntent in currency ${form.currency}, not an ISO code in lower case`);
      if (!/^\d+$/.test(String(form.amount)))
        problems.push(`PaymentIntent amount ${form.amount}, not a whole number of the smallest unit`);
      const intent: Record<string, unknown> = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency,
        customer: form.customer,
        payment_method: form.payment_method,
        metadata: { statementId },
        status: 'requires_confirmation',
      };
      intents.set(String(intent.id), intent);
      return charge(intent);
    }
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    if (method === 'POST' && confirm) {
      const intent = intents.get(confirm[1]!);
      if (!intent)
        return {
          status: 404,
          body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } },
        };
      const statementId = (intent.metadata as { statementId: string }).statementId;
      if (!req.idempotencyKey?.startsWith(`${statementId}:attempt-`)) {
        problems.push(`confirm of ${statementId} with idempotency key ${req.idempotencyKey}`);
      }
      if (form.payment_method) intent.payment_method = form.payment_method;
      return charge(intent);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      // A refund of a succeeded PaymentIntent, never more than it has left; keyed by billing's refund id.
      const intent = intents.get(form.payment_intent ?? '');
      if (!req.idempotencyKey?.startsWith('refund-'))
        problems.push(`refund with idempotency key ${req.idempotencyKey}`);
      const amount = Number(form.amount);
      if (!intent || intent.status !== 'succeeded')
        return {
          status: 400,
          body: {
            error: { type: 'invalid_request_error', code: 'charge_not_refundable', message: 'Not paid' },
          },
        };
      const left = Number(intent.amount) - Number(intent.amount_refunded ?? 0);
      if (!Number.isInteger(amount) || amount <= 0 || amount > left)
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'amount_too_large',
              message: `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${left / 100})`,
            },
          },
        };
      intent.amount_refunded = Number(intent.amount_refunded ?? 0) + amount;
      const refund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        reason: form.reason,
        metadata: { statementId: form['metadata[statementId]'], refundId: form['metadata[refundId]'] },
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    const detach = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path);
    if (method === 'POST' && detach) {
      const found = paymentMethods.get(detach[1]!);
      if (!found)
        return {
          status: 404,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such PaymentMethod: '${detach[1]}'`,
            },
          },
        };
      // Detached, it still exists at Stripe (a replayed webhook may retrieve it) but belongs to no customer.
      detached.add(found.id);
      return {
        status: 200,
        body: { id: found.id, object: 'payment_method', type: 'card', card: found.card, customer: null },
      };
    }
    problems.push(`unexpected ${method} ${path}`);
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `No route ${path}` } } };
  }

  const server: Server = createServer(async (req, res) => {
    const form = req.method === 'POST' ? await readForm(req) : {};
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0]!,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      form,
    };
    requests.push(recorded);
    if (req.headers.authorization !== `Bearer ${STAND_IN_KEY}`)
      problems.push(`${recorded.path} without the key`);
    if (recorded.method === 'POST' && !recorded.idempotencyKey)
      problems.push(`POST ${recorded.path} without an idempotency key`);
    const replayKey = recorded.idempotencyKey ? `${recorded.path} ${recorded.idempotencyKey}` : undefined;
    const result = (replayKey && replays.get(replayKey)) || answer(recorded);
    if (replayKey) replays.set(replayKey, result);
    res.writeHead(result.status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(result.body));
  });

  const webhooks = new Stripe(STAND_IN_KEY).webhooks;

  return {
    requests,
    problems,
    events,
    refunds,
    async start(): Promise<number> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as { port: number }).port;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** Where the signed webhooks go: the gateway's webhook path. */
    sendWebhooksTo(url: string) {
      webhookUrl = url;
    },
    /** What a person does on Stripe's hosted page: the session completes and its event is made. */
    completeCheckout(url: string, cardNumber: string): StripeEvent {
      const session = [...sessions.values()].find((candidate) => candidate.url === url);
      if (!session) throw new Error(`no checkout session at ${url}`);
      const method = {
        id: id('pm'),
        number: cardNumber,
        card: { brand: 'visa', last4: cardNumber.slice(-4), exp_month: 12, exp_year: 2034 },
      };
      paymentMethods.set(method.id, method);
      const setupIntent = {
        id: id('seti'),
        object: 'setup_intent',
        customer: session.customer,
        payment_method: method.id,
        status: 'succeeded',
      };
      setupIntents.set(setupIntent.id, setupIntent);
      Object.assign(session, { status: 'complete', setup_intent: setupIntent.id });
      return event('checkout.session.completed', session);
    },
    /** Posts an event signed with the endpoint's secret (or another one, to forge it). */
    async deliver(made: StripeEvent, secret = WEBHOOK_SECRET): Promise<Response> {
      const payload = JSON.stringify(made);
      const header = webhooks.generateTestHeaderString({ payload, secret });
      return fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
        body: payload,
      });
    },
    eventsFor(statementId: string) {
      return events.filter(
        (made) =>
          (made.data.object.metadata as { statementId?: string } | undefined)?.statementId === statementId,
      );
    },
  };
}

export type StripeStandIn = ReturnType<typeof createStripeStandIn>;
