import { CHAIN_IDS, unitsToAmount, type Chain } from '@scout/upstream';
import { NOW, startTokensApp, type Json, type TokensApp } from '../tokens/support';
import { EVM_CHAINS, evmTrader, NOBODY_EVM, sandboxPortfolio, solanaTrader, type TrackedWallets } from './support';

const TOOL = 'service_wallet_portfolio';
const PORTFOLIO_ROUTE = '/data/v1/assets/tokens/by-address';

/** `chain|token` → amount and USD price, as the sandbox's Portfolio API serves them. */
async function served(app: TokensApp, wallet: string, chains: Chain[]): Promise<Map<string, { amount: number; priceUsd: number | null }>> {
  const out = new Map<string, { amount: number; priceUsd: number | null }>();
  for (let i = 0; i < chains.length; i += 5) {
    for (const row of await sandboxPortfolio(app, wallet, chains.slice(i, i + 5))) {
      const chain = EVM_CHAINS.find((c) => CHAIN_IDS[c].alchemyNetwork === row.network) ?? 'solana';
      const amount = unitsToAmount(BigInt(row.tokenBalance), row.tokenMetadata.decimals);
      const usd = row.tokenPrices.prices.find((p: Json) => p.currency === 'usd');
      if (amount > 0) out.set(`${chain}|${row.tokenAddress}`, { amount, priceUsd: usd ? Number(usd.value) : null });
    }
  }
  return out;
}

/**
 * service_wallet_portfolio end to end against the sandbox's Portfolio API: a tracked trader's
 * wallets hold their open FOMO positions, priced as the Prices API prices them; the family of the
 * address picks the chains; a failed call's chains are listed; bad input 400, upstream down 502,
 * both uncharged.
 */
