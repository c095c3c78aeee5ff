import { backoffDelay, keyResetAt, parseRetryAfter } from './retry-timing';

const NOW = Date.parse('2025-01-01T00:00:00Z');

describe('parseRetryAfter', () => {
  it('reads delta seconds and HTTP dates', () => {
    expect(parseRetryAfter('2', NOW)).toBe(2_000);
    expect(parseRetryAfter(['0.5'], NOW)).toBe(500);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', NOW)).toBe(30_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', NOW)).toBe(0);
  });

  it('is null when absent or unreadable', () => {
    expect(parseRetryAfter(undefined, NOW)).toBeNull();
    expect(parseRetryAfter('soon', NOW)).toBeNull();
  });
});

describe('keyResetAt', () => {
  it('prefers Retry-After, then x-ratelimit-reset (unix or relative seconds), else a 60 s rest', () => {
    expect(keyResetAt({ 'retry-after': '5', 'x-ratelimit-reset': '999' }, NOW)).toEqual({ resetAt: NOW + 5_000, announced: true });
    expect(keyResetAt({ 'x-ratelimit-reset': String(NOW / 1000 + 90) }, NOW)).toEqual({ resetAt: NOW + 90_000, announced: true });
    expect(keyResetAt({ 'x-ratelimit-reset': '15' }, NOW)).toEqual({ resetAt: NOW + 15_000, announced: true });
    expect(keyResetAt({}, NOW)).toEqual({ resetAt: NOW + 60_000, announced: false });
  });
});

describe('backoffDelay', () => {
  it('draws from [0, min(cap, base * 2^retry))', () => {
    expect(backoffDelay(0, 200, 2_000, () => 0.999)).toBe(199);
    expect(backoffDelay(3, 200, 2_000, () => 0.5)).toBe(800);
    expect(backoffDelay(10, 200, 2_000, () => 0.5)).toBe(1_000);
    expect(backoffDelay(2, 200, 2_000, () => 0)).toBe(0);
  });
});
