import { z } from 'zod';

/** The envelope every event travels in (docs/architecture.md, Events); `type` is also the routing key. */
export function eventEnvelopeSchema<D extends z.ZodType>(dataSchema: D) {
  return z.object({
    id: z.uuid(),
    type: z.string().min(1),
    occurredAt: z.iso.datetime({ offset: true }),
    producer: z.string().min(1),
    data: dataSchema,
  });
}

/** An envelope whose type is pinned to one event name, so a parsed event proves which one it is. */
export function defineEventSchema<const T extends string, D extends z.ZodType>(type: T, dataSchema: D) {
  return eventEnvelopeSchema(dataSchema).extend({ type: z.literal(type) });
}

export type EventEnvelopeOf<T extends string, D> = {
  id: string;
  type: T;
  occurredAt: string;
  producer: string;
  data: D;
};
