/**
 * Counts the upstream work behind one tool call: live calls, cache hits and the endpoints used.
 * Upstream clients record into the meter of the request they serve (see RequestContext).
 */
export class CallMeter {
  private liveCalls = 0;
  private cacheHits = 0;
  private readonly endpointSet = new Set<string>();
  /** Endpoints answered from an expired cached copy because the source failed, and how old each copy was. */
  private readonly staleCopies = new Map<string, number>();

  recordCall(endpoint: string): void {
    this.liveCalls += 1;
    this.endpointSet.add(endpoint);
  }

  recordCacheHit(endpoint: string): void {
    this.cacheHits += 1;
    this.endpointSet.add(endpoint);
  }

  /** A cache hit on an expired copy, served because the upstream failed (serve-stale). */
  recordStaleHit(endpoint: string, storedAt: number): void {
    this.recordCacheHit(endpoint);
    const known = this.staleCopies.get(endpoint);
    this.staleCopies.set(endpoint, known === undefined ? storedAt : Math.min(known, storedAt));
  }

  /** One note per endpoint answered from an expired copy, for the envelope. */
  get staleNotes(): string[] {
    return [...this.staleCopies].map(
      ([endpoint, storedAt]) =>
        `${endpoint} failed upstream: answered from Scout's cached copy of ${new Date(storedAt).toISOString()}, past its usual lifetime.`,
    );
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
