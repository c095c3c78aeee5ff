import type { Response } from 'supertest';
import { callCharges } from '../../../../test/ledger-rows';
import { ManualClock } from '../../../../test/manual-clock';
import { readFomo } from '../support/fomo-sandbox';
import { startTestApp, type TestApp } from '../support/test-app';
import { SANDBOX_NOW } from '../support/fixed-time';

/**
 * service_fomo_trade_detail end to end against the sandbox FOMO provider: the live answer checked
 * against the sandbox's own trade, and the fallback (the trade route faulted, the trader given)
 * assembled from positions and swaps with the same figures. Retries are off so each faulted call
 * is one failure and never opens the FOMO breaker across tests. The call deadline is 4 s while an
 * attempt may take 8 s, so a hung trade route would eat the whole call if it were not cut short.
 */

const NOW = SANDBOX_NOW;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
type Json = any;

/** The fields a live and an assembled answer about the same trade must agree on. */
const SHARED = [
  'tradeId',
  'status',
  'token',
  'chain',
  'amount',
  'costBasisUsd',
  'proceedsUsd',
  'boughtUsd',
  'soldUsd',
  'bought',
  'sold',
  'avgEntryPrice',
  'avgExitPrice',
  'realizedPnlUsd',
  'unrealizedPnlUsd',
  'pnlUsd',
  'priceUsd',
  'valueUsd',
  'isDev',
  'openedAt',
  'closedAt',
  'lastTradeAt',
  'fills',
  'swaps',
];
const pick = (o: Json, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));

