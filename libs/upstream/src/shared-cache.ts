import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import { Mutex } from 'redis-semaphore';
import type { CacheEntry } from './response-cache';

/** How often a process waiting for another's fetch asks Redis whether it may go (ms). */
const LOCK_RETRY_MS = 20;

/**
 * An upstream answer as the shared tier keeps it: the body's JSON text as the provider sent it
 * (re-serialised), never a parsed value, so each process parses it with its own parser (a rolling
 * deploy that changes a parser never reads the other version's shape) and any parsed type
 * (bigints, Maps) stays possible.
 */
export type SharedEntry = CacheEntry<string>;

/** One read through the shared tier: its entry, and whether this process fetched it upstream. */
export interface SharedRead {
  entry: SharedEntry;
  fetched: boolean;
}

export interface SharedFetch {
  /** A caller's "clear my cache" moment: an older entry is a miss for them (null: any age). */
  freshSince: number | null;
  /** How much longer than its TTL an entry is kept, for serve-stale. */
  graceMs: number;
  /** The longest one fetch may hold the key's lock, and the longest another process waits for it. */
  budgetMs: number;
  /** The upstream fetch, stamped with the moment it starts. */
  fetch: (startedAt: number) => Promise<SharedEntry>;
}

/**
 * The second cache tier, in Redis, shared by every API process: answers under
 * `<prefix>v:<hash of the key>`, and a per-key lock (redis-semaphore's Mutex) so that of the
 * processes missing one key at the same moment, one fetches upstream and the others read what it
 * stored. Redis failing never fails a call: the read goes upstream as if no other process existed.
 */
export class SharedCache {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The entry for `key`, fresh or within its grace; undefined on a miss or when Redis fails. */
  async peek(key: string): Promise<SharedEntry | undefined> {
    try {
      const stored = await this.redis.get(this.valueKey(key));
      return stored === null ? undefined : decode(stored);
    } catch {
      return undefined;
    }
  }

  /**
   * The fresh entry for `key`: read from Redis, or fetched upstream by exactly one of the
   * processes asking at once and stored for the others.
   */
  async read(key: string, ask: SharedFetch): Promise<SharedRead> {
    const usable = (entry: SharedEntry | undefined): entry is SharedEntry =>
      entry !== undefined && entry.expiresAt > this.now() && (ask.freshSince === null || entry.storedAt >= ask.freshSince);
    const stored = await this.peek(key);
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
        const filled = await this.peek(key);
        if (usable(filled)) return { entry: filled, fetched: false };
      }
      const entry = await ask.fetch(this.now());
      await this.store(key, entry, ask.graceMs);
      return { entry, fetched: true };
    } finally {
      if (acquired) await lock.release().catch(() => undefined);
    }
  }

  /** Stores `entry` for its TTL and grace; a Redis failure only loses the sharing. */
  async store(key: string, entry: SharedEntry, graceMs: number): Promise<void> {
    const keepMs = Math.ceil(entry.expiresAt + graceMs - this.now());
    if (keepMs <= 0) return;
    await this.redis.set(this.valueKey(key), encode(entry), 'PX', keepMs).catch(() => undefined);
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

/** The times on the first line, the body after it, so the body is never escaped into another JSON string. */
function encode(entry: SharedEntry): string {
  return `${entry.storedAt} ${entry.expiresAt}\n${entry.value}`;
}

function decode(stored: string): SharedEntry | undefined {
  const newline = stored.indexOf('\n');
  const [storedAt, expiresAt] = stored.slice(0, newline).split(' ').map(Number);
  if (newline < 0 || !Number.isFinite(storedAt) || !Number.isFinite(expiresAt)) return undefined;
  return { value: stored.slice(newline + 1), storedAt, expiresAt };
}
