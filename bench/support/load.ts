import autocannon from 'autocannon';

/** One load run's figures: successful answers only count in the rate. */
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Mean latency, ms (fractional: finer than the integer percentiles for fast reads). */
  mean: number;
  ok: number;
  /** Answers that were not 2xx, and connection errors or timeouts. */
  failed: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}

/** Runs autocannon against one URL (keep-alive connections, one request at a time on each). */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    timeout: 30,
  });
  const ok = result['2xx'];
  return {
    rps: Math.round(ok / options.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    ok,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** The median of some numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
