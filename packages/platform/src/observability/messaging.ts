import { SpanKind } from '@opentelemetry/api';
import { eventsConsumed, eventsDeadLettered } from './metrics.ts';
import { inSpan, traceCarrier, type TraceCarrier } from './tracing.ts';

/** The headers a published message carries so its consumers continue the publisher's trace. */
export const publishTraceHeaders = (): TraceCarrier | undefined => traceCarrier();

/**
 * One delivery to a handler, in a consumer span that continues the publisher's trace (`headers` are the
 * message's) and counted by outcome. Returns whether the handler succeeded; `lastAttempt` says whether a
 * failure is dead-lettered or retried.
 */
export async function consumeObserved(
  delivery: {
    service: string;
    type: string;
    headers: Record<string, unknown> | undefined;
    lastAttempt: boolean;
  },
  handle: () => Promise<void>,
): Promise<void> {
  const { service, type } = delivery;
  try {
    await inSpan(
      `process ${type}`,
      {
        kind: SpanKind.CONSUMER,
        parent: delivery.headers ?? null,
        attributes: {
          'laundry.service': service,
          'messaging.operation.type': 'process',
          'messaging.destination.name': type,
        },
      },
      handle,
    );
    eventsConsumed.inc({ service, type, outcome: 'processed' });
  } catch (error) {
    eventsConsumed.inc({ service, type, outcome: delivery.lastAttempt ? 'dead_lettered' : 'retried' });
    if (delivery.lastAttempt) eventsDeadLettered.inc({ service, type, reason: 'handler_failed' });
    throw error;
  }
}

/** A message dead-lettered before any handler ran: unreadable, or of a type nobody here handles. */
export function deadLetteredUnhandled(
  service: string,
  type: string,
  reason: 'unreadable' | 'no_handler',
): void {
  eventsDeadLettered.inc({ service, type, reason });
}
