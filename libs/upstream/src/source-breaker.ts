import {
  CircuitState,
  ConsecutiveBreaker,
  ExponentialBackoff,
  circuitBreaker,
  halfJitterGenerator,
  handleWhen,
  type CircuitBreakerPolicy,
  type IBackoff,
  type IHalfOpenAfterBackoffContext,
} from 'cockatiel';
import { AttemptFailure } from './upstream-request';

export interface SourceBreakerSettings {
  /** Consecutive failures that open the breaker. */
  breakerThreshold: number;
  /** The wait before the first test call after the breaker opens (ms); each failed test doubles it. */
  halfOpenAfterMs: number;
  /** The longest wait between test calls (ms), so a recovered upstream is noticed within it. */
  halfOpenMaxMs: number;
}

/** What the breaker says about its source, for service_health. */
export type BreakerView = { state: 'closed' } | { state: 'open'; retryAt: number; lastFailure: string } | { state: 'testing' };

/** Reports each wait the breaker chooses, so service_health can say when the next test call goes. */
class WatchedBackoff implements IBackoff<IHalfOpenAfterBackoffContext> {
  constructor(
    private readonly inner: IBackoff<IHalfOpenAfterBackoffContext>,
    private readonly chosen: (ms: number) => void,
  ) {
    chosen(inner.duration);
  }

  get duration(): number {
    return this.inner.duration;
  }

  next(context: IHalfOpenAfterBackoffContext): WatchedBackoff {
    return new WatchedBackoff(this.inner.next(context), this.chosen);
  }
}

/**
 * A source's circuit breaker (cockatiel): it opens after `breakerThreshold` consecutive failures,
 * then lets one test call through after a wait that starts at `halfOpenAfterMs` and doubles with
 * each failed test up to `halfOpenMaxMs` (half-jittered, so several processes do not test in
 * step). The calls that arrive while the test runs wait for it; a passing test closes the breaker.
 */
export class SourceBreaker {
  readonly policy: CircuitBreakerPolicy;
  private openedAt = 0;
  private waitMs = 0;
  private lastFailure = '';

  constructor(settings: SourceBreakerSettings) {
    const backoff = new ExponentialBackoff({
      initialDelay: settings.halfOpenAfterMs,
      maxDelay: settings.halfOpenMaxMs,
      generator: halfJitterGenerator,
    });
    this.policy = circuitBreaker(
      handleWhen((err) => err instanceof AttemptFailure && err.tripsBreaker),
      {
        halfOpenAfter: { next: () => new WatchedBackoff(backoff.next(), (ms) => (this.waitMs = ms)) },
        breaker: new ConsecutiveBreaker(settings.breakerThreshold),
      },
    );
    this.policy.onBreak(() => {
      this.openedAt = Date.now();
    });
  }

  /** Called with each failure that counts against the source: the detail service_health shows. */
  noteFailure(detail: string): void {
    this.lastFailure = detail;
  }

  get lastFailureDetail(): string {
    return this.lastFailure;
  }

  /** Register a listener for the breaker closing again after a passing test call. */
  onRecovered(listener: () => void): void {
    this.policy.onReset(listener);
  }

  view(now = Date.now()): BreakerView {
    const state = this.policy.state;
    if (state === CircuitState.Closed) return { state: 'closed' };
    const retryAt = this.openedAt + this.waitMs;
    if (state === CircuitState.HalfOpen || retryAt <= now) return { state: 'testing' };
    return { state: 'open', retryAt, lastFailure: this.lastFailure };
  }
}
