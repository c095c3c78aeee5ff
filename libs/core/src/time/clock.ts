/**
 * The current time as the application sees it. Injected wherever the calendar matters (plan
 * periods, renewals) so tests can move it across month ends instead of waiting for them.
 */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
