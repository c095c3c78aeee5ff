import { diffSnapshots, type ComparableSnapshot } from './snapshot-diff';

const before: ComparableSnapshot = {
  id: 'b',
  capturedAt: '2026-11-24T10:00:00.000Z',
  priceUsd: 0.002,
  totalHolders: 1000,
  top10HoldersPercent: 30,
  trackedHolders: [
    { handle: 'alice', userId: 'u1', amount: 100, valueUsd: 200 },
    { handle: 'bob', userId: 'u2', amount: 50, valueUsd: 100 },
    { handle: 'carol', userId: 'u3', amount: 10, valueUsd: 20 },
    { handle: 'dave', userId: 'u4', amount: 5, valueUsd: 10 },
  ],
};
const after: ComparableSnapshot = {
  id: 'a',
  capturedAt: '2026-11-24T10:05:00.000Z',
  priceUsd: 0.0025,
  totalHolders: 1100,
  top10HoldersPercent: 28.5,
  trackedHolders: [
    { handle: 'alice', userId: 'u1', amount: 150, valueUsd: 375 },
    { handle: 'bob', userId: 'u2', amount: 25, valueUsd: 62.5 },
    { handle: 'Dave', amount: 5, valueUsd: 12.5 },
    { handle: 'erin', userId: 'u5', amount: 40, valueUsd: 100 },
  ],
};

describe('diffSnapshots', () => {
  const d = diffSnapshots(before, after);

  it('lists joins, exits, adds and trims by amount held', () => {
    expect(d.joined.map((m) => m.handle)).toEqual(['erin']);
    expect(d.joined[0]).toMatchObject({ amountBefore: 0, amountAfter: 40, valueBefore: 0, valueAfter: 100, amountChangePct: null });
    expect(d.exited.map((m) => m.handle)).toEqual(['carol']);
    expect(d.exited[0]).toMatchObject({ amountAfter: 0, amountChange: -10, valueChange: -20 });
    expect(d.increased).toEqual([expect.objectContaining({ handle: 'alice', amountChange: 50, amountChangePct: 50, valueChange: 175 })]);
    expect(d.decreased).toEqual([expect.objectContaining({ handle: 'bob', amountChange: -25, amountChangePct: -50 })]);
  });

  it('a price move alone is not a trade: same amount, higher value, unchanged', () => {
    expect(d.unchanged).toBe(1);
  });

  it('matches a holder recorded without a user id by handle, in any case', () => {
    expect([...d.joined, ...d.exited].map((m) => m.handle)).not.toContain('Dave');
  });

  it('gives the token-wide changes and the time between', () => {
    expect(d.elapsedSeconds).toBe(300);
    expect(d.price).toEqual({ before: 0.002, after: 0.0025, change: 0.0005, changePct: 25 });
    expect(d.totalHolders).toEqual({ before: 1000, after: 1100, change: 100, changePct: 10 });
    expect(d.top10HoldersPercent.change).toBe(-1.5);
    expect(d.trackedHolderCount).toMatchObject({ before: 4, after: 4, change: 0 });
    expect(d.trackedValueUsd).toMatchObject({ before: 330, after: 550, change: 220 });
  });

  it('takes the counts a snapshot recorded over the length of its (cut) list', () => {
    const cut = diffSnapshots({ ...before, trackedHolderCount: 40, trackedValueUsd: 9000 }, { ...after, trackedHolderCount: 44, trackedValueUsd: 9900 });
    expect(cut.trackedHolderCount).toMatchObject({ before: 40, after: 44, change: 4, changePct: 10 });
    expect(cut.trackedValueUsd).toMatchObject({ before: 9000, after: 9900, change: 900 });
  });

  it('leaves unknown figures null and compares a snapshot with itself as no change', () => {
    const same = diffSnapshots(before, before);
    expect(same).toMatchObject({ joined: [], exited: [], increased: [], decreased: [], unchanged: 4, elapsedSeconds: 0 });
    const bare = diffSnapshots({ trackedHolders: [] }, { trackedHolders: [] });
    expect(bare).toMatchObject({ elapsedSeconds: null, price: { before: null, after: null, change: null, changePct: null } });
  });
});
