interface CallOutcome {
  at: number;
  failed: boolean;
  durationMs: number;
}

export const RECENT_CALLS_KEPT = 20;
export const RECENT_CALLS_WINDOW_MS = 5 * 60_000;
/** Healthy attempts in a row after which the failures and slow calls before them are forgotten. */
export const RECOVERY_STREAK = 3;

/**
 * The last few upstream attempts of a source, for "degraded": a source is degraded when any of
 * the last 20 attempts made in the last 5 minutes failed or was slow, unless the source has since
 * answered well `RECOVERY_STREAK` times in a row (or passed a circuit breaker's test call, see
 * `clear`). The time bound lets a source that failed once and then went quiet read 'ok' again.
 */
export class RecentCalls {
  private outcomes: CallOutcome[] = [];
  private healthyRun = 0;

  constructor(
    private readonly slowCallMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  record(failed: boolean, durationMs: number): void {
    this.outcomes.push({ at: this.now(), failed, durationMs });
    if (this.outcomes.length > RECENT_CALLS_KEPT) this.outcomes.shift();
    this.healthyRun = failed || durationMs > this.slowCallMs ? 0 : this.healthyRun + 1;
    if (this.healthyRun >= RECOVERY_STREAK) this.outcomes = this.outcomes.slice(-this.healthyRun);
  }

  /** Forgets every outcome: the source has shown it answers again. */
  clear(): void {
    this.outcomes = [];
    this.healthyRun = 0;
  }

  /** Why the source counts as degraded, or null when it does not. */
  degradation(): string | null {
    const since = this.now() - RECENT_CALLS_WINDOW_MS;
    const recent = this.outcomes.filter((o) => o.at >= since);
    const failed = recent.filter((o) => o.failed).length;
    const slow = recent.filter((o) => !o.failed && o.durationMs > this.slowCallMs).length;
    if (failed === 0 && slow === 0) return null;
    const parts: string[] = [];
    if (failed > 0) parts.push(`${failed} failed`);
    if (slow > 0) parts.push(`${slow} slower than ${this.slowCallMs} ms`);
    return `of the last ${recent.length} calls, ${parts.join(' and ')}`;
  }
}
