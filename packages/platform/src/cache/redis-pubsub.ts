import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * Fire-and-forget messages to every process subscribed to a channel (Redis PUBLISH/SUBSCRIBE): what one
 * replica learns, every replica hears at once. Nothing is kept: a process that is not subscribed at the
 * moment misses the message, so what must not be lost still goes through the outbox and the broker.
 */
export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  /** Calls `onMessage` for every message on the channel from now on; the returned function stops it. */
  subscribe(channel: string, onMessage: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface RedisPubSubOptions {
  url: string;
  /** Prepended to every channel (Redis' keyPrefix does not apply to channels). */
  prefix?: string;
  logger: Logger;
}

export function createRedisPubSub(options: RedisPubSubOptions): PubSub {
  const prefix = options.prefix ?? '';
  // A connection in subscriber mode can do nothing else, so publishing has its own.
  const publisher = new Redis(options.url, { maxRetriesPerRequest: 2, lazyConnect: true });
  const subscriber = new Redis(options.url, { lazyConnect: true });
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (err) => options.logger.warn({ err }, 'redis pub/sub error'));
  }
  const handlers = new Map<string, Set<(message: string) => void>>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(message);
      } catch (err) {
        options.logger.error({ err, channel }, 'a pub/sub handler failed');
      }
    }
  });

  return {
    async publish(channel, message) {
      await publisher.publish(prefix + channel, message);
    },
    async subscribe(channel, onMessage) {
      const name = prefix + channel;
      let set = handlers.get(name);
      if (!set) {
        set = new Set();
        handlers.set(name, set);
        // ioredis resubscribes by itself after a reconnect.
        await subscriber.subscribe(name);
      }
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
        if (set.size === 0 && handlers.get(name) === set) {
          handlers.delete(name);
          await subscriber.unsubscribe(name).catch(() => undefined);
        }
      };
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
