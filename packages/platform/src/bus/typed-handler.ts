import { isEventType, parseEvent } from '@laundry/contracts';
import type { EventHandler } from './event-bus.ts';

const takesRawEnvelope = Symbol('takesRawEnvelope');

/**
 * Marks a handler that wants each envelope as it came, unparsed (an audit trail keeping every event, or a
 * test counting deliveries, including those a parse would refuse).
 */
export function rawEnvelopeHandler(handler: EventHandler): EventHandler {
  return Object.assign(handler, { [takesRawEnvelope]: true });
}

/**
 * What a bus calls for a subscription: for a contract event, the envelope parsed against its schema first,
 * so every handler works on the typed event and a malformed one fails (retry, then dead letter) before it.
 */
export function handlerFor(type: string, handler: (event: never) => Promise<void>): EventHandler {
  const call = handler as EventHandler;
  if (!isEventType(type) || takesRawEnvelope in handler) return call;
  return (envelope) => call(parseEvent(type, envelope));
}
