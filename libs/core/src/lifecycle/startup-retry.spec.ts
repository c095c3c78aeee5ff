import { retryWhileDatabaseUnavailable } from './startup-retry';

const lost = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('retryWhileDatabaseUnavailable', () => {
  it('runs the step again while the database connection is lost, then answers', async () => {
    let calls = 0;
    const retried: number[] = [];
    const value = await retryWhileDatabaseUnavailable(
      async () => {
        calls += 1;
        if (calls < 3) throw lost();
        return 'up';
      },
      { firstDelayMs: 1, onRetry: (_e, attempt) => retried.push(attempt) },
    );
    expect(value).toBe('up');
    expect(retried).toEqual([1, 2]);
  });

  it('gives up after the last attempt with its error', async () => {
    let calls = 0;
    await expect(retryWhileDatabaseUnavailable(async () => ((calls += 1), Promise.reject(lost())), { attempts: 3, firstDelayMs: 1 })).rejects.toThrow(
      /administrator command/,
    );
    expect(calls).toBe(3);
  });

  it('does not retry any other failure', async () => {
    let calls = 0;
    await expect(
      retryWhileDatabaseUnavailable(async () => ((calls += 1), Promise.reject(new Error('relation "x" does not exist'))), { firstDelayMs: 1 }),
    ).rejects.toThrow(/does not exist/);
    expect(calls).toBe(1);
  });
});
