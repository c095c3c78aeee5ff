import request from 'supertest';
import { FIXTURES } from './market';
import { RESOLVING_TRADER_INDICES } from './providers/fomo/credits';
import { SANDBOX_KEYS } from './server';
import { ALCHEMY_KEY, fixedSandbox, JUP_KEY, NOW } from './test/helpers';

type Json = Record<string, any>;

const EVM_NETWORKS = ['eth-mainnet', 'base-mainnet', 'bnb-mainnet', 'monad-mainnet', 'hyperliquid-mainnet', 'robinhood-mainnet'];

/** A raw base-unit amount (0x hex) over 10^decimals, through its digits. */
function units(hex: string, decimals: number): number {
  const digits = BigInt(hex)
    .toString()
    .padStart(decimals + 1, '0');
  return Number(`${digits.slice(0, digits.length - decimals)}.${digits.slice(digits.length - decimals) || '0'}`);
}

const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b), 1e-9);

/** Prices of a Solana mint and of an EVM token from every endpoint, at the sandbox's current now. */
async function pricesEverywhere(app: Parameters<typeof request>[0], mint: string) {
  const [llama, jup, jupTokens, alchemy, llamaBase, alchemyBase, bySymbol] = await Promise.all([
    request(app).get(`/defillama/coins/prices/current/solana:${mint}`),
    request(app).get(`/jupiter/price/v3?ids=${mint}`).set('x-api-key', JUP_KEY),
    request(app).get(`/jupiter/tokens/v2/search?query=${mint}`).set('x-api-key', JUP_KEY),
    request(app)
      .post(`/alchemy/prices/v1/${ALCHEMY_KEY}/tokens/by-address`)
      .send({ addresses: [{ network: 'solana-mainnet', address: mint }] }),
    request(app).get(`/defillama/coins/prices/current/base:${FIXTURES.baseAero}`),
    request(app)
      .post(`/alchemy/prices/v1/${ALCHEMY_KEY}/tokens/by-address`)
      .send({ addresses: [{ network: 'base-mainnet', address: FIXTURES.baseAero }] }),
    request(app).get(`/alchemy/prices/v1/${ALCHEMY_KEY}/tokens/by-symbol?symbols=AERO`),
  ]);
  return {
    llama: (llama.body as Json).coins[`solana:${mint}`].price as number,
    jupiter: (jup.body as Json)[mint].usdPrice as number,
    jupiterTokens: (jupTokens.body as Json[])[0].usdPrice as number,
    alchemy: Number((alchemy.body as Json).data[0].prices[0].value),
    llamaBase: (llamaBase.body as Json).coins[`base:${FIXTURES.baseAero}`].price as number,
    alchemyBase: Number((alchemyBase.body as Json).data[0].prices[0].value),
    alchemySymbol: Number((bySymbol.body as Json).data[0].prices[0].value),
  };
}

