import { startTokensApp, type Json, type TokensApp } from '../tokens/support';

/**
 * A chain holds whole base units, so each of FOMO's float amounts (one per row) lands within a base
 * unit of it: at most 1e-6 for the sandbox's tokens (six decimals or more), plus float error.
 */
const near = (a: number, b: number, rows: number) => Math.abs(a - b) <= rows * 1e-6 + 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
const key = (chain: string, address: string) => `${chain}|${chain === 'solana' ? address : address.toLowerCase()}`;

/**
 * One market, seen only through Scout's tools: a leaderboard trader's wallets, read with the wallet
 * tools, hold what service_fomo_trader_balances says they hold, at the same prices; their Solana
 * PnL holds the same coins; the wallet's age and transfers show activity on every chain they hold on.
 */
describe("a leaderboard trader's wallets tell their FOMO story (end to end, Scout's tools only)", () => {
  let app: TokensApp;
  let trader: { handle: string; evm: string; solana: string };
  let balances: Json;

  beforeAll(async () => {
    app = await startTokensApp('wallet-story');
    const board = (await app.ok('service_fomo_leaderboard', { window: '7d', limit: 20 })).data.traders as Json[];
    // The first board trader whose holdings are listed whole, on Solana and on an EVM chain.
    for (const row of board) {
      const b = (await app.ok('service_fomo_trader_balances', { trader: row.handle, limit: 100 })).data;
      const chains = new Set((b.holdings as Json[]).map((h) => h.chain));
      if (!b.capped && b.count === b.holdings.length && chains.has('solana') && chains.size >= 2 && row.wallets.evm && row.wallets.solana) {
        trader = { handle: row.handle, evm: row.wallets.evm, solana: row.wallets.solana };
        balances = b;
        break;
      }
    }
    expect(trader).toBeDefined();
  });
  afterAll(() => app.t.close());

  it('service_wallet_portfolio on both wallets holds what service_fomo_trader_balances lists, priced alike', async () => {
    const profile = (await app.ok('service_fomo_resolve_trader', { trader: trader.handle })).data;
    expect(profile.wallets).toMatchObject({ evm: trader.evm, solana: trader.solana });

    const evm = (await app.ok('service_wallet_portfolio', { wallet: trader.evm })).data;
    const sol = (await app.ok('service_wallet_portfolio', { wallet: trader.solana })).data;
    expect([...evm.failedChains, ...sol.failedChains]).toEqual([]);
    const onChain = new Map<string, Json>();
    for (const h of [...evm.holdings, ...sol.holdings] as Json[]) onChain.set(key(h.chain, h.tokenAddress), h);

    // FOMO may list one coin in several rows (one per trade): sum them.
    const listed = new Map<string, { amount: number; priceUsd: number; rows: number }>();
    for (const h of balances.holdings as Json[]) {
      const k = key(h.chain, h.token.address);
      const seen = listed.get(k);
      listed.set(k, { amount: (seen?.amount ?? 0) + h.amount, priceUsd: h.priceUsd, rows: (seen?.rows ?? 0) + 1 });
    }
    expect([...onChain.keys()].sort()).toEqual([...listed.keys()].sort());
    for (const [k, want] of listed) {
      const got = onChain.get(k);
      expect(near(got.amount, want.amount, want.rows) ? k : { k, got: got.amount, want: want.amount }).toBe(k);
      expect(got.priceUsd).toBe(want.priceUsd);
    }
    // FOMO rounds each row's value to the cent: the totals agree to a cent a row.
    expect(Math.abs(evm.totalUsd + sol.totalUsd - balances.totalValueUsd)).toBeLessThanOrEqual(0.01 * balances.holdings.length);
  });

  it("service_wallet_pnl's coins still held are the trader's Solana holdings", async () => {
    const pnl = (await app.ok('service_wallet_pnl', { wallet: trader.solana })).data;
    const held = new Set((balances.holdings as Json[]).filter((h) => h.chain === 'solana').map((h) => h.token.address));
    expect(new Set((pnl.holdings as Json[]).map((h) => h.mint))).toEqual(held);
  });

  it('service_wallet_age finds the EVM wallet active on every chain it holds on, and service_wallet_transfers moved each coin held', async () => {
    const evmHoldings = (balances.holdings as Json[]).filter((h) => h.chain !== 'solana');
    const chains = [...new Set(evmHoldings.map((h) => h.chain as string))];
    const age = (await app.ok('service_wallet_age', { wallet: trader.evm, chains })).data;
    expect(age.failedChains).toEqual([]);
    for (const chain of chains) {
      const row = (age.chains as Json[]).find((c) => c.chain === chain);
      expect({ chain, first: row?.firstActivityAt ?? null }).toEqual({ chain, first: expect.anything() });
    }
    const chain = chains[0];
    const transfers = (await app.ok('service_wallet_transfers', { wallet: trader.evm, chain, limit: 100, categories: ['erc20'] })).data;
    const moved = new Set((transfers.transfers as Json[]).map((x) => x.tokenAddress));
    for (const h of evmHoldings.filter((x) => x.chain === chain)) expect(moved).toContain(h.token.address.toLowerCase());
  });
});
