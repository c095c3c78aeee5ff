import { DAY_MS } from '@scout/sandbox';
import { ManualClock } from '../../../../test/manual-clock';
import { readFomo } from '../support/fomo-sandbox';
import { startTestApp, type TestApp } from '../support/test-app';
import { SANDBOX_NOW } from '../support/fixed-time';

/**
 * Search, full profiles, the trader report and the comparison end to end against the sandbox FOMO
 * provider, with the figures of one answer checked against the others (profile, leaderboard,
 * positions, balances).
 */

const NOW = SANDBOX_NOW;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const cents = (n: number) => Math.round(n * 100);
type Json = any;

describe('trader search, profile, report and comparison (end to end against the sandbox)', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;
  let board: Json[];

  beforeAll(async () => {
    t = await startTestApp({ sandbox: { now: () => NOW }, clock: new ManualClock(new Date(NOW)) });
    ({ apiKey: key, accountId } = await t.createAccount('trader profiles'));
    await t.setBalance(accountId, 500_000);
    board = (await sandbox('/v2/leaderboard/30d?limit=150')).traders;
  });
  afterAll(() => t.close());

  const sandbox = (path: string): Promise<Json> => readFomo(t, path);
  const call = (tool: string, query: object) => t.http().post(`/api/v1/tools/${tool}`).set(bearer(key)).send(query);
  const ok = async (tool: string, query: object) => {
    const res = await call(tool, query);
    expect({ tool, status: res.status, error: res.body.error }).toEqual({ tool, status: 200, error: undefined });
    return res.body;
  };

  describe('service_fomo_search', () => {
    it('finds a trader by handle with wallets and all-time PnL, and coins by ticker', async () => {
      const star = board[3];
      const found = (await ok('service_fomo_search', { q: star.handle, type: 'traders' })).data;
      const row = found.traders.find((r: Json) => r.userId === star.userId);
      expect(row).toMatchObject({ handle: star.handle, wallets: { solana: star.wallets.solana, evm: star.wallets.evm } });
      const profile = await sandbox(`/v2/users/id/${star.userId}`);
      expect(row.pnlUsd).toBe(profile.pnl.all);
      expect(found.tokens).toEqual([]);
      const symbol = star.topTokens[0]?.symbol ?? 'SOL';
      const coins = (await ok('service_fomo_search', { q: symbol, type: 'tokens', limit: 5 })).data;
      expect(coins.traders).toEqual([]);
      expect(coins.tokens.length).toBeGreaterThan(0);
      for (const c of coins.tokens) expect(['solana', 'ethereum', 'base', 'bsc', 'monad', 'hyperliquid', 'brokerage', null]).toContain(c.chain);
    });
  });

  describe('service_fomo_resolve_trader', () => {
    it("the full profile by handle or user id; its 30d PnL is the leaderboard's, its age follows from createdAt", async () => {
      const star = board[0];
      const byHandle = await ok('service_fomo_resolve_trader', { trader: `@${star.handle.toUpperCase()}` });
      const byId = await ok('service_fomo_resolve_trader', { trader: star.userId });
      expect(byHandle.data).toEqual(byId.data);
      expect(byHandle.credits.creditsSpent).toBe(2_500);
      const p = byHandle.data;
      expect(p).toMatchObject({ userId: star.userId, handle: star.handle, wallets: { solana: star.wallets.solana, evm: star.wallets.evm } });
      expect(p.pnl['30d']).toBe(star.pnlUsd);
      expect(Object.keys(p.pnl)).toEqual(['24h', '7d', '30d', 'all']);
      expect(p.accountAgeDays).toBe(Math.floor((NOW - Date.parse(p.createdAt)) / DAY_MS));
    });

    it('an unknown handle is 404 naming it, charged nothing', async () => {
      const before = await t.spendable(accountId);
      const res = await call('service_fomo_resolve_trader', { trader: 'nobody_at_all_zz' });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toMatch(/nobody_at_all_zz/);
      expect(await t.spendable(accountId)).toBe(before);
    });
  });

  describe('service_fomo_trader_report', () => {
    it('agrees with the tools it is made of: profile, closed positions, balances, spotlight', async () => {
      const star = board[1];
      const report = await ok('service_fomo_trader_report', { trader: star.handle, full: true, includeTheses: true, closedSample: 50 });
      expect(report.credits.creditsSpent).toBe(1_000);
      const r = report.data;
      expect(r.trader.userId).toBe(star.userId);
      expect(r.identity).toMatchObject({ userId: star.userId, handle: star.handle, source: 'profile', pnl: { '30d': star.pnlUsd } });
      expect(r.identity.wallets).toMatchObject({ solana: star.wallets.solana, evm: star.wallets.evm, verified: star.wallets.verified });
      const balances = (await ok('service_fomo_trader_balances', { trader: star.userId, limit: 200 })).data;
      expect(r.portfolio.totalValueUsd).toBe(balances.totalValueUsd);
      expect(r.portfolio.positions).toBe(balances.count);
      expect(r.portfolio.topHoldings.map((h: Json) => h.tradeId)).toEqual(balances.holdings.slice(0, 5).map((h: Json) => h.tradeId));
      const top5 = balances.holdings.slice(0, 5).reduce((s: number, h: Json) => s + h.valueUsd, 0);
      const all = balances.holdings.reduce((s: number, h: Json) => s + h.valueUsd, 0);
      expect(r.portfolio.top5ConcentrationPct).toBeCloseTo((100 * top5) / all, 0);
      // Every chain the trader could hold: the provider's split, 0 where nothing is held.
      expect(Object.keys(r.portfolio.byChain).sort()).toEqual(['base', 'brokerage', 'bsc', 'ethereum', 'hyperliquid', 'monad', 'solana']);
      for (const [chain, figures] of Object.entries(r.portfolio.byChain as Record<string, Json>)) {
        expect(figures).toEqual(balances.byChain[chain] ?? { holdings: 0, valueUsd: 0 });
      }
      const closed = (await ok('service_fomo_trader_positions', { trader: star.userId, status: 'closed', limit: 25, deep: true })).data;
      const sample = closed.positions.slice(0, 50);
      expect(r.closedPositions.closedSampled).toBe(sample.length);
      const firstPage = await sandbox(`/v2/users/${star.userId}/positions?status=closed&limit=25&cursor=start`);
      expect(r.closedPositions.closedTotalUpstream).toBe(firstPage.closedTotal);
      expect(r.closedPositions.closedTotalUpstream).toBeGreaterThanOrEqual(sample.length);
      const wins = sample.filter((p: Json) => p.realizedPnlUsd > 0).length;
      expect(r.closedPositions.wins).toBe(wins);
      expect(cents(r.closedPositions.realizedPnlUsdSampled)).toBe(cents(sample.reduce((s: number, p: Json) => s + (p.realizedPnlUsd ?? 0), 0)));
      if (r.closedPositions.best) expect(r.closedPositions.best.realizedPnlUsd).toBe(Math.max(...sample.map((p: Json) => p.realizedPnlUsd)));
      const spotlight = (await ok('service_fomo_trader_spotlight', { trader: star.userId })).data;
      expect(r.spotlight.bestTrades.map((x: Json) => x.tradeId)).toEqual(spotlight.bestTrades.slice(0, 5).map((x: Json) => x.tradeId));
      expect(Array.isArray(r.theses)).toBe(true);
      const likes = r.theses.map((x: Json) => x.likes ?? 0);
      expect(likes).toEqual([...likes].sort((a: number, b: number) => b - a));
    });

    it('without full, the identity is the search summary (all-time figures)', async () => {
      const star = board[4];
      const r = (await ok('service_fomo_trader_report', { trader: star.handle })).data;
      const profile = await sandbox(`/v2/users/id/${star.userId}`);
      expect(r.identity).toMatchObject({ source: 'search', pnl: null, pnlUsd: profile.pnl.all, handle: star.handle });
      // The provider's creation time, from the search row, as it sends it.
      expect(r.identity.createdAt).toBe(profile.createdAt);
      expect(r.identity.createdAt).toBe(star.createdAt);
    });

    it('a failing part is null with a note, the rest stands (and is charged)', async () => {
      const star = board[2];
      t.sandbox.control.add({ provider: 'fomo', route: `/v2/users/${star.userId}/spotlight`, status: 503 });
      try {
        const res = await ok('service_fomo_trader_report', { trader: star.userId });
        expect(res.data.spotlight).toBeNull();
        expect(res.data.portfolio).not.toBeNull();
        expect(res.notes.join(' ')).toMatch(/FOMO spotlight did not answer .*spotlight left null/);
      } finally {
        t.sandbox.control.clear();
      }
    });
  });

  describe('service_fomo_compare_traders', () => {
    it('two to four traders side by side, with who leads each figure; an unknown one is null with a note', async () => {
      const [a, b, c] = board;
      const res = await ok('service_fomo_compare_traders', { traders: [a.handle, b.userId, `@${c.handle}`, 'ghost_trader_qq'] });
      const rows = res.data.traders;
      expect(rows.map((r: Json) => r.userId)).toEqual([a.userId, b.userId, c.userId, null]);
      expect(rows.map((r: Json) => r.found)).toEqual([true, true, true, false]);
      expect(rows[3]).toMatchObject({ query: 'ghost_trader_qq', handle: null, pnlUsdAll: null, wallets: null });
      expect(res.notes.join(' ')).toMatch(/ghost_trader_qq/);
      expect(res.data.source).toBe('search');
      const best = [...rows.slice(0, 3)].sort((x: Json, y: Json) => y.pnlUsdAll - x.pnlUsdAll)[0];
      expect(res.data.leaders.pnlUsdAll).toBe(best.handle);
      expect(res.data.leaders.pnl7d).toBeNull(); // search summaries carry all-time figures only
      const full = await ok('service_fomo_compare_traders', { traders: [a.userId, b.userId], full: true });
      expect(full.data.source).toBe('profile');
      expect(full.data.traders.map((r: Json) => r.pnl30d)).toEqual([a.pnlUsd, b.pnlUsd]);
      expect(full.data.leaders.pnl7d).toEqual(expect.any(String));
      for (const r of full.data.traders) expect(r.accountAgeDays).toEqual(expect.any(Number));
      expect(full.credits.creditsSpent).toBe(250);
    });

    it.each([
      [{ traders: ['only_one'] }, 'traders'],
      [{ traders: ['a', 'b', 'c', 'd', 'e'] }, 'traders'],
      [{ traders: 'a,b' }, 'traders'],
      [{ traders: ['a', ''] }, 'traders'],
    ])('400 for %j, nothing charged', async (body, field) => {
      const before = await t.spendable(accountId);
      const res = await call('service_fomo_compare_traders', body);
      expect(res.status).toBe(400);
      expect(res.body.error.issues.map((i: Json) => i.path.split('.')[0])).toContain(field);
      expect(await t.spendable(accountId)).toBe(before);
    });

    it('404 when none of the traders exists, charged nothing', async () => {
      const before = await t.spendable(accountId);
      const res = await call('service_fomo_compare_traders', { traders: ['ghost_one_qq', 'ghost_two_qq'] });
      expect(res.status).toBe(404);
      expect(await t.spendable(accountId)).toBe(before);
    });
  });
});
