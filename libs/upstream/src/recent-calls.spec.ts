import { RecentCalls, RECENT_CALLS_WINDOW_MS } from './recent-calls';

describe('RecentCalls', () => {
  it('is degraded while a failure or a slow call is among the last 20', () => {
    const recent = new RecentCalls(2_000, () => 0);
    expect(recent.degradation()).toBeNull();
    recent.record(true, 10);
    recent.record(false, 2_500);
    expect(recent.degradation()).toBe('of the last 2 calls, 1 failed and 1 slower than 2000 ms');
    for (let i = 0; i < 20; i += 1) recent.record(false, 10);
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
