import { SANDBOX_KEYS } from '@scout/sandbox';
import { startTokensApp, UNKNOWN_EVM, type Json, type TokensApp } from '../tokens/support';

/**
 * service_wallet_pnl end to end against the sandbox: the token-analytics /pnl of a wallet, read past
 * Scout, is what the answer reports; a leaderboard trader's Solana wallet tells the story of their
 * FOMO positions (service_fomo_trader_positions) on Solana; a wallet with no history is an empty
 * answer with a note (also when the provider answers 404 for it); an EVM or malformed address is a
 * 400 and the provider down a 502, both uncharged.
 */

const TOOL = 'service_wallet_pnl';
/** Well formed, and no wallet the sandbox knows a trade of. */
const UNUSED_WALLET = `Scout${'9'.repeat(38)}`;
/** Solana positions the deep positions read covers whole (12 pages of 25 closed rows). */
const MAX_CLOSED = 25 * 12;
const cents = (n: number) => Math.round(n * 100);

describe('service_wallet_pnl (end to end against the sandbox)', () => {
  let app: TokensApp;
  /** A 7d leaderboard trader, as Scout's leaderboard shows them, whose Solana wallet holds two coins or more and whose positions fit one deep read. */
  let trader: { userId: string; handle: string; wallet: string };

  const analytics = async (path: string): Promise<Json> => {
    const res = await fetch(`${app.t.sandbox.urls.solanaTracker}${path}`, { headers: { 'x-api-key': SANDBOX_KEYS.solanaTracker } });
    expect(res.status).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    app = await startTokensApp('wallet-pnl');
    const board = (await app.ok('service_fomo_leaderboard', { window: '7d', limit: 60 })).data.traders as Json[];
    for (const row of board) {
      if (!row.wallets.solana) continue;
      const closed = await app.fomo(`/v2/users/${row.userId}/positions?status=closed&cursor=start`);
      if (closed.closedTotal > MAX_CLOSED) continue;
      const pnl = await analytics(`/pnl/${row.wallets.solana}`);
      // Holding two coins or more, so the order by value is seen.
      if (Object.values(pnl.tokens as Record<string, Json>).filter((t) => t.holding > 0).length < 2) continue;
      trader = { userId: row.userId, handle: row.handle, wallet: row.wallets.solana };
      break;
    }
    expect(trader).toBeDefined();
  });
  afterAll(() => app.t.close());

  describe('200', () => {
    it("reports the provider's summary and the coins still held by value, charged 500", async () => {
      const raw = await analytics(`/pnl/${trader.wallet}`);
      const before = await app.balance();
      const res = await app.call(TOOL, { wallet: trader.wallet });
      await app.expectCharged(TOOL, res, before);
      expect(res.body.credits.endpoints).toEqual(['solana-tracker:/pnl/{wallet}']);
      const d = res.body.data;
      const s = raw.summary;
      expect(d).toMatchObject({
        wallet: trader.wallet,
        chain: 'solana',
        hasHistory: true,
        realizedPnlUsd: s.realized,
        unrealizedPnlUsd: s.unrealized,
        totalPnlUsd: s.total,
        investedUsd: s.totalInvested,
        averageBuyUsd: s.averageBuyAmount,
        wins: s.totalWins,
        losses: s.totalLosses,
        tokensTraded: Object.keys(raw.tokens).length,
      });
      const decided = s.totalWins + s.totalLosses;
      expect(d.winRatePct).toBe(decided ? Math.round((10_000 * s.totalWins) / decided) / 100 : null);
      const held = Object.entries(raw.tokens as Record<string, Json>).filter(([, t]) => t.holding > 0);
      expect(d.holdings.map((h: Json) => h.mint).sort()).toEqual(held.map(([m]) => m).sort());
      for (const h of d.holdings) {
        const t = raw.tokens[h.mint];
        expect(h).toEqual({
          mint: h.mint,
          amount: t.holding,
          valueUsd: t.current_value,
          unrealizedPnlUsd: t.unrealized,
          realizedPnlUsd: t.realized,
          costBasisUsd: t.cost_basis,
        });
      }
      const values = d.holdings.map((h: Json) => h.valueUsd);
      expect(values).toEqual([...values].sort((a, b) => b - a));
      expect(cents(d.holdingsValueUsd)).toBe(cents(held.reduce((sum, [, t]) => sum + t.current_value, 0)));
    });

    it("a leaderboard trader's Solana wallet agrees with their FOMO positions on Solana", async () => {
      const positions = (await app.ok('service_fomo_trader_positions', { trader: trader.handle, status: 'all', limit: 200, deep: true })).data;
      expect(positions.complete).toBe(true);
      const pnl = (await app.ok(TOOL, { wallet: trader.wallet })).data;
      // One row per coin, summed over the trader's Solana positions in it.
      const coins = new Map<string, { realized: number; unrealized: number; invested: number; amount: number; value: number; rows: number }>();
      for (const p of positions.positions as Json[]) {
        if (p.chain !== 'solana') continue;
        const c = coins.get(p.token.address) ?? { realized: 0, unrealized: 0, invested: 0, amount: 0, value: 0, rows: 0 };
        c.realized += p.realizedPnlUsd;
        c.unrealized += p.unrealizedPnlUsd;
        c.invested += p.costBasisUsd;
        c.amount += p.amount;
        c.value += p.valueUsd;
        c.rows += 1;
        coins.set(p.token.address, c);
      }
      expect(coins.size).toBeGreaterThan(0);
      const all = [...coins.values()];
      const sum = (k: 'realized' | 'unrealized' | 'invested') => all.reduce((s, c) => s + c[k], 0);
      // Each side rounds to the cent per position, so the sums may part by a cent or two.
      expect(Math.abs(cents(pnl.realizedPnlUsd) - cents(sum('realized')))).toBeLessThanOrEqual(2);
      expect(Math.abs(cents(pnl.unrealizedPnlUsd) - cents(sum('unrealized')))).toBeLessThanOrEqual(2);
      expect(Math.abs(cents(pnl.investedUsd) - cents(sum('invested')))).toBeLessThanOrEqual(2);
      expect(pnl.tokensTraded).toBe(coins.size);
      const total = (c: { realized: number; unrealized: number }) => cents(c.realized + c.unrealized);
      expect(pnl.wins).toBe(all.filter((c) => total(c) > 0).length);
      expect(pnl.losses).toBe(all.filter((c) => total(c) < 0).length);
      const open = [...coins].filter(([, c]) => c.amount > 0);
      expect(pnl.holdings.map((h: Json) => h.mint).sort()).toEqual(open.map(([m]) => m).sort());
      for (const h of pnl.holdings as Json[]) {
        const c = coins.get(h.mint)!;
        expect(h.amount).toBeCloseTo(c.amount, 6);
        expect(Math.abs(cents(h.valueUsd) - cents(c.value))).toBeLessThanOrEqual(c.rows);
        expect(Math.abs(cents(h.unrealizedPnlUsd) - cents(c.unrealized))).toBeLessThanOrEqual(1);
      }
    });

    it('includeHoldings:false keeps the figures and leaves the coins out, at the same cost', async () => {
      const full = (await app.ok(TOOL, { wallet: trader.wallet })).data;
      const before = await app.balance();
      const res = await app.call(TOOL, { wallet: trader.wallet, includeHoldings: false });
      await app.expectCharged(TOOL, res, before);
      const d = res.body.data;
      expect(d).toEqual({ ...full, tokensTraded: null, holdingsValueUsd: null, holdings: null });
    });

    it('a wallet with no history is an empty answer with a note, charged', async () => {
      const raw = await analytics(`/pnl/${UNUSED_WALLET}`);
      expect(raw.tokens).toEqual({});
      const before = await app.balance();
      const res = await app.call(TOOL, { wallet: UNUSED_WALLET });
      await app.expectCharged(TOOL, res, before);
      expect(res.body.data).toEqual({
        wallet: UNUSED_WALLET,
        chain: 'solana',
        hasHistory: false,
        realizedPnlUsd: null,
        unrealizedPnlUsd: null,
        totalPnlUsd: null,
        investedUsd: null,
        averageBuyUsd: null,
        wins: null,
        losses: null,
        winRatePct: null,
        tokensTraded: 0,
        holdingsValueUsd: 0,
        holdings: [],
      });
      expect(res.body.notes.join(' ')).toMatch(/no trade of this wallet/);
      const bare = (await app.ok(TOOL, { wallet: UNUSED_WALLET, includeHoldings: false })).data;
      expect(bare).toMatchObject({ hasHistory: false, realizedPnlUsd: null, holdings: null });
    });

    it("the provider's 404 for a well-formed wallet is the same empty answer (it has indexed no trade of it), charged", async () => {
      const wallet = `Scout${'8'.repeat(38)}`;
      app.t.sandbox.control.add({ provider: 'solana-tracker', route: '/pnl', status: 404 });
      try {
        const before = await app.balance();
        const res = await app.call(TOOL, { wallet });
        await app.expectCharged(TOOL, res, before);
        expect(res.body.data).toMatchObject({ wallet, hasHistory: false, realizedPnlUsd: null, winRatePct: null, holdings: [] });
        expect(res.body.notes.join(' ')).toMatch(/does not know this wallet/);
      } finally {
        app.t.sandbox.control.clear();
      }
    });
  });

  describe('400', () => {
    it('an EVM address names the EVM wallet tools; a malformed or missing wallet and a non-boolean includeHoldings are refused, uncharged', async () => {
      const before = await app.balance();
      const evm = await app.call(TOOL, { wallet: UNKNOWN_EVM });
      await app.expectUncharged(evm, 400, before);
      expect(evm.body.error.issues[0]).toMatchObject({ path: 'wallet', message: expect.stringContaining('service_wallet_portfolio') });
      expect(evm.body.error.issues[0].message).toContain('service_wallet_transfers');
      for (const body of [{ wallet: 'not a wallet' }, { wallet: trader.wallet.slice(0, 31) }, { wallet: `${trader.wallet}0OIl` }, {}]) {
        const res = await app.call(TOOL, body);
        await app.expectUncharged(res, 400, before);
        expect(res.body.error.issues.map((i: Json) => i.path)).toContain('wallet');
      }
      const flag = await app.call(TOOL, { wallet: trader.wallet, includeHoldings: 'sometimes' });
      await app.expectUncharged(flag, 400, before);
      expect(flag.body.error.issues.map((i: Json) => i.path)).toContain('includeHoldings');
    });
  });

  describe('502', () => {
    it('the token-analytics API down is a 502, uncharged', async () => {
      await app.freshReads();
      app.t.sandbox.control.add({ provider: 'solana-tracker', status: 503 });
      try {
        const before = await app.balance();
        await app.expectUncharged(await app.call(TOOL, { wallet: trader.wallet }), 502, before);
      } finally {
        app.t.sandbox.control.clear();
      }
    });
  });
});