describe('service_fomo_trade_detail (end to end against the sandbox)', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;
  let trader: { userId: string; handle: string };
  /** A closed position on the trader's first positions page, with buys and sells. */
  let closed: Json;
  /** A closed position on the second page: the fallback has to walk to it. */
  let deeper: Json;
  /** A trade of the same trader carrying a thesis. */
  let withThesis: string;
  /** A trade of another trader. */
  let foreign: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { UPSTREAM_RETRIES: '0', TOOL_DEADLINE_MS: '4000' }, sandbox: { now: () => NOW }, clock: new ManualClock(new Date(NOW)) });
    ({ apiKey: key, accountId } = await t.createAccount('trade detail'));
    await t.setBalance(accountId, 200_000);
    const board = await sandbox('/v2/leaderboard/all?limit=100');
    for (const row of board.traders) {
      const first = await sandbox(`/v2/users/${row.userId}/positions?status=all&cursor=start`);
      const candidate = first.trades.find((p: Json) => p.status === 'closed' && p.bought > 0 && p.sold > 0 && p.swapCount >= 3);
      const theses = await sandbox(`/v2/thesis/user/${row.userId}?sort=recent`);
      if (!candidate || first.cursor === null || theses.theses.length === 0) continue;
      trader = { userId: row.userId, handle: row.handle };
      closed = candidate;
      withThesis = theses.theses[0].tradeId;
      const second = await sandbox(`/v2/users/${row.userId}/positions?status=all&cursor=${first.cursor}`);
      deeper = second.trades.find((p: Json) => p.status === 'closed');
      break;
    }
    expect(trader).toBeDefined();
    expect(deeper).toBeDefined();
    const other = board.traders.find((r: Json) => r.userId !== trader.userId);
    foreign = (await sandbox(`/v2/users/${other.userId}/positions?status=all&cursor=start`)).trades[0].tradeId;
  });
  afterAll(() => t.close());

  const sandbox = (path: string): Promise<Json> => readFomo(t, path);
  const call = (query: Record<string, string>, apiKey = key) => t.http().get('/api/v1/tools/service_fomo_trade_detail').query(query).set(bearer(apiKey));
  /** A new caller whose calls skip answers cached for earlier tests (a live trade stays cached 2 minutes). */
  async function freshCaller(name: string) {
    const caller = await t.createAccount(name);
    expect((await t.http().post('/api/v1/tools/service_usage').set(bearer(caller.apiKey)).send({ clearCache: true })).status).toBe(200);
    return caller;
  }
  async function withTradeFault<T>(tradeId: string, fault: { status?: number; timeout?: boolean }, run: () => Promise<T>): Promise<T> {
    t.sandbox.control.add({ provider: 'fomo', route: `/v2/trades/${tradeId}`, ...fault });
    try {
      return await run();
    } finally {
      t.sandbox.control.clear();
    }
  }
  async function expectUncharged(id: string, res: Response, status: number, before: number) {
    expect(res.status).toBe(status);
    expect(await t.spendable(id)).toBe(before);
    expect(await callCharges(t.sql, id, res.headers['x-request-id'])).toEqual([{ hold: 'voided', held: 250, charged: 0 }]);
  }

  describe('200 live', () => {
    it("is the provider's trade: the position's figures, every fill oldest first with its USD size, transfers, price, liquidity, status", async () => {
      const upstream = await sandbox(`/v2/trades/${closed.tradeId}`);
      const before = await t.spendable(accountId);
      const res = await call({ tradeId: closed.tradeId });
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(data).toMatchObject({
        tradeId: closed.tradeId,
        source: 'live',
        trader: { userId: trader.userId, handle: trader.handle },
        token: { address: upstream.token.address, symbol: upstream.token.symbol },
        status: 'closed',
        avgEntryPrice: upstream.avgEntryPrice,
        avgExitPrice: upstream.avgExitPrice,
        realizedPnlUsd: upstream.realizedPnlUsd,
        isDev: false,
        priceUsd: upstream.priceUsd,
        liquidityUsd: upstream.liquidityUsd,
        openedAt: upstream.createdAt,
        closedAt: upstream.closedAt,
        lastTradeAt: upstream.lastTradeAt,
      });
      expect(data.chain).toBe(upstream.chain === 'robinhood' ? 'brokerage' : upstream.chain);
      expect(data.swaps.map((s: Json) => [s.swapId, s.side, s.humanUsdAmountIn])).toEqual(
        upstream.swaps.map((s: Json) => [s.swapId, s.side, s.humanUsdAmountIn]),
      );
      expect(data.transfers.map((x: Json) => x.transferId)).toEqual(upstream.transfers.map((x: Json) => x.transferId));
      // The fills add up to the position: what was bought and sold, and the average prices.
      expect(data.fills).toMatchObject({ buys: data.swaps.filter((s: Json) => s.side === 'buy').length, boughtUsd: data.boughtUsd, soldUsd: data.soldUsd });
      expect(data.fills.avgEntryPrice).toBeCloseTo(data.avgEntryPrice, 6);
      expect(data.fills.avgExitPrice).toBeCloseTo(data.avgExitPrice, 6);
      expect((res.body.notes ?? []).join(' ')).not.toMatch(/Assembled/);
      expect(res.body.credits.creditsSpent).toBe(250);
      expect(await t.spendable(accountId)).toBe(before - 250);
    });

    it("carries the trader's thesis with its likes", async () => {
      const upstream = await sandbox(`/v2/trades/${withThesis}`);
      const res = await call({ tradeId: withThesis, trader: trader.handle });
      expect(res.status).toBe(200);
      expect(res.body.data.thesis).toEqual({
        thesisId: upstream.thesis.thesisId,
        text: upstream.thesis.text,
        likes: upstream.thesis.likes,
        ts: upstream.thesis.ts,
      });
      expect(res.body.data.source).toBe('live');
    });
  });

  describe('200 assembled: the trade route fails, the trader is given', () => {
    it('a 503 on the trade route: the position row and its fills from positions and swaps, the same figures as live, said in notes, charged', async () => {
      const live = (await call({ tradeId: closed.tradeId })).body.data;
      const caller = await freshCaller('trade detail fallback');
      const before = await t.spendable(caller.accountId);
      const res = await withTradeFault(closed.tradeId, { status: 503 }, () =>
        call({ tradeId: closed.tradeId, trader: trader.handle.toUpperCase() }, caller.apiKey),
      );
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(data.source).toBe('assembled');
      expect(pick(data, SHARED)).toEqual(pick(live, SHARED));
      expect(data).toMatchObject({ trader, transfers: null, thesis: null, liquidityUsd: null });
      expect(res.body.notes.join(' ')).toMatch(/Assembled from the trader's positions and swaps.*503/);
      expect(res.body.credits.endpoints).toEqual(
        expect.arrayContaining(['fomo:/v2/trades/{tradeId}', 'fomo:/v2/users/{userId}/positions', 'fomo:/v2/users/{userId}/swaps']),
      );
      expect(await t.spendable(caller.accountId)).toBe(before - 250);
    });

    it('walks past the first positions page to find an older trade', async () => {
      const upstream = await sandbox(`/v2/trades/${deeper.tradeId}`);
      const caller = await freshCaller('trade detail deep fallback');
      const res = await withTradeFault(deeper.tradeId, { status: 503 }, () => call({ tradeId: deeper.tradeId, trader: trader.userId }, caller.apiKey));
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        source: 'assembled',
        tradeId: deeper.tradeId,
        realizedPnlUsd: upstream.realizedPnlUsd,
        avgEntryPrice: upstream.avgEntryPrice,
      });
      expect(res.body.data.swaps.map((s: Json) => s.swapId)).toEqual(upstream.swaps.map((s: Json) => s.swapId));
    });

    it('a trade route that never answers is cut short and the fallback still answers in time', async () => {
      const caller = await freshCaller('trade detail timeout');
      const res = await withTradeFault(closed.tradeId, { timeout: true }, () => call({ tradeId: closed.tradeId, trader: trader.userId }, caller.apiKey));
      expect(res.status).toBe(200);
      expect(res.body.data.source).toBe('assembled');
      expect(res.body.notes.join(' ')).toMatch(/Assembled .* trade endpoint failed .*(deadline|no answer within)/);
      expect(res.body.meta.durationMs).toBeLessThan(4000);
    });
  });

  describe('404: an unknown trade is named, charged nothing, and never falls back', () => {
    it.each([[{}], [{ withTrader: true }]])('%j', async ({ withTrader }: { withTrader?: boolean }) => {
      const positionsBefore = t.sandbox.control.count('fomo', `/v2/users/${trader.userId}/positions`);
      const before = await t.spendable(accountId);
      const res = await call(withTrader ? { tradeId: 'no-such-trade-zz', trader: trader.userId } : { tradeId: 'no-such-trade-zz' });
      await expectUncharged(accountId, res, 404, before);
      expect(res.body.error.code).toBe('not_found');
      expect(res.body.error.message).toMatch(/no-such-trade-zz/);
      expect(t.sandbox.control.count('fomo', `/v2/users/${trader.userId}/positions`)).toBe(positionsBefore);
    });

    it('an unknown trader given for the fallback is named', async () => {
      const caller = await freshCaller('trade detail unknown trader');
      const before = await t.spendable(caller.accountId);
      const res = await withTradeFault(closed.tradeId, { status: 503 }, () => call({ tradeId: closed.tradeId, trader: 'nobody_here_qq' }, caller.apiKey));
      await expectUncharged(caller.accountId, res, 404, before);
      expect(res.body.error.message).toMatch(/nobody_here_qq/);
    });
  });

  describe('502: the trade route fails and no fallback answers, nothing charged', () => {
    it('without trader', async () => {
      const caller = await freshCaller('trade detail no fallback');
      const before = await t.spendable(caller.accountId);
      const res = await withTradeFault(closed.tradeId, { status: 503 }, () => call({ tradeId: closed.tradeId }, caller.apiKey));
      await expectUncharged(caller.accountId, res, 502, before);
      expect(res.body.error).toMatchObject({ code: 'tool_error', details: expect.stringContaining('503') });
    });

    it('with a trader whose positions do not hold the trade', async () => {
      const caller = await freshCaller('trade detail wrong trader');
      const before = await t.spendable(caller.accountId);
      const res = await withTradeFault(foreign, { status: 503 }, () => call({ tradeId: foreign, trader: trader.userId }, caller.apiKey));
      await expectUncharged(caller.accountId, res, 502, before);
      expect(res.body.error.details).toMatch(new RegExp(`do not hold trade "${foreign}"`));
    });

    it('when the fallback fails too', async () => {
      const caller = await freshCaller('trade detail both fail');
      const before = await t.spendable(caller.accountId);
      t.sandbox.control.add({ provider: 'fomo', route: `/v2/users/${trader.userId}/positions`, status: 500 });
      const res = await withTradeFault(closed.tradeId, { status: 503 }, () => call({ tradeId: closed.tradeId, trader: trader.userId }, caller.apiKey));
      await expectUncharged(caller.accountId, res, 502, before);
      expect(res.body.error.details).toMatch(/trade endpoint failed.*503.*fallback.*500/);
    });
  });

  describe('400: bounds, nothing charged', () => {
    it.each([
      [{}, 'tradeId'],
      [{ tradeId: '' }, 'tradeId'],
      [{ tradeId: 'x'.repeat(201) }, 'tradeId'],
      [{ tradeId: 'x', trader: '' }, 'trader'],
      [{ tradeId: 'x', trader: 'y'.repeat(101) }, 'trader'],
    ])('%j names %s', async (query, field) => {
      const before = await t.spendable(accountId);
      const res = await call(query);
      expect(res.status).toBe(400);
      expect(res.body.error.issues.map((i: Json) => i.path)).toContain(field);
      expect(await t.spendable(accountId)).toBe(before);
    });

    it('the longest tradeId and trader pass validation (and are unknown: 404)', async () => {
      const res = await call({ tradeId: 'x'.repeat(200), trader: 'y'.repeat(100) });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toMatch(/x{200}/);
    });
  });
});
