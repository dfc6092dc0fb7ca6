import amqplib from 'amqplib';
import {
  createMemoryBroker,
  createRabbitBus,
  handlerFor,
  rawEnvelopeHandler,
  type EventBus,
  type EventEnvelope,
  type TypedEventHandler,
} from '@laundry/platform';
import { available, silentLogger, uniqueName, urls } from './servers.ts';
import type { EventType } from '@laundry/contracts';

/** Short back-off so a retried-then-dead-lettered event takes milliseconds; production waits 1 s, 5 s, 30 s. */
const RETRY_DELAYS_MS = [50, 100];

export interface ConsumerHarness {
  /** Subscribes a service's real handler, counting every delivery it has finished (retries included). */
  subscribe<T extends EventType>(type: T, handler: TypedEventHandler<T>, maxAttempts: number): void;
  start(): Promise<void>;
  publish(event: EventEnvelope): Promise<void>;
  deliveries(eventId: string): number;
  /** Events parked in the consumer's dead-letter queue. */
  deadLetters(): Promise<EventEnvelope[]>;
  stop(): Promise<void>;
}

/**
 * A consumer queue of its own, on RabbitMQ when it answers (else the in-memory broker), for testing an
 * event handler's retries and dead letters with short back-off. Handlers run against the real database.
 */
export function consumerHarness(service: string): ConsumerHarness {
  const counts = new Map<string, number>();
  const namespace = `${uniqueName('h')}.`;
  let bus: EventBus;
  let deadLetters: () => Promise<EventEnvelope[]>;
  let cleanup: () => Promise<void>;

  if (available.rabbit) {
    const rabbit = createRabbitBus({
      url: urls.amqp,
      service,
      namespace,
      logger: silentLogger,
      retryDelaysMs: RETRY_DELAYS_MS,
      publishTimeoutMs: 2000,
    });
    bus = rabbit;
    deadLetters = async () => {
      const connection = await amqplib.connect(urls.amqp);
      try {
        const channel = await connection.createChannel();
        const events: EventEnvelope[] = [];
        // Unacked gets return to the queue when the connection closes: reading does not consume.
        for (let message = await channel.get(rabbit.names.deadQueue); message;) {
          events.push(JSON.parse(message.content.toString()) as EventEnvelope);
          message = await channel.get(rabbit.names.deadQueue);
        }
        return events;
      } finally {
        await connection.close();
      }
    };
    cleanup = async () => {
      await rabbit.close();
      const connection = await amqplib.connect(urls.amqp);
      try {
        const channel = await connection.createChannel();
        const { queue, deadQueue, exchange, deadLetterExchange } = rabbit.names;
        for (const name of [queue, deadQueue, ...RETRY_DELAYS_MS.map((ms) => `${queue}.retry.${ms}ms`)]) {
          await channel.deleteQueue(name);
        }
        await channel.deleteExchange(exchange);
        await channel.deleteExchange(deadLetterExchange);
      } finally {
        await connection.close();
      }
    };
  } else {
    const broker = createMemoryBroker({ logger: silentLogger, retryDelaysMs: RETRY_DELAYS_MS });
    bus = broker.bus(service);
    deadLetters = async () => broker.deadLetters(service).map((letter) => letter.event);
    cleanup = () => broker.close();
  }

  return {
    subscribe<T extends EventType>(type: T, handler: TypedEventHandler<T>, maxAttempts: number) {
      // Counted before the bus's parse, so an event that breaks its contract counts each attempt too.
      const typed = handlerFor(type, handler);
      bus.subscribe(
        type,
        rawEnvelopeHandler(async (event) => {
          try {
            await typed(event);
          } finally {
            counts.set(event.id, (counts.get(event.id) ?? 0) + 1);
          }
        }),
        { maxAttempts },
      );
    },
    start: () => bus.start(),
    publish: (event) => bus.publish(event),
    deliveries: (eventId) => counts.get(eventId) ?? 0,
    deadLetters: () => deadLetters(),
    stop: () => cleanup(),
  };
}
