import { EventEmitter } from 'node:events';
import { liveAvailabilityEventSchema, type LiveAvailabilityEvent } from '@laundry/contracts';
import type { Logger } from '@laundry/platform/logging';
import type { LiveFanout } from '../domain/live-streams.ts';

const CHANNEL = 'availability:live';

/** The embedded mode: one process, so a change goes straight to its own streams. */
export function createMemoryFanout(): LiveFanout {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(event) {
      emitter.emit('change', event);
      return Promise.resolve();
    },
    listen(onEvent) {
      emitter.on('change', onEvent);
      return Promise.resolve();
    },
    close() {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}

/**
 * The distributed mode: every replica publishes the changes it commits on one Redis channel (under the
 * stack's namespace) and hears everyone's, its own included, so a stream on any replica gets them all.
 * The client is loaded only here, as the distributed infra's are.
 */
export async function createRedisFanout(options: {
  url: string;
  namespace: string;
  logger: Logger;
}): Promise<LiveFanout> {
  const { createRedisPubSub } = await import('@laundry/platform/cache/redis');
  const pubsub = createRedisPubSub({ url: options.url, prefix: options.namespace, logger: options.logger });
  const stops: Array<() => Promise<void>> = [];
  return {
    async publish(event: LiveAvailabilityEvent) {
      await pubsub.publish(CHANNEL, JSON.stringify(event));
    },
    async listen(onEvent) {
      stops.push(
        await pubsub.subscribe(CHANNEL, (message) => {
          // Another version of the service may share the channel: a message this one cannot read is skipped.
          const parsed = liveAvailabilityEventSchema.safeParse(JSON.parse(message));
          if (parsed.success) onEvent(parsed.data);
          else options.logger.warn({ issues: parsed.error.issues }, 'unreadable live change skipped');
        }),
      );
    },
    async close() {
      await Promise.allSettled(stops.map((stop) => stop()));
      await pubsub.close();
    },
  };
}
