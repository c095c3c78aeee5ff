import type { CacheEntry, ResponseCache } from './response-cache';
import { recordCacheLookup } from '@scout/metrics';
import type { SharedCache, SharedEntry } from './shared-cache';

/** What one upstream fetch gave: the parsed answer, and the body's JSON text when the shared tier wants it. */
export interface Fetched<T> {
  value: T;
  body: string | null;
}

/** One cached read, as the base client asks it. */
export interface CachedRead<T> {
  key: string;
  ttlMs: number;
  /** The caller's "clear my cache" moment: older answers are misses for them (null: any age). */
  freshSince: number | null;
  /** The longest the upstream fetch may take: how long other processes wait for it. */
  budgetMs: number;
  /** The upstream fetch; `keepBody` asks for the body's JSON text as well (for the shared tier). */
  fetch: (keepBody: boolean) => Promise<Fetched<T>>;
  /** Reads a body another process stored, as the fetch would have; throws on one it cannot read. */
  parse: (body: string) => T;
  /** Told of each answer that needed no upstream fetch of its own. */
  onHit: () => void;
  /** Told of each expired answer served for a failed fetch, with when it was fetched. */
  onStale: (storedAt: number) => void;
  /** Whether this failure of the fetch may be answered with an expired entry still in its grace. */
  servesStale: (err: unknown) => boolean;
}

/**
 * The response cache in two tiers: this process's (parsed answers; LRU, single-flight between its
 * callers), then Redis when configured (the bodies; single-flight between processes, see
 * SharedCache). When the fetch fails and an entry past its TTL but within its grace is at hand,
 * that answer is served instead. Each lookup of a tier counts in the metrics as a hit or a miss
 * (scout_upstream_cache_lookups_total), under `source`.
 */
export class TwoTierCache {
  constructor(
    private readonly local: ResponseCache,
    private readonly shared: SharedCache | null,
    private readonly graceMs: number,
    private readonly now: () => number = Date.now,
    /** The source's name, for the metrics. */
    private readonly source = 'unknown',
  ) {}

  async read<T>(read: CachedRead<T>): Promise<T> {
    try {
      const onLocalHit = () => {
        recordCacheLookup(this.source, 'memory', true);
        read.onHit();
      };
      return await this.local.readEntry(read.key, read.freshSince, onLocalHit, (startedAt) => {
        recordCacheLookup(this.source, 'memory', false);
        return this.miss(read, startedAt);
      });
    } catch (err) {
      if (this.graceMs <= 0 || !read.servesStale(err)) throw err;
      const stale = this.local.stale<T>(read.key, read.freshSince) ?? (await this.sharedStale(read));
      if (!stale) throw err;
      read.onStale(stale.storedAt);
      return stale.value;
    }
  }

  /**
   * This process's answer for the key, without a fetch of its own (ResponseCache.peek): for a
   * cache-only run, which takes what is at hand or nothing.
   */
  peekLocal<T>(key: string, freshSince: number | null, onHit: () => void): Promise<T> | undefined {
    // Only hits count here: a cache-only run's miss is followed by the call's real run, which counts its own.
    return this.local.peek<T>(key, freshSince, () => {
      recordCacheLookup(this.source, 'memory', true);
      onHit();
    });
  }

  /** A miss in this process: Redis, else the upstream fetch. */
  private async miss<T>(read: CachedRead<T>, startedAt: number): Promise<CacheEntry<T>> {
    if (!this.shared) {
      const { value } = await read.fetch(false);
      return { value, storedAt: startedAt, expiresAt: this.now() + read.ttlMs };
    }
    let fetched: T | undefined;
    const fetch = async (storedAt: number): Promise<SharedEntry> => {
      const { value, body } = await read.fetch(true);
      fetched = value;
      return { value: body ?? '', storedAt, expiresAt: this.now() + read.ttlMs };
    };
    const { entry, fetched: wasFetched } = await this.shared.read(read.key, { ...read, graceMs: this.graceMs, fetch });
    if (wasFetched) {
      recordCacheLookup(this.source, 'redis', false);
      return { value: fetched as T, storedAt: entry.storedAt, expiresAt: entry.expiresAt };
    }
    const parsed = this.parsed(read, entry);
    recordCacheLookup(this.source, 'redis', parsed !== undefined);
    if (parsed) {
      read.onHit();
      return parsed;
    }
    // A stored body this process's parser refuses (a damaged entry, or a parser stricter than the
    // one that accepted it): fetch anew and store what this process can read.
    const { value, body } = await read.fetch(true);
    const own = { value, storedAt: startedAt, expiresAt: this.now() + read.ttlMs };
    if (body !== null) await this.shared.store(read.key, { ...own, value: body }, this.graceMs);
    return own;
  }

  private parsed<T>(read: CachedRead<T>, entry: SharedEntry): CacheEntry<T> | undefined {
    try {
      return { value: read.parse(entry.value), storedAt: entry.storedAt, expiresAt: entry.expiresAt };
    } catch {
      return undefined;
    }
  }

  private async sharedStale<T>(read: CachedRead<T>): Promise<CacheEntry<T> | undefined> {
    const entry = await this.shared?.peek(read.key);
    if (!entry || (read.freshSince !== null && entry.storedAt < read.freshSince)) return undefined;
    return this.parsed(read, entry);
  }
}
