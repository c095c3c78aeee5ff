import { Injectable } from '@nestjs/common';

/**
 * Whether this process is draining (shutting down), and how many requests it is still answering.
 *
 * Draining starts once and never ends: from then on readiness fails and the HTTP pipeline refuses
 * new requests with 503, while the requests already admitted run to completion. The shutdown
 * sequence waits on `whenIdle` before it closes the server, the upstream pools and the database.
 * Tests start a drain through this provider, without sending the process a signal.
 */
@Injectable()
export class DrainState {
  private drainingSince: number | null = null;
  private active = 0;
  private idleWaiters: Array<() => void> = [];
  private drainListeners: Array<() => void> = [];

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  /** When draining started (epoch ms), or null. */
  get since(): number | null {
    return this.drainingSince;
  }

  get inFlight(): number {
    return this.active;
  }

  /** Starts draining; a second call changes nothing. */
  start(): void {
    if (this.drainingSince !== null) return;
    this.drainingSince = Date.now();
    const listeners = this.drainListeners;
    this.drainListeners = [];
    for (const listener of listeners) listener();
  }

  /**
   * Runs `listener` when draining starts (at once if it has): for requests held open on purpose
   * (a watch, an event stream), which should answer now rather than hold the shutdown up.
   */
  onDrain(listener: () => void): void {
    if (this.draining) listener();
    else this.drainListeners.push(listener);
  }

  /**
   * Admits one request; the returned function ends it (safe to call more than once). Null while
   * draining: the request must be refused.
   */
  admit(): (() => void) | null {
    if (this.draining) return null;
    this.active += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.active -= 1;
      if (this.active === 0) this.wakeIdleWaiters();
    };
  }

  /** Resolves true once no admitted request is running, or false after `timeoutMs`. */
  whenIdle(timeoutMs: number): Promise<boolean> {
    if (this.active === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.idleWaiters = this.idleWaiters.filter((w) => w !== wake);
        resolve(false);
      }, timeoutMs);
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.idleWaiters.push(wake);
    });
  }

  private wakeIdleWaiters(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const wake of waiters) wake();
  }
}
