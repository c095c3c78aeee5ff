import { isRealInstant, readIsoInstant } from './instant';

/** The unit of a time read by unixOrIsoTime, and of the number it returns. */
export type TimeUnit = 's' | 'ms';

/** Digits a unix time may be written with: 11 of seconds, or 13 (seconds or milliseconds) where `ms` is asked for. */
const UNIX_DIGITS: Record<TimeUnit, RegExp> = { s: /^\d{1,11}$/, ms: /^\d{1,13}$/ };

function unixTime(value: number, unit: TimeUnit): number | null {
  if (!Number.isInteger(value) || value < 0) return null;
  if (unit === 's') return value < 1e11 ? value : null;
  return value < 1e12 ? value * 1000 : value;
}

/**
 * A time given as unix time (a number, or a string of digits) or as an ISO 8601 instant, in `unit`,
 * as written: null when it is none of these, but not yet bounded (unixOrIsoTime bounds it; a tool
 * that words its own bounds reads with this). In seconds (`s`) unix time is seconds below 1e11. In
 * milliseconds (`ms`) it is seconds below 1e12 and milliseconds from there on, and an instant keeps
 * its milliseconds.
 */
export function readUnixOrIsoTime(value: unknown, unit: TimeUnit): number | null {
  if (typeof value === 'number') return unixTime(value, unit);
  if (typeof value !== 'string') return null;
  if (UNIX_DIGITS[unit].test(value.trim())) return unixTime(Number(value.trim()), unit);
  const at = readIsoInstant(value);
  if (!at) return null;
  return unit === 'ms' ? at.getTime() : Math.floor(at.getTime() / 1000);
}

/**
 * The one time parser of tool inputs: readUnixOrIsoTime, and null unless the time is a real
 * instant (isRealInstant: from 2009-01-03 to a day past `nowMs`).
 */
export function unixOrIsoTime(value: unknown, unit: TimeUnit, nowMs = Date.now()): number | null {
  const time = readUnixOrIsoTime(value, unit);
  return time !== null && isRealInstant(unit === 'ms' ? time : time * 1000, nowMs) ? time : null;
}
