import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { metricsRegistry } from '@laundry/platform/observability';
import { services as serviceList } from '../../services.ts';

// The observability component as the prod overlay renders it: scraping, alerts, the dashboard and the
// request-rate autoscaler. Its objects are validated against their schemas with the rest of the overlay in
// deploy-files.test.ts (the Prometheus Operator's kinds with its own models); here, what they say.

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const deployables = [
  'gateway',
  ...serviceList.flatMap((service) => [service.name, ...('worker' in service ? [service.worker.name] : [])]),
];

interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}

function renderProd(): KubernetesObject[] {
  const text = execFileSync('kubectl', ['kustomize', 'k8s/overlays/prod'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return parseAllDocuments(text)
    .map((document) => document.toJS() as KubernetesObject | null)
    .filter((object): object is KubernetesObject => object !== null);
}

const ofKind = (objects: KubernetesObject[], kind: string) => objects.filter((o) => o.kind === kind);

/**
 * The series a PromQL expression reads: its identifiers once strings, label matchers, ranges and grouping
 * clauses are taken out, less functions (followed by a parenthesis) and operators' keywords.
 */
function seriesIn(expression: string): string[] {
  const bare = expression
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const keywords = new Set([
    'and',
    'or',
    'unless',
    'bool',
    'offset',
    'group_left',
    'group_right',
    'inf',
    'nan',
  ]);
  return [...bare.matchAll(/(?<![\w:])([a-zA-Z_:][\w:]*)(?![\w:])(?!\s*\()/g)]
    .map((match) => match[1]!)
    .filter((name) => !keywords.has(name.toLowerCase()));
}

/** Every series name the processes export: the registry's metrics, histograms with their three series. */
async function exportedSeries(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const metric of await metricsRegistry.getMetricsAsJSON()) {
    names.add(metric.name);
    // prom-client's types say a numeric enum; at run time the type is one of these strings.
    const type = String(metric.type);
    if (type === 'histogram') {
      for (const suffix of ['_bucket', '_count', '_sum']) names.add(`${metric.name}${suffix}`);
    }
    if (type === 'summary') for (const suffix of ['_count', '_sum']) names.add(`${metric.name}${suffix}`);
  }
  return names;
}

interface Rule {
  alert?: string;
  expr: string;
}

describe('k8s/components/observability in the prod overlay', () => {
  let objects: KubernetesObject[];
  let rules: Rule[];
  let dashboardExpressions: { panel: string; expr: string }[];

  beforeAll(() => {
    objects = renderProd();
    rules = ofKind(objects, 'PrometheusRule').flatMap((rule) =>
      (rule.spec as { groups: { rules: Rule[] }[] }).groups.flatMap((group) => group.rules),
    );
    const dashboard = ofKind(objects, 'ConfigMap').find(
      (configMap) => configMap.metadata.labels?.grafana_dashboard !== undefined,
    );
    const json = JSON.parse(Object.values(dashboard?.data ?? {})[0] ?? '{}') as {
      panels?: { title: string; targets: { expr: string }[] }[];
    };
    dashboardExpressions = (json.panels ?? []).flatMap((panel) =>
      panel.targets.map((target) => ({ panel: panel.title, expr: target.expr })),
    );
  });

  it('when rendered, then one ServiceMonitor scrapes the metrics port of every Service of the application', () => {
    const [monitor, ...more] = ofKind(objects, 'ServiceMonitor');
    expect(more).toEqual([]);
    const spec = monitor?.spec as {
      selector: { matchLabels: Record<string, string> };
      endpoints: { port: string; path: string }[];
    };
    expect(spec.endpoints).toEqual([expect.objectContaining({ port: 'metrics', path: '/metrics' })]);
    for (const name of deployables) {
      const service = ofKind(objects, 'Service').find((candidate) => candidate.metadata.name === name);
      expect(service?.metadata.labels, name).toMatchObject(spec.selector.matchLabels);
      const ports = (service?.spec as { ports: { name: string }[] }).ports;
      expect(
        ports.map((port) => port.name),
        name,
      ).toContain('metrics');
    }
  });

  it('when rendered, then Prometheus may reach the metrics port through the network policies', () => {
    const policy = ofKind(objects, 'NetworkPolicy').find((p) => p.metadata.name === 'metrics-scrape');
    const ingress = (policy?.spec as { ingress: { ports: { port: string }[] }[] }).ingress;
    expect(ingress.flatMap((rule) => rule.ports.map((port) => port.port))).toEqual(['metrics']);
  });

  it('when rendered, then the rules alert on errors, latency, the outbox, dead letters, job queues and failed charges', () => {
    const alerting = (series: string) =>
      rules.filter((rule) => seriesIn(rule.expr).some((name) => name.startsWith(series)));
    for (const series of [
      'http_server_request_duration_seconds_count',
      'http_server_request_duration_seconds_bucket',
      'laundry_outbox_oldest_age_seconds',
      'laundry_events_dead_lettered_total',
      'laundry_job_queue_jobs',
      'laundry_charges_failed_total',
    ]) {
      expect(alerting(series).length, series).toBeGreaterThan(0);
    }
    expect(rules.find((rule) => rule.alert === 'LaundryHighErrorRate')?.expr).toMatch(/status_code=~"5\.\."/);
    expect(rules.find((rule) => rule.alert === 'LaundryHighLatency')?.expr).toMatch(
      /histogram_quantile\(0\.95/,
    );
  });

  // A series renamed in code without its alerts (or panels) would leave them silently empty.
  it('when every alert and dashboard expression is read, then it names only series some process exports', async () => {
    const exported = await exportedSeries();
    const expressions = [
      ...rules.map((rule) => ({ where: `alert ${rule.alert}`, expr: rule.expr })),
      ...dashboardExpressions.map((target) => ({ where: `panel ${target.panel}`, expr: target.expr })),
    ];
    expect(rules.length).toBeGreaterThan(5);
    expect(dashboardExpressions.length).toBeGreaterThan(10);
    for (const { where, expr } of expressions) {
      const series = seriesIn(expr);
      expect(series.length, `${where} reads no series`).toBeGreaterThan(0);
      expect(
        series.filter((name) => !exported.has(name)),
        where,
      ).toEqual([]);
    }
  });

  it('when a PromQL expression is read, then its series are found and its functions, labels and keywords are not', () => {
    expect(
      seriesIn(
        'sum by (service) (rate(http_server_request_duration_seconds_count{status_code=~"5.."}[5m])) / ' +
          'on (service) group_left max without (pod) (laundry_outbox_pending offset 5m) > bool 0',
      ),
    ).toEqual(['http_server_request_duration_seconds_count', 'laundry_outbox_pending']);
    expect(seriesIn('histogram_quantile(0.95, sum by (le) (rate(renamed_seconds_bucket[5m])))')).toEqual([
      'renamed_seconds_bucket',
    ]);
  });

  it('when rendered, then the dashboard is a ConfigMap Grafana loads, with panels on the operators series', () => {
    const dashboards = ofKind(objects, 'ConfigMap').filter(
      (configMap) => configMap.metadata.labels?.grafana_dashboard === '1',
    );
    expect(dashboards.map((configMap) => configMap.metadata.name)).toEqual(['laundry-dashboard']);
    const read = dashboardExpressions.flatMap((target) => seriesIn(target.expr));
    for (const series of [
      'laundry_events_published_total',
      'laundry_events_consumed_total',
      'laundry_outbox_pending',
      'laundry_db_pool_connections',
      'laundry_ad_decision_duration_seconds_bucket',
      'laundry_live_streams_open',
      'laundry_charges_failed_total',
      'laundry_job_queue_jobs',
    ]) {
      expect(read, series).toContain(series);
    }
    // The committed file is the one the ConfigMap is made from.
    const file = readFileSync(join(repoRoot, 'k8s/components/observability/grafana-dashboard.json'), 'utf8');
    expect(Object.values(dashboards[0]?.data ?? {})[0]).toBe(file);
  });

  it('when rendered, then a request-rate autoscaler targets a Deployment no other autoscaler does', () => {
    const autoscalers = ofKind(objects, 'HorizontalPodAutoscaler') as (KubernetesObject & {
      spec: {
        scaleTargetRef: { kind: string; name: string };
        metrics: { type: string; pods?: { metric: { name: string } } }[];
      };
    })[];
    const byRequests = autoscalers.filter((hpa) => hpa.spec.metrics.some((metric) => metric.type === 'Pods'));
    expect(byRequests.length).toBeGreaterThan(0);
    for (const hpa of byRequests) {
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec.metrics.find((metric) => metric.type === 'Pods')?.pods?.metric.name).toMatch(
        /requests_per_second$/,
      );
    }
    const targets = autoscalers.map(
      (hpa) => `${hpa.spec.scaleTargetRef.kind}/${hpa.spec.scaleTargetRef.name}`,
    );
    expect(new Set(targets).size, 'two autoscalers fight over one Deployment').toBe(targets.length);
    for (const target of targets) {
      expect(ofKind(objects, 'Deployment').map((d) => `Deployment/${d.metadata.name}`)).toContain(target);
    }
  });
});
