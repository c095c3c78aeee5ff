import { SourceBreaker } from './source-breaker';
import { AttemptFailure } from './upstream-request';
import { UpstreamError } from './upstream.types';

const failure = () => new AttemptFailure('retry', new UpstreamError('s', 'http', 'answered HTTP 503', 503), true);
const failing = () => Promise.reject(failure());
const passing = () => Promise.resolve('ok');

describe('SourceBreaker', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  /** The wait the open breaker announced, measured from now. */
  function waitNow(breaker: SourceBreaker): number {
    const view = breaker.view();
    if (view.state !== 'open') throw new Error(`breaker is ${view.state}`);
    return view.retryAt - Date.now();
  }

  it('tests again after 2-4 s, then after each failed test twice as long, never past 8 s; a passing test closes it', async () => {
    const breaker = new SourceBreaker({ breakerThreshold: 2, halfOpenAfterMs: 4_000, halfOpenMaxMs: 8_000 });
    let recovered = 0;
    breaker.onRecovered(() => (recovered += 1));
    for (let i = 0; i < 2; i += 1) await expect(breaker.policy.execute(failing)).rejects.toBeInstanceOf(AttemptFailure);
    const first = waitNow(breaker);
    expect(first).toBeGreaterThanOrEqual(2_000);
    expect(first).toBeLessThan(4_000);

    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      jest.advanceTimersByTime(waitNow(breaker));
      expect(breaker.view()).toEqual({ state: 'testing' });
      await expect(breaker.policy.execute(failing)).rejects.toBeInstanceOf(AttemptFailure);
      waits.push(waitNow(breaker));
    }
    expect(waits[0]).toBeGreaterThanOrEqual(4_000);
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(8_000);

    jest.advanceTimersByTime(waitNow(breaker));
    await expect(breaker.policy.execute(passing)).resolves.toBe('ok');
    expect(breaker.view()).toEqual({ state: 'closed' });
    expect(recovered).toBe(1);
  });

  it('starts from the first wait again after a recovery', async () => {
    const breaker = new SourceBreaker({ breakerThreshold: 1, halfOpenAfterMs: 4_000, halfOpenMaxMs: 8_000 });
    await expect(breaker.policy.execute(failing)).rejects.toBeInstanceOf(AttemptFailure);
    jest.advanceTimersByTime(waitNow(breaker));
    await expect(breaker.policy.execute(failing)).rejects.toBeInstanceOf(AttemptFailure);
    jest.advanceTimersByTime(waitNow(breaker));
    await breaker.policy.execute(passing);
    await expect(breaker.policy.execute(failing)).rejects.toBeInstanceOf(AttemptFailure);
    expect(waitNow(breaker)).toBeLessThan(4_000);
  });
});
