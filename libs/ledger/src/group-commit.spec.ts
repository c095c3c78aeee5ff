import { GroupCommit } from './group-commit';

/** A send whose batches are released by hand, recording what each batch held. */
function manualSend() {
  const batches: number[][] = [];
  const pending: Array<{ release(): void; fail(error: Error): void }> = [];
  const send = (batch: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push(batch);
      pending.push({ release: () => resolve(batch.map((n) => `r${n}`)), fail: reject });
    });
  return { send, batches, pending };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('sends a lone item at once and groups what arrives while batches are in flight', async () => {
    const { send, batches, pending } = manualSend();
    const group = new GroupCommit(send, 10, 1);
    const first = group.submit(1);
    expect(batches).toEqual([[1]]);
    const rest = [2, 3, 4].map((n) => group.submit(n));
    expect(batches).toHaveLength(1);
    pending[0].release();
    expect(await first).toBe('r1');
    await flush();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    pending[1].release();
    expect(await Promise.all(rest)).toEqual(['r2', 'r3', 'r4']);
  });

  it('keeps to the batch size and the number of batches in flight', async () => {
    const { send, batches } = manualSend();
    const group = new GroupCommit(send, 2, 2);
    for (let n = 1; n <= 7; n++) void group.submit(n);
    expect(batches).toEqual([[1], [2]]); // two in flight at once; the rest waits its turn
  });

  it('fails every item of a batch whose send fails, and goes on with the next', async () => {
    const { send, batches, pending } = manualSend();
    const group = new GroupCommit(send, 10, 1);
    const doomed = group.submit(1);
    const next = group.submit(2);
    pending[0].fail(new Error('connection lost'));
    await expect(doomed).rejects.toThrow('connection lost');
    await flush();
    expect(batches).toEqual([[1], [2]]);
    pending[1].release();
    expect(await next).toBe('r2');
  });

  it('sends the next batch before the callers of the one that came back go on', async () => {
    const { send, batches, pending } = manualSend();
    const group = new GroupCommit(send, 10, 1);
    const sentWhenAnswered = (n: number) =>
      group.submit(n).then(
        () => batches.length,
        () => batches.length,
      );
    const first = sentWhenAnswered(1);
    void group.submit(2);
    pending[0].release();
    // The caller of 1 runs only after batch [2] went out: the database works while it answers.
    expect(await first).toBe(2);
    expect(batches).toEqual([[1], [2]]);

    pending[1].release();
    await flush();
    const failing = sentWhenAnswered(3);
    void group.submit(4);
    expect(batches).toEqual([[1], [2], [3]]);
    pending[2].fail(new Error('connection lost'));
    expect(await failing).toBe(4);
  });
});
