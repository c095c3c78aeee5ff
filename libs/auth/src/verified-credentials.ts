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

  clear(): void {
    this.entries.clear();
  }
}
