import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import { Mutex } from 'redis-semaphore';
import type { CacheEntry } from './response-cache';
import { decodeShared, encodeShared } from './shared-cache-codec';

/** How often a process waiting for another's fetch asks Redis whether it may go (ms). */
const LOCK_RETRY_MS = 20;

/** One read through the shared tier: its entry, and whether this process fetched it upstream. */
export interface SharedRead<T> {
  entry: CacheEntry<T>;
  fetched: boolean;
}

export interface SharedFetch<T> {
  /** A caller's "clear my cache" moment: an older entry is a miss for them (null: any age). */
  freshSince: number | null;
  /** How long an entry stays fresh once fetched, and how much longer it is kept for serve-stale. */
  ttlMs: number;
  graceMs: number;
  /** The longest one fetch may hold the key's lock, and the longest another process waits for it. */
  budgetMs: number;
  /** The upstream fetch, stamped with the moment it starts. */
  fetch: (startedAt: number) => Promise<CacheEntry<T>>;
}

/**
 * The second cache tier, in Redis, shared by every API process: answers (JSON, see
 * shared-cache-codec) under `<prefix>v:<hash of the key>`, and a per-key lock (redis-semaphore's Mutex) so
 * that of the processes missing one key at the same moment, one fetches upstream and the others
 * read what it stored. Redis failing never fails a call: the read goes upstream as if no other
 * process existed.
 */
export class SharedCache {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The entry for `key`, fresh or within its grace; undefined on a miss or when Redis fails. */
  async peek<T>(key: string): Promise<CacheEntry<T> | undefined> {
    try {
      const text = await this.redis.get(this.valueKey(key));
      return text === null ? undefined : (decodeShared(text) as CacheEntry<T>);
    } catch {
      return undefined;
    }
  }

  /**
   * The fresh entry for `key`: read from Redis, or fetched upstream by exactly one of the
   * processes asking at once and stored for the others.
   */
  async read<T>(key: string, ask: SharedFetch<T>): Promise<SharedRead<T>> {
    const usable = (entry: CacheEntry<T> | undefined): entry is CacheEntry<T> =>
      entry !== undefined && entry.expiresAt > this.now() && (ask.freshSince === null || entry.storedAt >= ask.freshSince);
    const stored = await this.peek<T>(key);
    if (usable(stored)) return { entry: stored, fetched: false };

    const lock = new Mutex(this.redis, this.lockKey(key), {
      lockTimeout: ask.budgetMs,
      acquireTimeout: ask.budgetMs,
      retryInterval: LOCK_RETRY_MS,
      // The lock only saves upstream calls: losing it to its timeout costs a duplicate fetch, no more.
      refreshInterval: 0,
      onLockLost: () => undefined,
    });
    const acquired = await lock.tryAcquire().catch(() => false);
    try {
      if (acquired) {
        // Whoever held the lock before us may have stored the answer meanwhile.
        const filled = await this.peek<T>(key);
        if (usable(filled)) return { entry: filled, fetched: false };
      }
      const entry = await ask.fetch(this.now());
      await this.store(key, entry, ask.graceMs);
      return { entry, fetched: true };
    } finally {
      if (acquired) await lock.release().catch(() => undefined);
    }
  }

  private async store<T>(key: string, entry: CacheEntry<T>, graceMs: number): Promise<void> {
    const text = encodeShared(entry);
    const keepMs = Math.ceil(entry.expiresAt + graceMs - this.now());
    if (text === null || keepMs <= 0) return;
    await this.redis.set(this.valueKey(key), text, 'PX', keepMs).catch(() => undefined);
  }

  // Keys are hashed: a cache key holds a whole URL and POST body, too long to send on every read.
  private valueKey(key: string): string {
    return `${this.prefix}v:${digest(key)}`;
  }

  private lockKey(key: string): string {
    return `${this.prefix}lock:${digest(key)}`;
  }
}

function digest(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}
