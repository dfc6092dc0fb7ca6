import amqp, { type AmqpConnectionManager, type ChannelWrapper } from 'amqp-connection-manager';
import type { Channel, ConfirmChannel, ConsumeMessage } from 'amqplib';
import type { Logger } from 'pino';
import type { EventBus, EventEnvelope, EventHandler, SubscribeOptions } from './event-bus.ts';
import { handlerFor } from './typed-handler.ts';
import { consumeObserved, deadLetteredUnhandled, publishTraceHeaders } from '../observability/messaging.ts';
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_RETRY_DELAYS_MS, retryDelay } from './retry-delay.ts';

export interface RabbitBusOptions {
  url: string;
  /** Names the queue this process consumes from; instances of one service compete on it. */
  service: string;
  logger: Logger;
  exchange?: string;
  deadLetterExchange?: string;
  /** Prefixes every exchange and queue name, so parallel test runs never share one. */
  namespace?: string;
  retryDelaysMs?: readonly number[];
  prefetch?: number;
  /** A publish not confirmed within this time rejects (the outbox then keeps the row pending). */
  publishTimeoutMs?: number;
  /** Production runs quorum queues (ADR 0004); classic is the default for a single node. */
  queueType?: 'classic' | 'quorum';
}

export interface RabbitBus extends EventBus {
  readonly connection: AmqpConnectionManager;
  readonly names: { exchange: string; deadLetterExchange: string; queue: string; deadQueue: string };
}

const ATTEMPT_HEADER = 'x-attempt';

/**
 * The distributed bus (ADR 0004). A handler that throws is republished to a delay queue whose TTL
 * dead-letters it back to the service queue (one delay queue per back-off step, since a per-message TTL
 * only expires at the head of a queue); after maxAttempts it is rejected into `<service>.dead` through
 * the dead-letter exchange. Nothing that failed is ever acked away.
 */
