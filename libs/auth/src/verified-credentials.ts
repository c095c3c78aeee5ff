import { Injectable } from '@nestjs/common';
import { AppConfig } from '@scout/core';

interface Entry {
  value: unknown;
  expiresAt: number;
}

/**
 * What this instance verified recently, API keys and OAuth access tokens alike, trusted for at
 * most AUTH_CACHE_TTL_MS (5 s at most) before the database is read again. That bounds how long a
 * revoked key, grant or token, or a suspended account, keeps working on any instance; a change
 * made here clears it at once on this one.
 */
@Injectable()
export class VerifiedCredentials {
  private readonly entries = new Map<string, Entry>();
  /** Lookups under way, by key: identical lookups wait for the one already asked. */
  private readonly lookups = new Map<string, Promise<unknown>>();

  /** Moves on at every clear(): a lookup from before it must not keep what it found. */
  private generation = 0;

  constructor(private readonly config: AppConfig) {}

  get<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > Date.now()) return entry.value as T;
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps `value` for AUTH_CACHE_TTL_MS, or until `notAfter` (epoch ms) if that comes sooner. */
  set(key: string, value: unknown, notAfter = Infinity): void {
    if (this.config.AUTH_CACHE_TTL_MS <= 0) return;
    this.entries.set(key, { value, expiresAt: Math.min(Date.now() + this.config.AUTH_CACHE_TTL_MS, notAfter) });
  }

  /**
   * The value kept for `key`, else the database's answer through `load`, kept (when not null) for
   * AUTH_CACHE_TTL_MS or until its `notAfter`. Lookups of one key while one is under way join it
   * (single-flight): a busy key's expiry costs one query, not one per request waiting on it.
   * A lookup started before clear() keeps nothing, and later callers start their own.
   */
  async lookup<T>(key: string, load: () => Promise<{ value: T; notAfter?: number } | null>): Promise<T | null> {
    const kept = this.get<T>(key);
    if (kept !== undefined) return kept;
    const running = this.lookups.get(key) as Promise<T | null> | undefined;
    if (running) return running;
    const generation = this.generation;
    const lookup = load()
      .then((found) => {
        if (found === null) return null;
        if (generation === this.generation) this.set(key, found.value, found.notAfter);
        return found.value;
      })
      .finally(() => {
        if (this.lookups.get(key) === lookup) this.lookups.delete(key);
      });
    this.lookups.set(key, lookup);
    return lookup;
  }

  clear(): void {
    this.entries.clear();
    this.lookups.clear();
    this.generation += 1;
  }
}