describe('cross-endpoint consistency', () => {
  const sb = fixedSandbox();

  afterEach(() => {
    sb.clockRef.t = NOW;
  });

  it.each([
    ['SOL', FIXTURES.solMint],
    ['USDC', FIXTURES.usdcMint],
    ['BONK', FIXTURES.bonkMint],
  ])('%s has the same price on DefiLlama coins, Jupiter price v3 and tokens v2, and Alchemy at the same instant', async (_name, mint) => {
    const p = await pricesEverywhere(sb.app, mint);
    expect(p.jupiter).toBe(p.llama);
    expect(p.jupiterTokens).toBe(p.llama);
    expect(p.alchemy).toBe(p.llama);
    expect(p.alchemyBase).toBe(p.llamaBase);
    expect(p.alchemySymbol).toBe(p.llamaBase);
  });

  it('a memecoin too', async () => {
    const mint = sb.market.fixtures.memeMints[3];
    const p = await pricesEverywhere(sb.app, mint);
    expect(p.jupiter).toBe(p.llama);
    expect(p.alchemy).toBe(p.llama);
  });

  it('stablecoin prices match the coin prices; bridged copies share a price', async () => {
    const [stables, coins] = await Promise.all([
      request(sb.app).get('/defillama/stablecoins/stablecoins?includePrices=true'),
      request(sb.app).get(
        `/defillama/coins/prices/current/solana:${FIXTURES.usdcMint},ethereum:${FIXTURES.ethereumUsdc},base:${FIXTURES.baseUsdc},coingecko:usd-coin,coingecko:tether`,
      ),
    ]);
    const c = coins.body.coins as Json;
    const usdc = (stables.body.peggedAssets as Json[]).find((a) => a.symbol === 'USDC')!;
    const usdt = (stables.body.peggedAssets as Json[]).find((a) => a.symbol === 'USDT')!;
    expect(usdc.price).toBe(c['coingecko:usd-coin'].price);
    expect(usdt.price).toBe(c['coingecko:tether'].price);
    expect(c[`solana:${FIXTURES.usdcMint}`].price).toBe(usdc.price);
    expect(c[`ethereum:${FIXTURES.ethereumUsdc}`].price).toBe(usdc.price);
    expect(c[`base:${FIXTURES.baseUsdc}`].price).toBe(usdc.price);
  });

  it('a later now moves prices everywhere, and moves them together', async () => {
    const before = await pricesEverywhere(sb.app, FIXTURES.solMint);
    sb.clockRef.t = NOW + 3_600_000;
    const after = await pricesEverywhere(sb.app, FIXTURES.solMint);
    expect(after.llama).not.toBe(before.llama);
    expect(after.llamaBase).not.toBe(before.llamaBase);
    expect(after.jupiter).toBe(after.llama);
    expect(after.alchemy).toBe(after.llama);
    const tvlBefore = (await request(sb.app).get('/defillama/api/tvl/aave-v3')).body as number;
    sb.clockRef.t = NOW + 7_200_000;
    const tvlAfter = (await request(sb.app).get('/defillama/api/tvl/aave-v3')).body as number;
    expect(tvlAfter).not.toBe(tvlBefore);
  });

  it('Jupiter priceChange24h and DefiLlama /percentage agree', async () => {
    const [jup, pct] = await Promise.all([
      request(sb.app).get(`/jupiter/price/v3?ids=${FIXTURES.solMint}`).set('x-api-key', JUP_KEY),
      request(sb.app).get(`/defillama/coins/percentage/solana:${FIXTURES.solMint}?period=24h`),
    ]);
    expect(jup.body[FIXTURES.solMint].priceChange24h).toBeCloseTo(pct.body.coins[`solana:${FIXTURES.solMint}`], 3);
  });

  it('yield pool TVL is a share of its protocol TVL on that chain', async () => {
    const [pools, protocols] = await Promise.all([request(sb.app).get('/defillama/yields/pools'), request(sb.app).get('/defillama/api/protocols')]);
    const bySlug = new Map((protocols.body as Json[]).map((p) => [p.slug, p]));
    const sums = new Map<string, number>();
    for (const pool of pools.body.data as Json[]) {
      const k = `${pool.project}|${pool.chain}`;
      sums.set(k, (sums.get(k) ?? 0) + pool.tvlUsd);
    }
    for (const [k, sum] of sums) {
      const [slug, chain] = k.split('|');
      const tvl = bySlug.get(slug)!.chainTvls[chain] as number;
      expect(sum).toBeLessThanOrEqual(tvl);
      expect(sum).toBeGreaterThan(tvl * 0.85);
    }
  });
});

