import { parseInstant } from './instant';

describe('parseInstant', () => {
  it.each([
    ['2026-09-01', '2026-09-01T00:00:00.000Z'],
    ['2026-09-01T12:30:00Z', '2026-09-01T12:30:00.000Z'],
    ['2026-09-01T12:30Z', '2026-09-01T12:30:00.000Z'],
    ['2026-09-01T12:30:00.25Z', '2026-09-01T12:30:00.250Z'],
    ['2026-09-01T12:30:00+02:00', '2026-09-01T10:30:00.000Z'],
    ['2026-09-01T12:30:00-0530', '2026-09-01T18:00:00.000Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseInstant(text)?.toISOString()).toBe(iso);
  });

  it('reads a date-time without an offset as UTC, not the server zone', () => {
    expect(parseInstant('2026-09-01T08:00:00')?.toISOString()).toBe('2026-09-01T08:00:00.000Z');
  });

  it.each([
    '2026-02-30',
    '2025-02-29T00:00:00Z',
    '2026-09-01T24:00:00Z',
    '2026-13-01',
    '2026-09-01T10:60Z',
    'yesterday',
    '1725148800',
    '2026-W35',
    '',
    '0050-01-01',
  ])('refuses %s', (text) => {
    expect(parseInstant(text)).toBeNull();
  });

  it('refuses what is not text', () => {
    expect(parseInstant(1725148800)).toBeNull();
    expect(parseInstant(undefined)).toBeNull();
  });
});
