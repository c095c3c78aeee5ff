/** One cached answer and when the fetch that produced it started. */
export interface CacheEntry<T> {
  value: T;
  /** Epoch ms at which the fetch behind this value started: the age a "clear cache" compares with. */
  storedAt: number;
  expiresAt: number;
}

/** A fetch in progress that identical misses can join. */
export interface InFlight<T> {
  promise: Promise<T>;
  startedAt: number;
}

export const DEFAULT_CACHE_MAX_ENTRIES = 5_000;

/**
 * In-memory TTL cache with LRU eviction and single-flight loading. A Map keeps insertion order,
 * so re-inserting on read makes the first key the least recently used one. Small enough that a
 * dependency would not pay for itself. An entry past its TTL is kept `graceMs` longer, never
 * served as fresh, only as a stale answer when a new fetch fails (see `stale`).
 */
export class ResponseCache {
  private readonly entries = new Map<string, CacheEntry<unknown>>();
  private readonly flights = new Map<string, InFlight<unknown>>();

  constructor(
    private readonly maxEntries = DEFAULT_CACHE_MAX_ENTRIES,
    private readonly now: () => number = Date.now,
    private readonly graceMs = 0,
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new Error(`Cache size must be a positive integer, got ${maxEntries}`);
    if (!(graceMs >= 0)) throw new Error(`Cache grace must be >= 0, got ${graceMs}`);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The live entry for `key`, or undefined. Entries past their grace are dropped on the way. */
  get<T>(key: string): CacheEntry<T> | undefined {
    const entry = this.kept<T>(key);
    if (!entry || entry.expiresAt <= this.now()) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** The entry for `key`, live or expired but within its grace, if it is not older than `freshSince`. */
  stale<T>(key: string, freshSince: number | null): CacheEntry<T> | undefined {
    const entry = this.kept<T>(key);
    return entry && (freshSince === null || entry.storedAt >= freshSince) ? entry : undefined;
  }

  /**
   * The answer for `key`: the stored one, or the one being fetched, unless it is older than
   * `freshSince` (a caller's "clear my cache" moment; null: any age will do); else a new fetch by
   * `load`, stored for `ttlMs`. `onHit` is told of each answer that needed no fetch of its own.
   */
  async read<T>(key: string, ttlMs: number, load: () => Promise<T>, freshSince: number | null, onHit: () => void): Promise<T> {
    return this.readEntry(key, freshSince, onHit, (startedAt) => this.timed(startedAt, ttlMs, load));
  }

  /**
   * `read` with a loader that says itself how old its answer is and when it expires (an answer
   * another cache tier already held keeps its own times).
   */
  async readEntry<T>(key: string, freshSince: number | null, onHit: () => void, load: (startedAt: number) => Promise<CacheEntry<T>>): Promise<T> {
    return this.peek<T>(key, freshSince, onHit) ?? this.fill(key, load);
  }

  /**
   * The answer for `key` without a fetch of its own: the stored one, or the one being fetched,
   * unless older than `freshSince`; undefined when neither exists (nothing is started then).
   */
  peek<T>(key: string, freshSince: number | null, onHit: () => void): Promise<T> | undefined {
    const freshEnough = (since: number) => freshSince === null || since >= freshSince;
    const hit = this.get<T>(key);
    if (hit && freshEnough(hit.storedAt)) {
      onHit();
      return Promise.resolve(hit.value);
    }
    const flight = this.inFlight<T>(key);
    if (flight && freshEnough(flight.startedAt)) {
      return flight.promise.then((value) => {
        onHit();
        return value;
      });
    }
    return undefined;
  }

  /** The fetch in progress for `key`, if any. */
  inFlight<T>(key: string): InFlight<T> | undefined {
    return this.flights.get(key) as InFlight<T> | undefined;
  }

  /** Runs `load` as the fetch for `key` and stores its result for `ttlMs` (see `fill`). */
  load<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    return this.fill(key, (startedAt) => this.timed(startedAt, ttlMs, load));
  }

  /**
   * Runs `load` as the fetch for `key` that later identical misses can join, and stores the entry
   * it gives. Failures are not cached. A newer load for the same key (a caller who cleared their
   * cache) takes over the slot; an older one finishing later never overwrites it.
   */
  fill<T>(key: string, load: (startedAt: number) => Promise<CacheEntry<T>>): Promise<T> {
    const flight: InFlight<T> = { startedAt: this.now(), promise: Promise.resolve(undefined as T) };
    // Chained with then() so `load` starts after the flight is registered, even if it throws at once.
    flight.promise = Promise.resolve()
      .then(() => load(flight.startedAt))
      .then((entry) => {
        const current = this.entries.get(key);
        if (!current || current.storedAt <= entry.storedAt) this.store(key, entry);
        return entry.value;
      })
      .finally(() => {
        if (this.flights.get(key) === flight) this.flights.delete(key);
      });
    this.flights.set(key, flight);
    return flight.promise;
  }

  /** An entry stamped with the fetch's start, expiring `ttlMs` after it ends. */
  private async timed<T>(storedAt: number, ttlMs: number, load: () => Promise<T>): Promise<CacheEntry<T>> {
    const value = await load();
    return { value, storedAt, expiresAt: this.now() + ttlMs };
  }

  /** The entry for `key` unless past its grace (then it is dropped). */
  private kept<T>(key: string): CacheEntry<T> | undefined {
    const entry = this.entries.get(key) as CacheEntry<T> | undefined;
    if (entry && entry.expiresAt + this.graceMs <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private store(key: string, entry: CacheEntry<unknown>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
