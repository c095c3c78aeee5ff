import { unixOrIsoTime } from './unix-or-iso-time';

describe('unixOrIsoTime', () => {
  it.each([
    [1_700_000_000, 1_700_000_000],
    ['1700000000', 1_700_000_000],
    [' 1700000000 ', 1_700_000_000],
    ['2026-09-01T00:00:01.900Z', 1_788_220_801],
    [99_999_999_999, 99_999_999_999],
    [100_000_000_000, null],
    ['123456789012', null],
    [-1, null],
    [1.5, null],
    ['soon', null],
    [null, null],
  ])('reads %p in seconds as %p', (value, expected) => {
    expect(unixOrIsoTime(value, 's')).toBe(expected);
  });

  it.each([
    [1_700_000_000, 1_700_000_000_000],
    ['1700000000', 1_700_000_000_000],
    [1_700_000_000_123, 1_700_000_000_123],
    ['1700000000123', 1_700_000_000_123],
    [1e15, 1e15],
    ['12345678901234', null],
    ['2026-09-01T00:00:01.900Z', 1_788_220_801_900],
    [-1, null],
    ['soon', null],
    [undefined, null],
  ])('reads %p in milliseconds as %p', (value, expected) => {
    expect(unixOrIsoTime(value, 'ms')).toBe(expected);
  });
});