export function createRabbitBus(options: RabbitBusOptions): RabbitBus {
  const { logger, service } = options;
  const ns = options.namespace ?? '';
  const exchange = ns + (options.exchange ?? 'laundry.events');
  const deadLetterExchange = ns + (options.deadLetterExchange ?? 'laundry.dlx');
  const queue = ns + service;
  const deadQueue = `${queue}.dead`;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const delayQueue = (ms: number) => `${queue}.retry.${ms}ms`;
  const subscriptions = new Map<string, { handler: EventHandler; maxAttempts: number }>();

  const connection = amqp.connect([options.url], {
    heartbeatIntervalInSeconds: 5,
    reconnectTimeInSeconds: 1,
    connectionOptions: { clientProperties: { connection_name: `${queue}` } },
  });
  connection.on('connect', () => logger.info({ service }, 'amqp connected'));
  connection.on('disconnect', ({ err }) => logger.warn({ err, service }, 'amqp disconnected; reconnecting'));

  const publisher = connection.createChannel({
    name: `${queue}.publish`,
    confirm: true,
    publishTimeout: options.publishTimeoutMs ?? 10_000,
    setup: (channel: ConfirmChannel) =>
      channel.assertExchange(exchange, 'topic', { durable: true }).then(() => undefined),
  });
  // Without an 'error' listener a setup cut short by a dropped connection becomes an unhandled rejection.
  // The wrapper names the channel for a failed setup only; a channel error of its own comes without it.
  const onChannelError = (err: Error, info?: { name?: string }) =>
    logger.warn({ err, service, channel: info?.name }, 'amqp channel failed; set up again on reconnect');
  publisher.on('error', onChannelError);
  let consumer: ChannelWrapper | undefined;
  // The raw channel of the current connection: acks must go to the channel that delivered the message.
  let consumerChannel: Channel | undefined;

  async function declareTopology(channel: Channel): Promise<void> {
    await channel.assertExchange(exchange, 'topic', { durable: true });
    await channel.assertExchange(deadLetterExchange, 'direct', { durable: true });
    await channel.assertQueue(deadQueue, { durable: true });
    await channel.bindQueue(deadQueue, deadLetterExchange, queue);
    await channel.assertQueue(queue, {
      durable: true,
      deadLetterExchange,
      deadLetterRoutingKey: queue,
      arguments: { 'x-queue-type': options.queueType ?? 'classic' },
    });
    for (const type of subscriptions.keys()) await channel.bindQueue(queue, exchange, type);
    for (const ms of new Set(delays)) {
      await channel.assertQueue(delayQueue(ms), {
        durable: true,
        messageTtl: ms,
        deadLetterExchange: '',
        deadLetterRoutingKey: queue,
      });
    }
  }

  function settle(
    channel: Channel | undefined,
    message: ConsumeMessage,
    outcome: 'ack' | 'dead' | 'requeue',
  ): void {
    try {
      if (outcome === 'ack') channel?.ack(message);
      else channel?.nack(message, false, outcome === 'requeue');
    } catch (err) {
      // The channel closed meanwhile; the broker redelivers the message (consumers are idempotent).
      logger.warn({ err, service }, 'could not settle a message on a closed channel');
    }
  }

  async function onMessage(message: ConsumeMessage): Promise<void> {
    const channel = consumerChannel;
    const attempt = Number(message.properties.headers?.[ATTEMPT_HEADER] ?? 1);
    let event: EventEnvelope;
    try {
      event = JSON.parse(message.content.toString('utf8')) as EventEnvelope;
    } catch (err) {
      logger.error({ err, service }, 'unreadable message; dead-lettered');
      deadLetteredUnhandled(service, String(message.properties.type ?? 'unknown'), 'unreadable');
      return settle(channel, message, 'dead');
    }
    const subscription = subscriptions.get(event.type);
    if (!subscription) {
      logger.error(
        { service, type: event.type, id: event.id },
        'no handler for this event type; dead-lettered',
      );
      deadLetteredUnhandled(service, String(event.type), 'no_handler');
      return settle(channel, message, 'dead');
    }
    try {
      await consumeObserved(
        {
          service,
          type: event.type,
          headers: message.properties.headers,
          lastAttempt: attempt >= subscription.maxAttempts,
        },
        () => subscription.handler(event),
      );
      return settle(channel, message, 'ack');
    } catch (err) {
      const log = { err, service, type: event.type, id: event.id, attempt };
      if (attempt >= subscription.maxAttempts) {
        logger.error(log, 'handler failed; dead-lettered');
        return settle(channel, message, 'dead');
      }
      try {
        await publisher.sendToQueue(delayQueue(retryDelay(delays, attempt)), message.content, {
          persistent: true,
          contentType: message.properties.contentType as string | undefined,
          messageId: message.properties.messageId as string | undefined,
          type: message.properties.type as string | undefined,
          headers: { ...message.properties.headers, [ATTEMPT_HEADER]: attempt + 1 },
        });
        logger.warn(log, 'handler failed; retrying after back-off');
        return settle(channel, message, 'ack');
      } catch (republishError) {
        // Without a confirmed copy we must not ack: leave it to the broker to redeliver.
        logger.error({ ...log, err: republishError }, 'could not schedule a retry; requeued');
        settle(channel, message, 'requeue');
      }
    }
  }

  return {
    connection,
    names: { exchange, deadLetterExchange, queue, deadQueue },
    async publish(event) {
      await publisher.publish(exchange, event.type, Buffer.from(JSON.stringify(event)), {
        persistent: true,
        contentType: 'application/json',
        messageId: event.id,
        type: event.type,
        appId: event.producer,
        // The trace context (traceparent) of the change that recorded the event, for its consumers.
        headers: publishTraceHeaders(),
      });
    },
    subscribe(type: string, handler: (event: never) => Promise<void>, subscribeOptions?: SubscribeOptions) {
      subscriptions.set(type, {
        handler: handlerFor(type, handler),
        maxAttempts: subscribeOptions?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      });
    },
    async start() {
      if (consumer || subscriptions.size === 0) return;
      consumer = connection.createChannel({
        name: `${queue}.consume`,
        confirm: false,
        setup: async (channel: Channel) => {
          await declareTopology(channel);
          // Here rather than as consume's option: the wrapper sends that one without waiting for its
          // answer, so a channel closed before the answer comes (a stop, a broker cancel) leaves a
          // rejection nobody handles, the likeliest source of one that failed a clean-clone test run.
          // Set up again on every reconnect.
          await channel.prefetch(options.prefetch ?? 10);
          consumerChannel = channel;
        },
      });
      consumer.on('error', onChannelError);
      await consumer.waitForConnect();
      await consumer.consume(queue, (message) => void onMessage(message), { noAck: false });
    },
    ready: async () => connection.isConnected(),
    async close() {
      await consumer?.close();
      await publisher.close();
      await connection.close();
    },
  };
}
