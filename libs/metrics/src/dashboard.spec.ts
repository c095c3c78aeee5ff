import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { load } from 'js-yaml';
import { METRIC_NAMES } from './index';

const DOCKER = resolve(__dirname, '../../../docker');

interface Panel {
  title: string;
  description?: string;
  datasource: { uid: string };
  targets: Array<{ expr: string }>;
}

/** The metric names a PromQL expression reads: identifiers that are not functions, keywords or labels. */
function metricsIn(expr: string): string[] {
  const withoutLabels = expr.replace(/\{[^}]*\}/g, '').replace(/\b(?:by|without)\s*\([^)]*\)/g, '');
  const identifiers = withoutLabels.match(/[a-z_][a-z0-9_]*(?=\s*(?:\[|\)|$|\s|\*|\/|,))/g) ?? [];
  // A histogram is read through its series: name_bucket, name_sum, name_count.
  return [...new Set(identifiers.filter((name) => /^(?:scout|process|nodejs)_/.test(name)).map((name) => name.replace(/_(?:bucket|sum|count)$/, '')))];
}

/** The Grafana dashboard kept in the repository (docker/grafana) reads only metrics Scout exports. */
describe('the Scout dashboard (docker/grafana/dashboards/scout.json)', () => {
  const dashboard = JSON.parse(readFileSync(resolve(DOCKER, 'grafana/dashboards/scout.json'), 'utf8')) as { uid: string; panels: Panel[] };
  const datasource = load(readFileSync(resolve(DOCKER, 'grafana/provisioning/datasources/prometheus.yml'), 'utf8')) as {
    datasources: Array<{ uid: string; url: string }>;
  };

  it('parses, and every panel says what it shows and queries the provisioned Prometheus', () => {
    expect(dashboard.uid).toBe('scout-overview');
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(8);
    for (const panel of dashboard.panels) {
      expect({ panel: panel.title, described: (panel.description ?? '').length > 20 }).toEqual({ panel: panel.title, described: true });
      expect(panel.datasource.uid).toBe(datasource.datasources[0].uid);
      expect(panel.targets.length).toBeGreaterThan(0);
    }
  });

  it('names in every query a metric Scout exports, and only those', () => {
    const read = dashboard.panels.flatMap((panel) => panel.targets.map((target) => ({ panel: panel.title, metrics: metricsIn(target.expr) })));
    for (const { panel, metrics } of read) {
      expect({ panel, metrics: metrics.length > 0 }).toEqual({ panel, metrics: true });
      expect({ panel, unknown: metrics.filter((name) => !METRIC_NAMES.includes(name)) }).toEqual({ panel, unknown: [] });
    }
  });

  it('covers what operators watch: calls by area, credits by channel, p95 latency, upstream errors and breakers, ledger batches, queues, streams', () => {
    const everything = dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)).join('\n');
    for (const needed of [
      'sum by (area) (rate(scout_tool_calls_total',
      'sum by (channel) (rate(scout_tool_credits_charged_total',
      'histogram_quantile(0.95',
      'scout_upstream_requests_total{outcome!="ok"}',
      'scout_upstream_breaker_state',
      'scout_ledger_group_commit_batch_size',
      'scout_queue_jobs',
      'scout_feed_streams_open',
    ]) {
      expect(everything).toContain(needed);
    }
  });

  it('reads an exported metric name from a query, and not a label or a function', () => {
    expect(metricsIn('histogram_quantile(0.95, sum by (le, channel) (rate(scout_tool_call_duration_seconds_bucket[5m])))')).toEqual([
      'scout_tool_call_duration_seconds',
    ]);
    expect(metricsIn('sum by (source, outcome) (rate(scout_upstream_requests_total{outcome!="ok"}[1m]))')).toEqual(['scout_upstream_requests_total']);
    expect(metricsIn('max(scout_ledger_holds_open)')).toEqual(['scout_ledger_holds_open']);
  });
});
