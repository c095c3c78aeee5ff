import { ManualClock } from '../../../../test/manual-clock';
import { readFomo } from '../support/fomo-sandbox';
import { startTestApp, type TestApp } from '../support/test-app';
import { SANDBOX_NOW } from '../support/fixed-time';

/**
 * Balances, positions and swaps end to end against the sandbox FOMO provider, and the figures of
 * one tool agreeing with the others': balances are the open positions' value, and a trader's
 * all-time leaderboard PnL is the sum of their positions' realized and unrealized PnL.
 */

const NOW = SANDBOX_NOW;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const cents = (n: number) => Math.round(n * 100);
type Json = any;

describe('trader activity tools (end to end against the sandbox)', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;
  /** An all-time board trader with open positions, whose closed positions fill more than a page of ten and fit in twelve pages. */
  let trader: { userId: string; handle: string; pnlUsd: number };

  beforeAll(async () => {
    t = await startTestApp({ sandbox: { now: () => NOW }, clock: new ManualClock(new Date(NOW)) });
    ({ apiKey: key, accountId } = await t.createAccount('trader activity'));
    await t.setBalance(accountId, 500_000);
    const board = await sandbox('/v2/leaderboard/all?limit=100');
    for (const row of board.traders) {
      const page = await sandbox(`/v2/users/${row.userId}/positions?status=closed&cursor=start`);
      if (page.openTotal > 0 && page.closedTotal > 10 && page.closedTotal <= 25 * 12) {
        trader = { userId: row.userId, handle: row.handle, pnlUsd: row.pnlUsd };
        break;
      }
    }
    expect(trader).toBeDefined();
  });
  afterAll(() => t.close());

  const sandbox = (path: string): Promise<Json> => readFomo(t, path);
  const call = async (tool: string, query: Record<string, string | number | boolean>) => {
    const res = await t.http().get(`/api/v1/tools/${tool}`).query(query).set(bearer(key));
    expect({ tool, status: res.status, error: res.body.error }).toEqual({ tool, status: 200, error: undefined });
    return res.body;
  };

  it("the all-time PnL on the leaderboard is the sum of the positions' realized and unrealized PnL", async () => {
    const answer = await call('service_fomo_trader_positions', { trader: trader.handle, status: 'all', limit: 200, deep: true });
    const data = answer.data;
    expect(data.complete).toBe(true);
    expect(data.count).toBe(data.positions.length);
    expect(data.summary.open + data.summary.closed).toBe(data.count);
    const total = data.summary.realizedPnlUsd + data.summary.unrealizedPnlUsd;
    expect(Math.abs(cents(total) - cents(trader.pnlUsd))).toBeLessThanOrEqual(data.count + 1); // a cent of rounding per row
    for (const p of data.positions) {
      expect(p.chain).not.toBeNull();
      if (p.pnlUsd !== null && p.pnlUsd !== 0) expect(p.up).toBe(p.pnlUsd > 0);
    }
    const decided = data.summary.wins + data.summary.losses;
    if (decided > 0) expect(data.summary.winRatePct).toBeCloseTo((100 * data.summary.wins) / decided, 1);
  });

  it("balances are the open positions at today's prices, largest first, split by chain", async () => {
    const balances = (await call('service_fomo_trader_balances', { trader: trader.userId, limit: 200 })).data;
    const open = (await call('service_fomo_trader_positions', { trader: trader.userId, status: 'open', limit: 200 })).data;
    expect(balances.capped).toBe(false);
    expect(balances.holdings.map((h: Json) => h.tradeId).sort()).toEqual(open.positions.map((p: Json) => p.tradeId).sort());
    const sum = balances.holdings.reduce((s: number, h: Json) => s + h.valueUsd, 0);
    expect(Math.abs(cents(sum) - cents(balances.totalValueUsd))).toBeLessThanOrEqual(balances.count);
    const values = balances.holdings.map((h: Json) => h.valueUsd);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const byChainValue = Object.values(balances.byChain as Record<string, { valueUsd: number }>).reduce((s, c) => s + c.valueUsd, 0);
    expect(Math.abs(cents(byChainValue) - cents(balances.totalValueUsd))).toBeLessThanOrEqual(balances.count);
    for (const h of balances.holdings) expect(['solana', 'ethereum', 'base', 'bsc', 'monad', 'hyperliquid', 'brokerage']).toContain(h.chain);
  });

  it('a chain narrows balances to that chain', async () => {
    const all = (await call('service_fomo_trader_balances', { trader: trader.userId, limit: 200 })).data;
    const chain = all.holdings[0].chain;
    const one = (await call('service_fomo_trader_balances', { trader: trader.userId, chain, limit: 200 })).data;
    expect(one.chain).toBe(chain);
    expect(one.holdings.every((h: Json) => h.chain === chain)).toBe(true);
    expect(one.count).toBe(all.holdings.filter((h: Json) => h.chain === chain).length);
  });

  it('positions page by cursor without repeating or skipping a row', async () => {
    const first = (await call('service_fomo_trader_positions', { trader: trader.userId, status: 'closed', limit: 10 })).data;
    expect(first.count).toBeLessThanOrEqual(10);
    expect(first.nextCursor).not.toBeNull();
    const second = (await call('service_fomo_trader_positions', { trader: trader.userId, status: 'closed', limit: 10, cursor: first.nextCursor })).data;
    const both = (await call('service_fomo_trader_positions', { trader: trader.userId, status: 'closed', limit: 20 })).data;
    expect([...first.positions, ...second.positions].map((p: Json) => p.tradeId)).toEqual(
      both.positions.slice(0, first.count + second.count).map((p: Json) => p.tradeId),
    );
  });

  it("swaps are the provider's fills, newest first, narrowed by token; every fill names its position", async () => {
    const upstream = await sandbox(`/v2/users/${trader.userId}/swaps?limit=100`);
    const swaps = (await call('service_fomo_trader_swaps', { trader: trader.handle, limit: 100 })).data;
    expect(swaps.swaps.map((s: Json) => s.swapId)).toEqual(upstream.swaps.map((s: Json) => s.swapId));
    const times = swaps.swaps.map((s: Json) => Date.parse(s.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const s of swaps.swaps) expect(s.tradeIdIn ?? s.tradeIdOut).toEqual(expect.any(String));
    const token = swaps.swaps[0].side === 'buy' ? swaps.swaps[0].tokenOut.address : swaps.swaps[0].tokenIn.address;
    const one = (await call('service_fomo_trader_swaps', { trader: trader.userId, tokenAddress: token, limit: 100 })).data;
    expect(one.count).toBeGreaterThan(0);
    for (const s of one.swaps) expect([s.tokenIn.address, s.tokenOut.address]).toContain(token);
  });

  it.each([
    ['service_fomo_trader_balances', { trader: 'x', limit: 201 }, 'limit'],
    ['service_fomo_trader_balances', { trader: 'x', chain: 'robinhood' }, 'chain'],
    ['service_fomo_trader_positions', { trader: 'x', status: 'won' }, 'status'],
    ['service_fomo_trader_positions', { trader: 'x', limit: 201 }, 'limit'],
    ['service_fomo_trader_swaps', { trader: 'x', limit: 101 }, 'limit'],
    ['service_fomo_trader_swaps', { trader: 'x', source: 'dex' }, 'source'],
  ])('400 for %s %j names %s, nothing charged', async (tool, query, field) => {
    const before = await t.spendable(accountId);
    const res = await t.http().get(`/api/v1/tools/${tool}`).query(query).set(bearer(key));
    expect(res.status).toBe(400);
    expect(res.body.error.issues.map((i: Json) => i.path)).toContain(field);
    expect(await t.spendable(accountId)).toBe(before);
  });

  it.each([
    ['service_fomo_trader_positions', 'not-a-cursor'],
    ['service_fomo_trader_swaps', '%%%'],
  ])('%s with a cursor the provider refuses is a 400 naming cursor (not a 502), nothing charged', async (tool, cursor) => {
    const before = await t.spendable(accountId);
    const res = await t.http().get(`/api/v1/tools/${tool}`).query({ trader: trader.userId, cursor }).set(bearer(key));
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 400, code: 'invalid_request' });
    expect(res.body.error.issues).toEqual([{ path: 'cursor', message: 'not a cursor this tool gave' }]);
    expect(await t.spendable(accountId)).toBe(before);
  });
});
