// Events between services: the EventBus interface, typed handlers, the in-memory broker of the embedded
// mode and the idempotent handler consumers wrap their work in. RabbitMQ is `@laundry/platform/bus/rabbitmq`.
export type {
  EventBus,
  EventEnvelope,
  EventHandler,
  SubscribeOptions,
  TypedEventHandler,
} from './event-bus.ts';
export { handlerFor, rawEnvelopeHandler } from './typed-handler.ts';
export {
  createMemoryBroker,
  createMemoryBus,
  type DeadLetter,
  type MemoryBroker,
  type MemoryBrokerOptions,
  type MemoryBus,
} from './memory-bus.ts';
export { idempotentHandler, type IdempotentHandlerOptions } from './idempotent-handler.ts';
export { DEFAULT_MAX_ATTEMPTS, DEFAULT_RETRY_DELAYS_MS } from './retry-delay.ts';
export { laundromatOwnerHandlers, laundromatOwnerOf } from './laundromat-owners.ts';
