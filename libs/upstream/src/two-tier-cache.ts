import type { CacheEntry, ResponseCache } from './response-cache';
import type { SharedCache } from './shared-cache';

/** One cached read, as the base client asks it. */
export interface CachedRead<T> {
  key: string;
  ttlMs: number;
  /** The caller's "clear my cache" moment: older answers are misses for them (null: any age). */
  freshSince: number | null;
  /** The longest the upstream fetch may take: how long other processes wait for it. */
  budgetMs: number;
  fetch: () => Promise<T>;
  /** Told of each answer that needed no upstream fetch of its own (stale answers included). */
  onHit: () => void;
  /** Whether this failure of the fetch may be answered with an expired entry still in its grace. */
  servesStale: (err: unknown) => boolean;
}

/**
 * The response cache in two tiers: this process's (LRU, single-flight between its callers), then
 * Redis when configured (single-flight between processes, see SharedCache). When the fetch fails
 * and an entry past its TTL but within its grace is at hand, that answer is served instead.
 */
export class TwoTierCache {
  constructor(
    private readonly local: ResponseCache,
    private readonly shared: SharedCache | null,
    private readonly graceMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async read<T>(read: CachedRead<T>): Promise<T> {
    try {
      return await this.local.readEntry(read.key, read.freshSince, read.onHit, (startedAt) => this.miss(read, startedAt));
    } catch (err) {
      if (this.graceMs <= 0 || !read.servesStale(err)) throw err;
      const stale = this.local.stale<T>(read.key, read.freshSince) ?? (await this.sharedStale<T>(read));
      if (!stale) throw err;
      read.onHit();
      return stale.value;
    }
  }

  /** A miss in this process: Redis, else the upstream fetch. */
  private async miss<T>(read: CachedRead<T>, startedAt: number): Promise<CacheEntry<T>> {
    const fetch = async (storedAt: number): Promise<CacheEntry<T>> => {
      const value = await read.fetch();
      return { value, storedAt, expiresAt: this.now() + read.ttlMs };
    };
    if (!this.shared) return fetch(startedAt);
    const { entry, fetched } = await this.shared.read(read.key, { ...read, graceMs: this.graceMs, fetch });
    if (!fetched) read.onHit();
    return entry;
  }

  private async sharedStale<T>(read: CachedRead<T>): Promise<CacheEntry<T> | undefined> {
    const entry = await this.shared?.peek<T>(read.key);
    return entry && (read.freshSince === null || entry.storedAt >= read.freshSince) ? entry : undefined;
  }
}
