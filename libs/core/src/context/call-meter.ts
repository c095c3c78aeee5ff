/**
 * Counts the upstream work behind one tool call: live calls, cache hits and the endpoints used.
 * Upstream clients record into the meter of the request they serve (see RequestContext).
 *
 * A meter made `fromCacheOnly` belongs to a first run of a call that may be answered only from
 * answers already cached (ToolCallService): an upstream client then refuses to fetch, through
 * refuseFetch(), instead of calling the upstream.
 */
export class CallMeter {
  private liveCalls = 0;
  private cacheHits = 0;
  private refused = 0;
  private readonly endpointSet = new Set<string>();
  /** Endpoints answered from an expired cached copy because the source failed, and how old each copy was. */
  private readonly staleCopies = new Map<string, number>();

  constructor(readonly fromCacheOnly = false) {}

  recordCall(endpoint: string): void {
    this.liveCalls += 1;
    this.endpointSet.add(endpoint);
  }

  recordCacheHit(endpoint: string): void {
    this.cacheHits += 1;
    this.endpointSet.add(endpoint);
  }

  /**
   * Counts a fetch that a cache-only run could not make and throws CacheOnlyMissError. The count
   * is what the caller checks: a handler that catches the error and answers without that part
   * still counts as not answered from cache.
   */
  refuseFetch(endpoint: string): never {
    this.refused += 1;
    throw new CacheOnlyMissError(endpoint);
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

  /** Fetches refused in a cache-only run: above zero, its answer is not one to give. */
  get refusedFetches(): number {
    return this.refused;
  }

  get endpoints(): string[] {
    return [...this.endpointSet];
  }
}

/** A cache-only run needed an answer that was not cached (CallMeter.refuseFetch). */
export class CacheOnlyMissError extends Error {
  constructor(readonly endpoint: string) {
    super(`${endpoint}: not cached, and this run answers from cache only`);
    this.name = 'CacheOnlyMissError';
  }
}
