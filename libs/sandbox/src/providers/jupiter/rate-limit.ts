/** Per-key sliding-window limiter. */
export class KeyRateLimiter {
  private readonly windows = new Map<string, number[]>();
  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Counts one request; returns the header values and whether it is over the limit. */
  hit(key: string, limit: number): { allowed: boolean; remaining: number; current: number; reset: number; retryAfterSec: number } {
    const now = this.now();
    const w = (this.windows.get(key) ?? []).filter((t) => t > now - 60_000);
    const allowed = w.length < limit;
    if (allowed) w.push(now);
    this.windows.set(key, w);
    const oldest = w[0] ?? now;
    const resetMs = oldest + 60_000;
    return {
      allowed,
      remaining: Math.max(0, limit - w.length),
      current: w.length,
      reset: Math.ceil(resetMs / 1000),
      retryAfterSec: Math.max(1, Math.ceil((resetMs - now) / 1000)),
    };
  }

  reset(): void {
    this.windows.clear();
  }
}
