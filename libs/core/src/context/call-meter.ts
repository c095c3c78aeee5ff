/**
 * Counts the upstream work behind one tool call: live calls, cache hits and the endpoints used.
 * Upstream clients record into the meter of the request they serve (see RequestContext).
 */
export class CallMeter {
  private liveCalls = 0;
  private cacheHits = 0;
  private readonly endpointSet = new Set<string>();

  recordCall(endpoint: string): void {
    this.liveCalls += 1;
    this.endpointSet.add(endpoint);
  }

  recordCacheHit(endpoint: string): void {
    this.cacheHits += 1;
    this.endpointSet.add(endpoint);
  }

  get calls(): number {
    return this.liveCalls;
  }

  get cachedCalls(): number {
    return this.cacheHits;
  }

  get endpoints(): string[] {
    return [...this.endpointSet];
  }
}
