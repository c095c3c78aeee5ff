/**
 * ISO 8601 calendar dates and date-times, read strictly: `2026-09-01`, `2026-09-01T12:00Z`,
 * `2026-09-01T12:00:00.5+02:00`. A date alone is midnight UTC, and so is a date-time without an
 * offset (UTC, never the server's zone). Impossible dates (February 30, hour 24) are refused
 * instead of rolling over the way `Date.parse` does.
 */
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/;

export const INSTANT_EXAMPLE = '2026-09-01T00:00:00Z';

/** No time a crypto tool is asked about predates Bitcoin's first block (2009-01-03T18:15:05Z). */
export const EARLIEST_INSTANT_MS = Date.UTC(2009, 0, 3, 18, 15, 5);
/** How far past now a time input may lie (clocks differ); beyond it no instant is real yet. */
export const LATEST_INSTANT_AHEAD_MS = 86_400_000;
/** The bounds of every time input, for messages. */
export const INSTANT_RANGE_TEXT = 'between 2009-01-03 and one day from now';

/**
 * A real instant to ask about: a finite time from Bitcoin's first block to one day past `nowMs`.
 * Every time input is bounded by it, so a value such as 1e308 is a 400, never an invalid Date.
 */
export function isRealInstant(ms: number, nowMs = Date.now()): boolean {
  return Number.isFinite(ms) && ms >= EARLIEST_INSTANT_MS && ms <= nowMs + LATEST_INSTANT_AHEAD_MS;
}

/** An ISO 8601 instant (as above) that isRealInstant; null for anything else. */
export function parseInstant(text: unknown, nowMs = Date.now()): Date | null {
  const at = readIsoInstant(text);
  return at && isRealInstant(at.getTime(), nowMs) ? at : null;
}

/** An ISO 8601 instant as written, not yet bounded to a real one (parseInstant bounds it). */
export function readIsoInstant(text: unknown): Date | null {
  if (typeof text !== 'string') return null;
  const match = ISO_INSTANT.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number);
  // Years before 1970 have no token prices, and Date.UTC would misread 0000-0099 as 19xx.
  if (year < 1970 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const dayStart = Date.UTC(year, month - 1, day);
  if (new Date(dayStart).getUTCDate() !== day) return null;
  const ms = Math.floor(Number(`0.${fraction || '0'}`) * 1000);
  let offsetMinutes = 0;
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const [oh, om] = [Number(digits.slice(0, 2)), Number(digits.slice(2, 4))];
    if (oh > 23 || om > 59) return null;
    offsetMinutes = sign * (oh * 60 + om);
  }
  return new Date(dayStart + ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1000 + ms);
}
