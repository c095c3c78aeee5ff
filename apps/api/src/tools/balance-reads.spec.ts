import type { LedgerService } from '@scout/ledger';
import { BalanceReads } from './balance-reads';

/** A ledger whose reads the test answers by hand, in the order they were asked. */
function ledger() {
  const reads: { accountId: string; answer(remaining: number): void; fail(error: Error): void }[] = [];
  const service = {
    remaining: (accountId: string) => new Promise<number>((resolve, reject) => reads.push({ accountId, answer: resolve, fail: reject })),
  } as unknown as LedgerService;
  return { service, reads };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('BalanceReads', () => {
  it('reads once for the callers of one account that ask in the same burst, after they asked', async () => {
    const l = ledger();
    const balances = new BalanceReads(l.service);
    const asked = Array.from({ length: 50 }, () => balances.remaining('a'));
    // Not started while the burst is still asking.
    expect(l.reads).toHaveLength(0);
    await Promise.resolve();
    expect(l.reads).toHaveLength(1);
    l.reads[0].answer(7);
    expect(await Promise.all(asked)).toEqual(Array(50).fill(7));
  });

  it('never hands a caller a read that was already running when it asked: it gets the next, shared with the others that queued', async () => {
    const l = ledger();
    const balances = new BalanceReads(l.service);
    const first = balances.remaining('a');
    await settled();
    expect(l.reads).toHaveLength(1);
    const whileRunning = [balances.remaining('a'), balances.remaining('a')];
    await settled();
    expect(l.reads).toHaveLength(1);
    l.reads[0].answer(10);
    expect(await first).toBe(10);
    await settled();
    // One more read, started once the first ended, for the callers that asked while it ran.
    expect(l.reads).toHaveLength(2);
    l.reads[1].answer(9);
    expect(await Promise.all(whileRunning)).toEqual([9, 9]);
  });

  it('reads each account on its own, passes a failure to the callers of that read only, and keeps nothing once idle', async () => {
    const l = ledger();
    const balances = new BalanceReads(l.service);
    const a = balances.remaining('a');
    const b = balances.remaining('b');
    await settled();
    expect(l.reads.map((r) => r.accountId)).toEqual(['a', 'b']);
    l.reads[0].fail(new Error('database down'));
    l.reads[1].answer(3);
    await expect(a).rejects.toThrow('database down');
    expect(await b).toBe(3);
    await settled();
    expect((balances as unknown as { accounts: Map<string, unknown> }).accounts.size).toBe(0);
    const again = balances.remaining('a');
    await settled();
    expect(l.reads).toHaveLength(3);
    l.reads[2].answer(4);
    expect(await again).toBe(4);
  });
});
