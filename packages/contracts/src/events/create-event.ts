import { events, type EventDataOf, type EventOf, type EventType } from './registry.ts';

/**
 * Builds a validated envelope for publishing; a data shape that breaks the contract throws here,
 * at the producer, rather than in every consumer.
 */
export function createEvent<T extends EventType>(
  type: T,
  producer: string,
  data: EventDataOf<T>,
  occurredAt: Date = new Date(),
): EventOf<T> {
  const envelope = { id: crypto.randomUUID(), type, occurredAt: occurredAt.toISOString(), producer, data };
  return events[type].parse(envelope) as EventOf<T>;
}

/** Parses a received envelope against its type's schema. */
export function parseEvent<T extends EventType>(type: T, envelope: unknown): EventOf<T> {
  return events[type].parse(envelope) as EventOf<T>;
}
