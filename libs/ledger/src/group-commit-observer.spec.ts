import { GroupCommit } from './group-commit';

describe('GroupCommit: what it tells its observer (the metrics)', () => {
  it('reports each settled batch with its size and one wait per item, committed or failed', async () => {
    const seen: Array<{ size: number; waits: number[] }> = [];
    let fail = false;
    const group = new GroupCommit<number, number>(
      (batch) => (fail ? Promise.reject(new Error('lost connection')) : Promise.resolve(batch.map((n) => n * 2))),
      10,
      1,
      (size, waits) => seen.push({ size, waits }),
    );
    await Promise.all([group.submit(1), group.submit(2), group.submit(3)]);
    fail = true;
    await expect(group.submit(4)).rejects.toThrow('lost connection');

    expect(seen.map((s) => s.size)).toEqual([1, 2, 1]);
    for (const { size, waits } of seen) {
      expect(waits).toHaveLength(size);
      for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(0);
    }
  });

  it('keeps committing when the observer throws', async () => {
    const group = new GroupCommit<number, number>(
      (batch) => Promise.resolve(batch),
      10,
      1,
      () => {
        throw new Error('observer bug');
      },
    );
    expect(await group.submit(1)).toBe(1);
    expect(await group.submit(2)).toBe(2);
  });
});
