import { setTimeout as sleep } from 'node:timers/promises';
import { CallMeter, NotFoundError, RequestContext, type ToolContext } from '@scout/core';
import { UpstreamError } from '@scout/upstream';
import { readWithin } from './milestone-charts';

describe('readWithin', () => {
  it('reads everything, at most `concurrency` at once, results in the items order', async () => {
    let inFlight = 0;
    let most = 0;
    const reads = await readWithin(
      [5, 1, 4, 2, 3, 1, 2],
      async (ms) => {
        most = Math.max(most, ++inFlight);
        await sleep(ms * 5);
        inFlight -= 1;
        return ms * 10;
      },
      Date.now() + 5_000,
      3,
    );
    expect(most).toBe(3);
    expect(reads).toEqual([50, 10, 40, 20, 30, 10, 20].map((value) => ({ state: 'read', value })));
  });

  it('an upstream failure or a 404 is failed; the others still read', async () => {
    const down = new UpstreamError('token-analytics', 'http', 'answered HTTP 503', 503);
    const missing = new NotFoundError('no such token');
    const reads = await readWithin(
      ['a', 'down', 'missing', 'b'],
      async (x) => {
        if (x === 'down') throw down;
        if (x === 'missing') throw missing;
        return x;
      },
      Date.now() + 5_000,
    );
    expect(reads).toEqual([
      { state: 'read', value: 'a' },
      { state: 'failed', error: down },
      { state: 'failed', error: missing },
      { state: 'read', value: 'b' },
    ]);
  });

  it('a read still out at the deadline, and those never started, are cut; it returns at the deadline', async () => {
    const started = Date.now();
    const reads = await readWithin([10, 10, 1_000, 10, 10], async (ms) => (await sleep(ms), ms), Date.now() + 200, 1);
    expect(Date.now() - started).toBeLessThan(900);
    expect(reads.map((r) => r.state)).toEqual(['read', 'read', 'cut', 'cut', 'cut']);
  });

  it('a timeout ending at the deadline is cut, not failed', async () => {
    const deadlineAt = Date.now() + 100;
    const reads = await readWithin(
      [1],
      async () => {
        await sleep(deadlineAt - Date.now() - 50);
        throw new UpstreamError('token-analytics', 'timeout', 'no answer in time');
      },
      deadlineAt,
    );
    expect(reads).toEqual([{ state: 'cut' }]);
  });

  it("runs each read with the request's deadline cut to the study's", async () => {
    const context: ToolContext = { tool: 'service_milestone_study', requestId: 'r', caller: null, meter: new CallMeter(), deadlineAt: Date.now() + 60_000 };
    const deadlineAt = Date.now() + 1_000;
    const seen = await RequestContext.run(context, () => readWithin([0], async () => RequestContext.current()!.deadlineAt, deadlineAt));
    expect(seen).toEqual([{ state: 'read', value: deadlineAt }]);
  });

  it('other errors are bugs and propagate', async () => {
    await expect(
      readWithin(
        [1],
        async () => {
          throw new TypeError('bug');
        },
        Date.now() + 1_000,
      ),
    ).rejects.toThrow('bug');
  });
});