describe("a tracked trader's wallets on the token data API tell FOMO's story", () => {
  const sb = fixedSandbox();
  const world = sb.fomo.world;
  const fomo = (path: string) => request(sb.app).get(`/fomo${path}`).set('authorization', `Bearer ${SANDBOX_KEYS.fomo}`);
  const rpc = (network: string, method: string, params: unknown[]) =>
    request(sb.app).post(`/alchemy/${network}/v2/${ALCHEMY_KEY}`).send({ jsonrpc: '2.0', id: 1, method, params });
  /** A trader holding tokens on two EVM chains or more, and on Solana, at NOW. */
  const trader = world.population.traders.find((u) => {
    if (RESOLVING_TRADER_INDICES.includes(u.index)) return false;
    const chains = new Set(world.stats(u, NOW).open.map((f) => f.position.chain.slug));
    return chains.has('solana') && [...chains].filter((c) => c !== 'solana').length >= 2;
  })!;
  const networkId = (network: string) => sb.market.chainByAlchemyNetwork(network)!.chainId ?? 1399811149;

  afterEach(() => {
    sb.clockRef.t = NOW;
  });

  /** Tokens by `networkId|address` from the Portfolio API: amount and USD price. */
  async function portfolio(wallet: string, networks: string[]) {
    const out = new Map<string, { amount: number; price: number | null }>();
    for (let i = 0; i < networks.length; i += 5) {
      const res = await request(sb.app)
        .post(`/alchemy/data/v1/${ALCHEMY_KEY}/assets/tokens/by-address`)
        .send({ addresses: [{ address: wallet, networks: networks.slice(i, i + 5) }] });
      expect(res.status).toBe(200);
      expect(res.body.data.pageKey).toBeNull();
      for (const tk of res.body.data.tokens as Json[]) {
        const price = tk.tokenPrices.prices.length ? Number(tk.tokenPrices.prices[0].value) : null;
        out.set(`${networkId(tk.network)}|${tk.tokenAddress.toLowerCase()}`, { amount: units(tk.tokenBalance, tk.tokenMetadata.decimals), price });
      }
    }
    return out;
  }

  /** Every transfer of the wallet on a network, both directions. */
  async function transfers(network: string, wallet: string): Promise<Json[]> {
    const all: Json[] = [];
    for (const side of ['fromAddress', 'toAddress']) {
      let pageKey: string | undefined;
      do {
        const res = await rpc(network, 'alchemy_getAssetTransfers', [
          { [side]: wallet, category: ['external', 'erc20'], withMetadata: true, ...(pageKey ? { pageKey } : {}) },
        ]);
        all.push(...(res.body.result.transfers as Json[]));
        pageKey = res.body.result.pageKey;
      } while (pageKey);
    }
    return all;
  }

  it.each([
    ['at NOW', NOW],
    ['three days later', NOW + 3 * 86_400_000],
  ])('the wallets hold what the FOMO balances say, priced as both price them (%s)', async (_label, t) => {
    sb.clockRef.t = t;
    const balances = (await fomo(`/v2/users/${trader.userId}/balances`)).body as Json;
    expect(balances.capped).toBe(false);
    const expected = new Map<string, { amount: number; price: number }>();
    for (const h of balances.holdings as Json[]) {
      const k = `${h.networkId}|${h.token.address.toLowerCase()}`;
      expected.set(k, { amount: (expected.get(k)?.amount ?? 0) + h.amount, price: h.priceUsd });
    }
    const onChain = new Map([...(await portfolio(trader.wallets.evm, EVM_NETWORKS)), ...(await portfolio(trader.wallets.solana, ['solana-mainnet']))]);
    expect([...onChain.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [k, want] of expected) {
      const got = onChain.get(k)!;
      expect(near(got.amount, want.amount)).toBe(true);
      expect(got.price).toBe(want.price);
    }
    expect([...expected.keys()].some((k) => k.startsWith('1399811149|'))).toBe(true);
    expect([...expected.keys()].some((k) => !k.startsWith('1399811149|'))).toBe(true);
  });

  it("each EVM chain's transfers add up to the holdings, the quote side nets to zero, and FOMO's swaps are among them", async () => {
    const held = await portfolio(trader.wallets.evm, EVM_NETWORKS);
    const swaps = ((await fomo(`/v2/users/${trader.userId}/swaps?limit=100`)).body.swaps as Json[]).filter((x) => x.chain !== 'solana');
    const own = trader.wallets.evm.toLowerCase();
    let checkedSwaps = 0;
    for (const network of EVM_NETWORKS) {
      const list = await transfers(network, trader.wallets.evm);
      // Per contract: what came in minus what went out, against all that moved (float sums).
      const net = new Map<string, { net: number; moved: number }>();
      for (const x of list) {
        const k = x.rawContract.address ?? 'native';
        const amount = units(x.rawContract.value, parseInt(x.rawContract.decimal, 16));
        const n = net.get(k) ?? { net: 0, moved: 0 };
        net.set(k, { net: n.net + (x.to === own ? amount : 0) - (x.from === own ? amount : 0), moved: n.moved + amount });
      }
      const id = networkId(network);
      for (const [contract, { net: amount, moved }] of net) {
        const holding = held.get(`${id}|${contract}`)?.amount ?? 0;
        expect(Math.abs(amount - holding)).toBeLessThanOrEqual(1e-9 * moved);
      }
      for (const [k] of held) if (k.startsWith(`${id}|`)) expect(net.has(k.slice(k.indexOf('|') + 1))).toBe(true);
      for (const s of swaps.filter((x) => x.networkId === id)) {
        const token = s.side === 'buy' ? s.tokenOut : s.tokenIn;
        const leg = list.find((x) => x.hash === s.txHash && x.rawContract.address === token.address.toLowerCase());
        expect(leg).toBeDefined();
        expect(s.side === 'buy' ? leg!.to : leg!.from).toBe(own);
        expect(near(units(leg!.rawContract.value, parseInt(leg!.rawContract.decimal, 16)), token.amount)).toBe(true);
        expect(leg!.metadata.blockTimestamp).toBe(s.at);
        checkedSwaps++;
      }
      // The nonce: every transaction the wallet sent, at least one per outbound transfer.
      const outbound = list.filter((x) => x.from === own);
      const count = parseInt((await rpc(network, 'eth_getTransactionCount', [trader.wallets.evm, 'latest'])).body.result, 16);
      expect(count).toBeGreaterThanOrEqual(outbound.length);
      expect(count).toBe(new Set(outbound.map((x) => x.hash)).size);
    }
    expect(checkedSwaps).toBeGreaterThan(0);
  });
});
