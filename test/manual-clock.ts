import { Clock } from '@scout/core';

/** A clock the test sets and moves by hand (plan periods across month ends, renewals). */
export class ManualClock extends Clock {
  private current: Date;

  constructor(start: Date | string) {
    super();
    this.current = new Date(start);
  }

  now(): Date {
    return new Date(this.current);
  }

  set(to: Date | string): void {
    this.current = new Date(to);
  }
}
