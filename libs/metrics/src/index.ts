import { metricsRegistry } from './registry';
import './scout-metrics';

export { metricsRegistry } from './registry';
export * from './labels';
export * from './probed-gauge';
export * from './scout-metrics';
export * from './metrics-server';
export * from './prometheus-text';

/**
 * Every metric name this process exports, Scout's (`scout_*`) and the default process metrics
 * (`process_*`, `nodejs_*`), as the registry holds them; a histogram is listed once by its base
 * name (its series add `_bucket`, `_sum` and `_count`). The dashboard and the tests read it.
 */
export const METRIC_NAMES: readonly string[] = Object.freeze(
  metricsRegistry
    .getMetricsAsArray()
    .map((metric) => metric.name)
    .sort(),
);
