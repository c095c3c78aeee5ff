import request from 'supertest';
import { FIXTURES } from './market';
import { ALCHEMY_KEY, fixedSandbox, JUP_KEY, NOW } from './test/helpers';

type Json = Record<string, any>;

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
