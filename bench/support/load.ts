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
  /** How long to run; in-flight calls at the end are cut off (their answers are not counted). */
  seconds?: number;
  /** Or how many calls to send: the run ends when every one was answered, so each can be counted. */
  amount?: number;
  headers?: Record<string, string>;
  /**
   * A bearer key per connection, dealt round-robin (`Authorization: Bearer <key>`): with one key per
   * connection, as many accounts call at once as there are connections.
   */
  keys?: string[];
}

/** Runs autocannon against one URL (keep-alive connections, one request at a time on each). */
export async function load(options: LoadOptions): Promise<LoadResult> {
  if ((options.seconds === undefined) === (options.amount === undefined)) throw new Error('load: give seconds or amount');
  let dealt = 0;
  const keys = options.keys;
  const startedAt = performance.now();
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    ...(options.amount !== undefined ? { amount: options.amount } : { duration: options.seconds }),
    headers: options.headers,
    timeout: 30,
    // autocannon notices the end of a run at its next sample tick (1 s by default): with a fixed
    // amount that would add up to a second to the run's time.
    sampleInt: 20,
    setupClient: keys?.length
      ? (client: { setHeaders: (headers: Record<string, string>) => void }) => {
          client.setHeaders({ ...options.headers, authorization: `Bearer ${keys[dealt++ % keys.length]}` });
        }
      : undefined,
  });
  const ok = result['2xx'];
  // A fixed amount decides how long the run took: timed here (autocannon reports whole seconds).
  const seconds = options.amount !== undefined ? (performance.now() - startedAt) / 1000 : options.seconds!;
  return {
    rps: Math.round(ok / seconds),
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
