import amqplib from 'amqplib';
import {
  createMemoryBroker,
  type EventBus,
  type EventEnvelope,
  type MemoryBroker,
} from '@laundry/platform/bus';
import { createRabbitBus, type RabbitBus } from '@laundry/platform/bus/rabbitmq';
import { available, silentLogger, uniqueName, urls } from './servers.ts';

/** Short back-off so retry tests take milliseconds; the production default is 1 s, 5 s, 30 s. */
export const TEST_RETRY_DELAYS_MS = [50, 100];

/** Buses for several services on one broker, each test file under its own namespace. */
export interface BusFixture {
  kind: 'rabbit' | 'memory';
  bus(service: string): EventBus;
  /** What landed in the service's parking queue. */
  deadLetters(service: string): Promise<EventEnvelope[]>;
  cleanup(): Promise<void>;
}

export function rabbitFixture(): BusFixture & { rabbitBus(service: string): RabbitBus } {
  const namespace = `${uniqueName('t')}.`;
  const buses: RabbitBus[] = [];
  const rabbitBus = (service: string) => {
    const bus = createRabbitBus({
      url: urls.amqp,
      service,
      logger: silentLogger,
      namespace,
      retryDelaysMs: TEST_RETRY_DELAYS_MS,
      publishTimeoutMs: 2000,
    });
    buses.push(bus);
    return bus;
  };
  return {
    kind: 'rabbit',
    bus: rabbitBus,
    rabbitBus,
    async deadLetters(service) {
      const connection = await amqplib.connect(urls.amqp);
      const channel = await connection.createChannel();
      const events: EventEnvelope[] = [];
      try {
        for (;;) {
          const message = await channel.get(`${namespace}${service}.dead`, { noAck: false });
          if (!message) break;
          events.push(JSON.parse(message.content.toString()) as EventEnvelope);
        }
        // Unacked gets go back to the queue when the channel closes: reading does not consume.
      } finally {
        await connection.close();
      }
      return events;
    },
    async cleanup() {
      await Promise.all(buses.map((bus) => bus.close()));
      await deleteRabbitNamespace(
        namespace,
        buses.map((bus) => bus.names.queue.slice(namespace.length)),
        TEST_RETRY_DELAYS_MS,
      );
    },
  };
}

/** Removes the queues and exchanges a test created under its namespace. */
export async function deleteRabbitNamespace(
  namespace: string,
  services: string[],
  retryDelaysMs: readonly number[],
): Promise<void> {
  const connection = await amqplib.connect(urls.amqp);
  const channel = await connection.createChannel();
  for (const service of new Set(services)) {
    const queue = namespace + service;
    for (const name of [queue, `${queue}.dead`, ...retryDelaysMs.map((ms) => `${queue}.retry.${ms}ms`)]) {
      await channel.deleteQueue(name);
    }
  }
  await channel.deleteExchange(`${namespace}laundry.events`);
  await channel.deleteExchange(`${namespace}laundry.dlx`);
  await connection.close();
}

export function memoryFixture(): BusFixture & { broker: MemoryBroker } {
  const broker = createMemoryBroker({ logger: silentLogger, retryDelaysMs: TEST_RETRY_DELAYS_MS });
  return {
    kind: 'memory',
    broker,
    bus: (service) => broker.bus(service),
    deadLetters: async (service) => broker.deadLetters(service).map((letter) => letter.event),
    cleanup: () => broker.close(),
  };
}

export const busFixtures = [
  { name: 'rabbitmq', create: rabbitFixture as () => BusFixture, unavailable: !available.rabbit },
  { name: 'memory', create: memoryFixture as () => BusFixture, unavailable: false },
];
