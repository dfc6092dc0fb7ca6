import type { Logger } from 'pino';
import type { EventBus, EventEnvelope, EventHandler, SubscribeOptions } from './event-bus.ts';
import { handlerFor } from './typed-handler.ts';
import { consumeObserved, publishTraceHeaders } from '../observability/messaging.ts';
import type { TraceCarrier } from '../observability/tracing.ts';
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_RETRY_DELAYS_MS, retryDelay } from './retry-delay.ts';

export interface MemoryBrokerOptions {
  logger?: Logger;
  /** Back-off between attempts; tests pass small values. */
  retryDelaysMs?: readonly number[];
}

export interface DeadLetter {
  service: string;
  event: EventEnvelope;
  attempts: number;
  error: string;
}

export interface MemoryBus extends EventBus {
  readonly service: string;
  /** Events this service gave up on, the in-process counterpart of the `<service>.dead` queue. */
  deadLetters(): DeadLetter[];
}

export interface MemoryBroker {
  bus(service: string): MemoryBus;
  deadLetters(service?: string): DeadLetter[];
  /** Resolves once nothing is being delivered or waiting for a retry. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

interface Subscription {
  handler: EventHandler;
  maxAttempts: number;
}

interface ServiceQueue {
  subscriptions: Map<string, Subscription>;
  started: boolean;
  closed: boolean;
  /** Published before start(): kept like a durable queue keeps them. */
  waiting: Message[];
}

/** An event as delivered, with the headers it was published with. */
interface Message {
  event: EventEnvelope;
  headers?: TraceCarrier;
}

/**
 * The embedded mode's broker: every service of the process shares it, each with its own queue, as with
 * RabbitMQ. Delivery is asynchronous and the envelope is copied through JSON, so handlers see what they
 * would see over the wire; a handler that throws is retried with back-off, then dead-lettered.
 */
export function createMemoryBroker(options: MemoryBrokerOptions = {}): MemoryBroker {
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const queues = new Map<string, ServiceQueue>();
  const buses = new Map<string, MemoryBus>();
  const dead: DeadLetter[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let busy = 0;
  let idleWaiters: Array<() => void> = [];

  function settle(): void {
    busy -= 1;
    if (busy === 0) {
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    }
  }

  function schedule(delayMs: number, task: () => Promise<void>): void {
    busy += 1;
    const timer = setTimeout(() => {
      timers.delete(timer);
      task().finally(settle);
    }, delayMs);
    timers.add(timer);
  }

  function deliver(service: string, queue: ServiceQueue, { event, headers }: Message, attempt: number): void {
    schedule(attempt === 1 ? 0 : retryDelay(delays, attempt - 1), async () => {
      const subscription = queue.subscriptions.get(event.type);
      if (!subscription || queue.closed) return;
      try {
        await consumeObserved(
          { service, type: event.type, headers, lastAttempt: attempt >= subscription.maxAttempts },
          () => subscription.handler(event),
        );
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        if (attempt < subscription.maxAttempts) {
          options.logger?.warn(
            { err, service, type: event.type, id: event.id, attempt },
            'handler failed; retrying',
          );
          deliver(service, queue, { event, headers }, attempt + 1);
        } else {
          options.logger?.error(
            { err, service, type: event.type, id: event.id, attempt },
            'handler failed; dead-lettered',
          );
          dead.push({ service, event, attempts: attempt, error });
        }
      }
    });
  }

  function publish(event: EventEnvelope): void {
    const copy = JSON.parse(JSON.stringify(event)) as EventEnvelope;
    // Like a message's headers: the publisher's trace context travels beside the envelope.
    const message: Message = { event: copy, headers: publishTraceHeaders() };
    for (const [service, queue] of queues) {
      if (queue.closed || !queue.subscriptions.has(copy.type)) continue;
      if (queue.started) deliver(service, queue, message, 1);
      else queue.waiting.push(message);
    }
  }

  function bus(service: string): MemoryBus {
    const existing = buses.get(service);
    if (existing) return existing;
    const queue: ServiceQueue = { subscriptions: new Map(), started: false, closed: false, waiting: [] };
    queues.set(service, queue);
    const created: MemoryBus = {
      service,
      publish: async (event) => publish(event),
      subscribe(type: string, handler: (event: never) => Promise<void>, subscribeOptions?: SubscribeOptions) {
        queue.subscriptions.set(type, {
          handler: handlerFor(type, handler),
          maxAttempts: subscribeOptions?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        });
      },
      async start() {
        queue.started = true;
        for (const message of queue.waiting.splice(0)) deliver(service, queue, message, 1);
      },
      ready: async () => !queue.closed,
      async close() {
        queue.closed = true;
      },
      deadLetters: () => dead.filter((letter) => letter.service === service),
    };
    buses.set(service, created);
    return created;
  }

  return {
    bus,
    deadLetters: (service) => dead.filter((letter) => service === undefined || letter.service === service),
    idle: () => (busy === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve))),
    async close() {
      for (const queue of queues.values()) queue.closed = true;
      for (const timer of [...timers]) {
        clearTimeout(timer);
        timers.delete(timer);
        settle();
      }
    },
  };
}

/** A bus with a broker of its own, for a single service or a test. */
export function createMemoryBus(options: MemoryBrokerOptions & { service?: string } = {}): MemoryBus {
  return createMemoryBroker(options).bus(options.service ?? 'memory');
}
