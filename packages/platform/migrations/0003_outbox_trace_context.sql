-- The trace context (W3C traceparent) of the transaction that recorded an event, when tracing is on: the
-- relay publishes the event inside it, so the event's consumers continue the request's trace.
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS trace_context jsonb;
