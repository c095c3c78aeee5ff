import { INSTANT_EXAMPLE, INSTANT_RANGE_TEXT, parseInstant, validationRule as rule } from '@scout/core';
import { HISTORY_INTERVALS, type HistoryInterval } from './history-interval';

/*
 * Cross-field input rules as class-validator decorators, so they run in the validation step with
 * the other rules: a failure is a 400 with issues, before anything is charged.
 */

/** An ISO 8601 date or date-time that names a real instant. */
export function IsInstant(): PropertyDecorator {
  return rule('isInstant', (value, _object, property) => {
    if (value === undefined || value === null) return `${property} is required`;
    return parseInstant(value)
      ? null
      : `${property} must be an ISO 8601 date-time such as ${INSTANT_EXAMPLE} (a date alone means midnight UTC), ${INSTANT_RANGE_TEXT}`;
  });
}

/** The instant is not in the future (a small clock skew allowed). */
export function IsNotFuture(): PropertyDecorator {
  return rule('isNotFuture', (value, _object, property) => {
    const at = parseInstant(value);
    return at && at.getTime() > Date.now() + 60_000 ? `${property} must not be in the future: there is no price history there yet` : null;
  });
}

const DAY_MS = 86_400_000;

/** The longest range each interval may cover: beyond it a series is too long to be useful. */
export const MAX_SPAN_DAYS: Record<HistoryInterval, number> = { '5m': 7, '1h': 90, '1d': 1826 };

function spanLimitText(interval: HistoryInterval): string {
  return interval === '1d' ? '1826 days (5 years)' : `${MAX_SPAN_DAYS[interval]} days`;
}

/**
 * This end instant comes after the instant in `startProperty`, and the range fits the interval in
 * `intervalProperty`. Unreadable instants are left to IsInstant.
 */
export function IsRangeEnd(startProperty: string, intervalProperty: string): PropertyDecorator {
  return rule('isRangeEnd', (value, object, property) => {
    const end = parseInstant(value);
    const start = parseInstant(object[startProperty]);
    if (!end || !start) return null;
    if (end.getTime() <= start.getTime()) return `${property} must be after ${startProperty}`;
    const interval = object[intervalProperty] as HistoryInterval;
    if (!(HISTORY_INTERVALS as readonly unknown[]).includes(interval)) return null;
    const days = (end.getTime() - start.getTime()) / DAY_MS;
    if (days > MAX_SPAN_DAYS[interval]) {
      const wider = HISTORY_INTERVALS.filter((i) => MAX_SPAN_DAYS[i] >= days);
      const hint = wider.length > 0 ? `; use interval ${wider.join(' or ')} or a shorter range` : '; use a shorter range';
      return `the range from ${startProperty} to ${property} covers ${days.toFixed(1)} days; interval ${interval} allows at most ${spanLimitText(interval)}${hint}`;
    }
    return null;
  });
}

/** None of `others` may be given together with this property. */
export function ExcludesProperties(others: string[], message: string): PropertyDecorator {
  return rule('excludesProperties', (_value, object) => (others.some((p) => object[p] !== undefined && object[p] !== null) ? message : null));
}

/** `property` must be given together with this one. */
export function RequiresProperty(property: string): PropertyDecorator {
  return rule('requiresProperty', (_value, object, own) =>
    object[property] === undefined || object[property] === null ? `${property} is required with ${own}` : null,
  );
}

/** At least one item across this array and the arrays in `others`. */
export function HasItemsAcross(others: string[], message: string): PropertyDecorator {
  return rule('hasItemsAcross', (value, object) => {
    const count = [value, ...others.map((p) => object[p])].reduce<number>((sum, v) => sum + (Array.isArray(v) ? v.length : 0), 0);
    return count > 0 ? null : message;
  });
}