describe('service_wallet_portfolio (end to end against the sandbox)', () => {
  let app: TokensApp;
  let trader: TrackedWallets;

  beforeAll(async () => {
    app = await startTokensApp('wallet-portfolio');
    trader = evmTrader(app);
  });
  afterAll(() => app.t.close());
  afterEach(() => app.t.sandbox.control.clear());

  it('reads an 0x wallet on the six EVM chains: every holding as the sandbox serves it, the totals their sum, charged 250', async () => {
    const before = await app.balance();
    const res = await app.call(TOOL, { wallet: trader.evm.toUpperCase().replace('0X', '0x') });
    await app.expectCharged(TOOL, res, before);
    const d = res.body.data;
    expect(d).toMatchObject({ wallet: trader.evm, chains: EVM_CHAINS, failedChains: [] });
    const expected = await served(app, trader.evm, EVM_CHAINS);
    expect(expected.size).toBeGreaterThan(0);
    expect(new Set(d.holdings.map((h: Json) => `${h.chain}|${h.tokenAddress}`))).toEqual(new Set(expected.keys()));
    for (const h of d.holdings) {
      const e = expected.get(`${h.chain}|${h.tokenAddress}`)!;
      expect(h.amount).toBeCloseTo(e.amount, 9);
      expect(h.priceUsd).toBe(e.priceUsd);
      expect(h.isNative).toBe(false);
      if (h.priceUsd !== null) expect(h.valueUsd).toBeCloseTo(h.amount * h.priceUsd, 6);
    }
    const priced = d.holdings.filter((h: Json) => h.valueUsd !== null);
    expect(d.totalUsd).toBeCloseTo(
      priced.reduce((s: number, h: Json) => s + h.valueUsd, 0),
      6,
    );
    expect(d.byChain.map((c: Json) => c.chain).sort()).toEqual([...EVM_CHAINS].sort());
    expect(d.byChain.reduce((s: number, c: Json) => s + (c.valueUsd ?? 0), 0)).toBeCloseTo(d.totalUsd, 6);
    // One market: the wallet holds, chain by chain, the tokens of the trader's open FOMO positions.
    const world = app.t.sandbox.fomo.world;
    const u = world.population.traders.find((x) => x.handle === trader.handle)!;
    const open = world.stats(u, NOW).open.filter((f) => f.position.chain.evm);
    expect(new Set(d.holdings.map((h: Json) => h.tokenAddress))).toEqual(new Set(open.map((f) => f.position.token.address.toLowerCase())));
    expect(new Set(d.holdings.map((h: Json) => h.chain))).toEqual(new Set(trader.evmChains));
  });

  it('reads a base58 wallet on solana by default; minValueUsd hides the small rows but not from the total', async () => {
    const { solana } = solanaTrader(app);
    const all = await app.ok(TOOL, { wallet: solana });
    expect(all.data).toMatchObject({ wallet: solana, chains: ['solana'], failedChains: [] });
    const expected = await served(app, solana, ['solana']);
    expect(all.data.holdings.map((h: Json) => `solana|${h.tokenAddress}`).sort()).toEqual([...expected.keys()].sort());
    const values = all.data.holdings.map((h: Json) => h.valueUsd).filter((v: number | null) => v !== null);
    const cut = [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const some = await app.ok(TOOL, { wallet: solana, minValueUsd: cut });
    expect(some.data.totalUsd).toBeCloseTo(all.data.totalUsd, 6);
    expect(some.data.holdings.every((h: Json) => h.valueUsd === null || h.valueUsd >= cut)).toBe(true);
    expect(some.data.holdings.length).toBeLessThan(all.data.holdings.length);
    expect(some.notes.join(' ')).toMatch(/hidden/);
  });

  it('a wallet nobody owns holds nothing: an empty answer with a note, totals 0', async () => {
    const res = await app.ok(TOOL, { wallet: NOBODY_EVM, chains: ['base', 'ethereum'] });
    expect(res.data).toMatchObject({ chains: ['base', 'ethereum'], totalUsd: 0, holdings: [], failedChains: [] });
    expect(res.notes.join(' ')).toMatch(/holds nothing/);
  });

  it('a Portfolio call that fails lists its chains in failedChains, the other call still answers, charged 250', async () => {
    await app.freshReads();
    // Six chains are two calls (five and one): exactly one of them meets the fault.
    app.t.sandbox.control.add({ provider: 'alchemy', route: PORTFOLIO_ROUTE, status: 503, times: 1 });
    const before = await app.balance();
    const res = await app.call(TOOL, { wallet: trader.evm });
    await app.expectCharged(TOOL, res, before);
    const d = res.body.data;
    const groups = [EVM_CHAINS.slice(0, 5), EVM_CHAINS.slice(5)];
    expect(groups).toContainEqual(d.failedChains);
    const answered = EVM_CHAINS.filter((c) => !d.failedChains.includes(c));
    expect(d.byChain.map((c: Json) => c.chain).sort()).toEqual(answered.sort());
    expect(d.holdings.every((h: Json) => answered.includes(h.chain))).toBe(true);
    expect(res.body.notes.join(' ')).toMatch(/Portfolio API .* did not answer/);
  });

  it.each([
    [{ wallet: NOBODY_EVM, chains: ['solana'] }, 'not an EVM chain'],
    [{ wallet: NOBODY_EVM, chains: ['base', 'solana'] }, 'not an EVM chain'],
    [{ wallet: 'So11111111111111111111111111111111111111112', chains: ['base'] }, 'is an EVM chain'],
    [{ wallet: NOBODY_EVM, chains: [] }, 'chains'],
    [{ wallet: NOBODY_EVM, chains: ['base', 'base', 'base', 'base', 'base', 'base', 'base', 'base'] }, 'chains'],
    [{ wallet: NOBODY_EVM, chains: ['tron'] }, 'chains'],
    [{ wallet: NOBODY_EVM, minValueUsd: -1 }, 'minValueUsd'],
    [{ wallet: `${NOBODY_EVM}0` }, 'wallet'],
    [{ wallet: 'not-a-wallet' }, 'wallet'],
    [{}, 'wallet'],
  ])('400 for %j, uncharged', async (body, text) => {
    const before = await app.balance();
    const res = await app.call(TOOL, body);
    await app.expectUncharged(res, 400, before);
    expect(JSON.stringify(res.body.error)).toContain(text);
  });

  it('the Portfolio API down is a 502, uncharged', async () => {
    await app.freshReads();
    app.t.sandbox.control.add({ provider: 'alchemy', route: PORTFOLIO_ROUTE, status: 503 });
    const before = await app.balance();
    await app.expectUncharged(await app.call(TOOL, { wallet: trader.evm }), 502, before);
  });
});
