import { EARLIEST_INSTANT_MS } from './instant';
import { unixOrIsoTime } from './unix-or-iso-time';

/** A fixed now, so the bounds do not move with the calendar. */
const NOW = Date.parse('2026-11-20T12:00:00Z');

describe('unixOrIsoTime', () => {
  it.each([
    [1_700_000_000, 1_700_000_000],
    ['1700000000', 1_700_000_000],
    [' 1700000000 ', 1_700_000_000],
    ['2026-09-01T00:00:01.900Z', 1_788_220_801],
    [99_999_999_999, null],
    [100_000_000_000, null],
    ['123456789012', null],
    [-1, null],
    [1.5, null],
    ['soon', null],
    [null, null],
  ])('reads %p in seconds as %p', (value, expected) => {
    expect(unixOrIsoTime(value, 's', NOW)).toBe(expected);
  });

  it.each([
    [1_700_000_000, 1_700_000_000_000],
    ['1700000000', 1_700_000_000_000],
    [1_700_000_000_123, 1_700_000_000_123],
    ['1700000000123', 1_700_000_000_123],
    [1e15, null],
    [1e308, null],
    [Number.MAX_SAFE_INTEGER, null],
    ['12345678901234', null],
    ['2026-09-01T00:00:01.900Z', 1_788_220_801_900],
    [-1, null],
    ['soon', null],
    [undefined, null],
  ])('reads %p in milliseconds as %p', (value, expected) => {
    expect(unixOrIsoTime(value, 'ms', NOW)).toBe(expected);
  });

  it("accepts only real instants: from Bitcoin's first block to one day past now", () => {
    const day = 86_400_000;
    expect(unixOrIsoTime(EARLIEST_INSTANT_MS, 'ms', NOW)).toBe(EARLIEST_INSTANT_MS);
    expect(unixOrIsoTime(EARLIEST_INSTANT_MS - 1, 'ms', NOW)).toBeNull();
    expect(unixOrIsoTime('2009-01-03', 'ms', NOW)).toBeNull();
    expect(unixOrIsoTime('2009-01-04', 's', NOW)).toBe(Date.UTC(2009, 0, 4) / 1000);
    expect(unixOrIsoTime(NOW + day, 'ms', NOW)).toBe(NOW + day);
    expect(unixOrIsoTime(NOW + day + 1, 'ms', NOW)).toBeNull();
    expect(unixOrIsoTime(String((NOW + 2 * day) / 1000), 's', NOW)).toBeNull();
    expect(unixOrIsoTime('9999-12-31T23:59:59Z', 'ms', NOW)).toBeNull();
    expect(unixOrIsoTime(0, 's', NOW)).toBeNull();
  });
});
