import type { EventOf, EventType } from '@laundry/contracts';

/** The envelope every event travels in (docs/architecture.md, Events). */
export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  producer: string;
  data: T;
}

export interface SubscribeOptions {
  /** Delivery attempts before the message is dead-lettered (default 5). */
  maxAttempts?: number;
}

export type EventHandler<T = unknown> = (event: EventEnvelope<T>) => Promise<void>;

/** A handler of one contract event: it receives the envelope already parsed against the event's schema. */
export type TypedEventHandler<T extends EventType> = (event: EventOf<T>) => Promise<void>;

export interface EventBus {
  /** Resolves once the broker has confirmed the message (publisher confirms). */
  publish(event: EventEnvelope): Promise<void>;
  /**
   * Registers a handler for one event type on this service's queue; call before start(). A contract event
   * (packages/contracts) reaches its handler parsed and typed; one that does not parse throws, so it is
   * retried and then dead-lettered like any failure.
   */
  subscribe<T extends EventType>(type: T, handler: TypedEventHandler<T>, options?: SubscribeOptions): void;
  /** Any other event type (the adapters' own contract tests): the envelope as it came. */
  subscribe<T>(type: string, handler: EventHandler<T>, options?: SubscribeOptions): void;
  /** Starts consuming the subscribed types on the queue named after the service. */
  start(): Promise<void>;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}
