import { randomUUID } from 'node:crypto';
import { callCharges } from '../../../../test/ledger-rows';
import { ManualClock } from '../../../../test/manual-clock';
import { readFomo } from '../support/fomo-sandbox';
import { startTestApp, type TestApp } from '../support/test-app';
import { SANDBOX_NOW } from '../support/fixed-time';

/**
 * service_fomo_theses_by_trader end to end against the sandbox FOMO provider: every thesis the
 * sandbox holds for the trader (read over its pages), each one's PnL and madeMoney checked against
 * the trade it was written about, the summary adding up, local filters and sorts, bounds, 404, 502.
 */

const NOW = SANDBOX_NOW;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const SCOUT_CHAIN: Record<string, string> = { robinhood: 'brokerage' };
type Json = any;

describe('service_fomo_theses_by_trader (end to end against the sandbox)', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;
  let trader: { userId: string; handle: string };
  /** Every thesis of the trader as the sandbox serves them, newest first, over all its pages. */
  let all: Json[];

  beforeAll(async () => {
    t = await startTestApp({ sandbox: { now: () => NOW }, clock: new ManualClock(new Date(NOW)) });
    ({ apiKey: key, accountId } = await t.createAccount('theses by trader'));
    await t.setBalance(accountId, 500_000);
    const board = await sandbox('/v2/leaderboard/all?limit=100');
    // A trader whose theses span more than one provider page (50 a page) yet fit in 200.
    for (const row of board.traders) {
      const first = await sandbox(`/v2/thesis/user/${row.userId}?sort=recent`);
      if (first.count > 50 && first.count <= 200) {
        trader = { userId: row.userId, handle: row.handle };
        all = await sandboxTheses(row.userId, first);
        break;
      }
    }
    expect(trader).toBeDefined();
  });
  afterAll(() => t.close());

  const sandbox = (path: string): Promise<Json> => readFomo(t, path);
  async function sandboxTheses(userId: string, first: Json): Promise<Json[]> {
    const rows = [...first.theses];
    for (let cursor = first.cursor; cursor;) {
      const page = await sandbox(`/v2/thesis/user/${userId}?sort=recent&cursor=${cursor}`);
      rows.push(...page.theses);
      cursor = page.cursor;
    }
    return rows;
  }
  const call = (query: Record<string, string | number>, apiKey = key) =>
    t.http().get('/api/v1/tools/service_fomo_theses_by_trader').query(query).set(bearer(apiKey));
  const ok = async (query: Record<string, string | number>) => {
    const res = await call(query);
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 200, error: undefined });
    return res.body;
  };

  describe('200', () => {
    it("every thesis, newest first, over the provider's pages; each with its position's PnL and whether it made money; charged 1,250", async () => {
      const before = await t.spendable(accountId);
      const answer = await ok({ trader: trader.handle, limit: 200 });
      const data = answer.data;
      expect(data).toMatchObject({ trader, sort: 'recent', read: all.length, complete: true });
      expect(data.theses.map((r: Json) => r.thesisId)).toEqual(all.map((r) => r.thesisId));
      for (const [i, row] of data.theses.entries()) {
        const up = all[i];
        expect(row).toMatchObject({
          text: up.text,
          token: { address: up.token.address, symbol: up.token.symbol },
          chain: SCOUT_CHAIN[up.chain] ?? up.chain,
          likes: up.likes,
          replies: up.replies,
          equity: up.equity,
          tradeUsd: up.tradeUsd,
          tradeId: up.tradeId,
          ts: up.ts,
          isDev: false,
        });
        // The provider's total, within a cent of its two rounded parts.
        expect(row.pnlUsd).toBe(up.pnlUsd);
        expect(Math.abs(row.pnlUsd - (up.realizedPnlUsd + up.unrealizedPnlUsd))).toBeLessThanOrEqual(0.011);
        expect(row.madeMoney).toBe(row.pnlUsd > 0);
      }
      const made = data.theses.filter((r: Json) => r.madeMoney).length;
      expect(data.summary).toEqual({ count: all.length, withPnl: all.length, madeMoney: made, madeMoneyPct: Math.round((1000 * made) / all.length) / 10 });
      expect(answer.credits.creditsSpent).toBe(1250);
      expect(answer.credits.endpoints).toContain('fomo:/v2/thesis/user/{id}');
      expect(await t.spendable(accountId)).toBe(before - 1250);
    });

    it("a thesis's PnL is the PnL of the trade it was written about", async () => {
      const data = (await ok({ trader: trader.userId, limit: 5 })).data;
      for (const row of data.theses.slice(0, 3)) {
        const trade = await sandbox(`/v2/trades/${row.tradeId}`);
        expect(row.pnlUsd).toBeCloseTo(trade.realizedPnlUsd + trade.unrealizedPnlUsd, 1);
        expect(row.madeMoney).toBe(trade.realizedPnlUsd + trade.unrealizedPnlUsd > 0);
        expect(trade.thesis.thesisId).toBe(row.thesisId);
      }
    });

    it('limit cuts the newest; a limit inside the first page reads one page and says more exist', async () => {
      const data = (await ok({ trader: trader.userId, limit: 10 })).data;
      expect(data.theses.map((r: Json) => r.thesisId)).toEqual(all.slice(0, 10).map((r) => r.thesisId));
      expect(data).toMatchObject({ read: 50, complete: false, summary: { count: 10 } });
      expect((await ok({ trader: trader.userId, limit: 1 })).data.theses).toHaveLength(1);
    });

    it.each(['likes', 'equity', 'pnl'])('sort=%s: highest first, the same theses', async (sort) => {
      const data = (await ok({ trader: trader.userId, sort, limit: 200 })).data;
      const field = sort === 'pnl' ? 'pnlUsd' : sort;
      const values = data.theses.map((r: Json) => r[field]);
      expect(values).toEqual([...values].sort((a, b) => b - a));
      expect(data.theses.map((r: Json) => r.thesisId).sort()).toEqual(all.map((r) => r.thesisId).sort());
    });

    it('minLikes and minEquity filter here: exactly the theses at or above both', async () => {
      const likes = [...all].map((r) => r.likes).sort((a, b) => a - b)[Math.floor(all.length / 2)];
      const equity = [...all].map((r) => r.equity).sort((a, b) => a - b)[Math.floor(all.length / 3)];
      const data = (await ok({ trader: trader.userId, minLikes: likes, minEquity: equity, limit: 200 })).data;
      const expected = all.filter((r) => r.likes >= likes && r.equity >= equity);
      expect(data.theses.map((r: Json) => r.thesisId)).toEqual(expected.map((r) => r.thesisId));
      expect(data.summary.count).toBe(expected.length);
      expect(data.read).toBe(all.length);
    });

    it("tokenAddress and chain narrow to one token and one chain (Scout's chain names)", async () => {
      const token = all[0].token.address;
      const one = (await ok({ trader: trader.userId, tokenAddress: token, limit: 200 })).data;
      expect(one.tokenAddress).toBe(token);
      expect(one.theses.map((r: Json) => r.thesisId)).toEqual(all.filter((r) => r.token.address === token).map((r) => r.thesisId));
      const chain = SCOUT_CHAIN[all[0].chain] ?? all[0].chain;
      const onChain = (await ok({ trader: trader.userId, chain, limit: 200 })).data;
      expect(onChain.chain).toBe(chain);
      expect(onChain.theses.length).toBe(all.filter((r) => (SCOUT_CHAIN[r.chain] ?? r.chain) === chain).length);
      expect(onChain.theses.every((r: Json) => r.chain === chain)).toBe(true);
    });

    it('a brokerage (Robinhood Chain) filter reaches the provider as its own slug', async () => {
      const res = await call({ trader: trader.userId, chain: 'brokerage' });
      expect(res.status).toBe(200);
      expect(res.body.data.theses.every((r: Json) => r.chain === 'brokerage')).toBe(true);
      expect(res.body.data.theses.length).toBe(all.filter((r) => r.chain === 'robinhood').slice(0, 50).length);
    });
  });

  describe('404: an unknown trader is named, nothing charged', () => {
    it.each([
      ['no_such_trader_zz', /no_such_trader_zz/],
      [randomUUID(), /trader/i],
    ])('%s', async (who, named) => {
      const before = await t.spendable(accountId);
      const res = await call({ trader: who });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
      expect(res.body.error.message).toMatch(named);
      expect(await t.spendable(accountId)).toBe(before);
    });
  });

  describe('400: bounds, nothing charged', () => {
    it.each([
      [{}, 'trader'],
      [{ trader: 'x', limit: 0 }, 'limit'],
      [{ trader: 'x', limit: 201 }, 'limit'],
      [{ trader: 'x', limit: 2.5 }, 'limit'],
      [{ trader: 'x', sort: 'best' }, 'sort'],
      [{ trader: 'x', chain: 'robinhood' }, 'chain'],
      [{ trader: 'x', minLikes: -1 }, 'minLikes'],
      [{ trader: 'x', minLikes: 1.5 }, 'minLikes'],
      [{ trader: 'x', minEquity: -1 }, 'minEquity'],
      [{ trader: 'x', minEquity: 'lots' }, 'minEquity'],
      [{ trader: 'x', tokenAddress: 'short' }, 'tokenAddress'],
      [{ trader: 'x'.repeat(101) }, 'trader'],
    ])('%j names %s', async (query, field) => {
      const before = await t.spendable(accountId);
      const res = await call(query);
      expect(res.status).toBe(400);
      expect(res.body.error.issues.map((i: Json) => i.path)).toContain(field);
      expect(await t.spendable(accountId)).toBe(before);
    });

    it('the top and bottom of each bound are accepted', async () => {
      expect((await call({ trader: trader.userId, limit: 200, minLikes: 0, minEquity: 0 })).status).toBe(200);
      expect((await call({ trader: trader.userId, limit: 1 })).status).toBe(200);
    });
  });

  describe('502: the provider fails, nothing charged', () => {
    it('a 503 on the thesis route is a tool_error with details, the hold voided', async () => {
      const { apiKey, accountId: id } = await t.createAccount('theses failure');
      await t.http().post('/api/v1/tools/service_usage').set(bearer(apiKey)).send({ clearCache: true });
      t.sandbox.control.add({ provider: 'fomo', route: '/v2/thesis/user', status: 503 });
      try {
        const before = await t.spendable(id);
        const res = await call({ trader: trader.userId }, apiKey);
        expect(res.status).toBe(502);
        expect(res.body.error).toMatchObject({ code: 'tool_error', details: expect.stringContaining('503') });
        expect(await t.spendable(id)).toBe(before);
        expect(await callCharges(t.sql, id, res.headers['x-request-id'])).toEqual([{ hold: 'voided', held: 1250, charged: 0 }]);
      } finally {
        t.sandbox.control.clear();
      }
    });
  });
});
