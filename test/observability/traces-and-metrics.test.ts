import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  metricsRegistry,
  startMetricsServer,
  startTracing,
  type MetricsServer,
  type Tracing,
} from '@laundry/platform/observability';
import { InMemorySpanExporter, type ReadableSpan } from '@laundry/platform/observability/testing';
import { signUpAdmin, startStack, type TestStack } from '../support/stack.ts';
import { apiClient, signUp } from '../support/session.ts';
import { eventually } from '../support/servers.ts';

// The whole product in this process with tracing on, its spans kept in memory: a request that arrives with
// a traceparent is followed through the gateway, the service and the consumer of the event it caused.
const exporter = new InMemorySpanExporter();
let tracing: Tracing | undefined;
let stack: TestStack;
let metrics: MetricsServer | undefined;

beforeAll(async () => {
  tracing = await startTracing({ serviceName: 'test-stack', exporter });
  stack = await startStack();
  metrics = await startMetricsServer({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await metrics?.stop();
  await stack?.stop();
  await tracing?.stop();
});

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const serviceOf = (span: ReadableSpan) => span.attributes['laundry.service'];

describe('traces and metrics', () => {
  it('when a review is posted with a traceparent, then the gateway, the review service and the directory consuming review.created.v1 record spans in that one trace', async () => {
    const admin = await signUpAdmin(stack);
    const asAdmin = apiClient(stack.baseUrl, admin);
    const place = (await (
      await asAdmin('/api/laundromats', {
        method: 'POST',
        body: {
          name: 'Traced Wash',
          address: '3 Rua do Ouro',
          city: 'Lisbon',
          country: 'Portugal',
          latitude: 38.71,
          longitude: -9.139,
        },
      })
    ).json()) as { id: string };
    expect((await asAdmin(`/api/laundromats/${place.id}/approve`, { method: 'POST' })).status).toBe(200);
    const person = await signUp(stack.baseUrl);
    const response = await apiClient(stack.baseUrl, person)(`/api/laundromats/${place.id}/reviews`, {
      method: 'POST',
      body: { overallRating: 4, reviewText: 'Clean and quick' },
      headers: { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` },
    });
    expect(response.status).toBe(201);

    const inTrace = () => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === TRACE_ID);
    await eventually(() =>
      inTrace().some((s) => s.name === 'process review.created.v1' && serviceOf(s) === 'directory'),
    );
    const spans = inTrace();
    const gateway = spans.find((s) => serviceOf(s) === 'gateway' && s.name.startsWith('POST'));
    const review = spans.find((s) => serviceOf(s) === 'review' && s.name.startsWith('POST'));
    const publish = spans.find((s) => s.name === 'publish review.created.v1');
    const consumer = spans.find(
      (s) => s.name === 'process review.created.v1' && serviceOf(s) === 'directory',
    );
    expect(gateway?.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    // Named by the route's pattern, never the raw path.
    expect(review?.name).toMatch(/^POST \S*\/:\w+\/reviews$/);
    expect(review?.parentSpanContext?.spanId).toBe(gateway?.spanContext().spanId);
    expect(publish?.parentSpanContext?.spanId).toBe(review?.spanContext().spanId);
    expect(consumer?.parentSpanContext?.spanId).toBe(publish?.spanContext().spanId);
  }, 60_000);

  it('when /metrics is read, then it answers with the request, event and outbox series', async () => {
    const response = await fetch(`http://127.0.0.1:${metrics!.port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(
      /http_server_request_duration_seconds_bucket\{[^}]*service="review"[^}]*route="[^"]*:id\/reviews"[^}]*status_code="201"/,
    );
    expect(text).toMatch(/laundry_events_published_total\{service="review",type="review.created.v1"\} [1-9]/);
    expect(text).toMatch(
      /laundry_events_consumed_total\{service="directory",type="review.created.v1",outcome="processed"\} [1-9]/,
    );
    expect(text).toMatch(/laundry_outbox_pending\{service="review"\} \d/);
    expect(text).toMatch(/laundry_outbox_oldest_age_seconds\{service="review"\} \d/);
    // The OCR worker of the stack works its BullMQ queue, so it reports that queue's jobs by state.
    for (const state of ['waiting', 'active', 'delayed', 'failed']) {
      expect(text).toMatch(new RegExp(`laundry_job_queue_jobs\\{queue="photo-ocr",state="${state}"\\} \\d`));
    }
    for (const name of [
      'laundry_events_dead_lettered_total',
      'laundry_jobs_processed_total',
      'laundry_db_pool_connections',
      'laundry_ad_decision_duration_seconds',
      'laundry_live_streams_open',
      'laundry_charges_failed_total',
    ]) {
      expect(text).toContain(`# TYPE ${name}`);
    }
    expect(await metricsRegistry.getSingleMetricAsString('laundry_outbox_pending')).toContain(
      'service="directory"',
    );
  });

  it('when /metrics is asked of the gateway, then it is a 404: metrics are only on METRICS_PORT', async () => {
    const answer = await fetch(`${stack.baseUrl}/metrics`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('http_server_request_duration_seconds');
    expect((await fetch(`${stack.baseUrl}/api/metrics`)).status).toBe(404);
  });
});
