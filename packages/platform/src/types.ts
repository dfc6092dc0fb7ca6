import type { Logger } from 'pino';
import type { EventOf, EventType } from '@laundry/contracts';

/** A SQL connection scoped to one service's schema (search_path = <schema>, public). */
export interface Db {
  /** Runs one statement with $1.. parameters and returns its rows. */
  query<R extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  /** Runs fn in one transaction; it commits when fn resolves and rolls back when it throws. */
  tx<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Runs fn once the transaction this Db belongs to has committed (never after a rollback); outside a
   * transaction, right away. The outbox relays its events this way, so no caller has to remember to.
   */
  afterCommit(fn: () => void): void;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  readonly schema: string;
  readonly kind: 'postgres' | 'pglite';
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The envelope every event travels in (DESIGN §5). */
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

export interface JobOptions {
  attempts?: number;
  backoffMs?: number;
  jobId?: string;
}

export interface JobQueue<T = unknown> {
  readonly name: string;
  add(data: T, options?: JobOptions): Promise<void>;
  /** Processes jobs; a handler that throws is retried with exponential back-off, then moved to failed. */
  process(handler: (data: T, attempt: number) => Promise<void>, options?: { concurrency?: number }): void;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T, ttlSeconds: number): Promise<void>;
  del(key: string): Promise<void>;
  /** Adds 1 to a counter that expires ttlSeconds after its first increment; returns the new count. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/** What a service needs from the outside world; one set per process in the distributed mode, shared in the embedded one. */
export interface Infra {
  logger: Logger;
  openDb(schema: string): Promise<Db>;
  bus(service: string): EventBus;
  jobs<T>(name: string): JobQueue<T>;
  cache: Cache;
  close(): Promise<void>;
}
