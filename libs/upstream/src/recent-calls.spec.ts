import { RecentCalls, RECENT_CALLS_WINDOW_MS, RECOVERY_STREAK } from './recent-calls';

describe('RecentCalls', () => {
  it('is degraded while a failure or a slow call is among the last 20', () => {
    const recent = new RecentCalls(2_000, () => 0);
    expect(recent.degradation()).toBeNull();
    recent.record(true, 10);
    recent.record(false, 2_500);
    expect(recent.degradation()).toBe('of the last 2 calls, 1 failed and 1 slower than 2000 ms');
    recent.record(false, 10);
    recent.record(true, 10);
    expect(recent.degradation()).toBe('of the last 4 calls, 2 failed and 1 slower than 2000 ms');
  });

  it(`reads ok again after ${RECOVERY_STREAK} healthy calls in a row, not before`, () => {
    const recent = new RecentCalls(2_000, () => 0);
    for (let i = 0; i < 5; i += 1) recent.record(true, 10);
    for (let i = 1; i < RECOVERY_STREAK; i += 1) recent.record(false, 10);
    expect(recent.degradation()).toBe(`of the last ${5 + RECOVERY_STREAK - 1} calls, 5 failed`);
    recent.record(false, 10);
    expect(recent.degradation()).toBeNull();
    recent.record(false, 2_500);
    expect(recent.degradation()).toBe(`of the last ${RECOVERY_STREAK + 1} calls, 1 slower than 2000 ms`);
  });

  it('forgets everything when cleared (a passing circuit-breaker test call)', () => {
    const recent = new RecentCalls(2_000, () => 0);
    recent.record(true, 10);
    recent.clear();
    expect(recent.degradation()).toBeNull();
  });

  it('forgets calls older than the window', () => {
    let now = 0;
    const recent = new RecentCalls(2_000, () => now);
    recent.record(true, 10);
    now = RECENT_CALLS_WINDOW_MS + 1;
    expect(recent.degradation()).toBeNull();
  });
});
