import { DexScreenerClient, dexscreenerProbes, tokensV1ResponseSchema } from '@scout/upstream';
import { FIXTURES } from '../../market';
import { fixedVariantContext, probeFailures, withVariantSandbox } from '../../test/variants';
import { dexscreenerVariants } from './variants';

const ctxFor = (route: string, pickIndex: number, method = 'GET') => fixedVariantContext('dexscreener', route, pickIndex, method);

/**
 * A Pair with every field DexScreener's own pairSchema names (dexscreener/google-sheets src/types.ts,
 * commit 3ab71b027654a22e14811432acb61798a1ac63a4) plus marketCap, as /tokens/v1 answers it.
 */
const PAIR = () => ({
  chainId: 'solana',
  dexId: 'raydium',
  url: 'https://dexscreener.com/solana/pair',
  pairAddress: '7xKpQmAinPair1111111111111111111111111111',
  baseToken: { address: FIXTURES.bonkMint, name: 'Bonk', symbol: 'Bonk' },
  quoteToken: { address: FIXTURES.solMint, name: 'Wrapped SOL', symbol: 'SOL' },
  priceNative: '0.0000001',
  priceUsd: '0.00002',
  txns: { m5: { buys: 1, sells: 2 }, h1: { buys: 3, sells: 4 }, h6: { buys: 5, sells: 6 }, h24: { buys: 7, sells: 8 } },
  volume: { m5: 1, h1: 2, h6: 3, h24: 4 },
  priceChange: { m5: 0.1, h1: 0.2, h6: 0.3, h24: 0.4 },
  liquidity: { usd: 1000, base: 10, quote: 20 },
  fdv: 2000,
  marketCap: 1500,
  pairCreatedAt: 1717581325000,
});

const ALL = [
  'pair.priceUsd absent',
  'pair.liquidity absent',
  'pair.liquidity.usd absent',
  'pair.fdv absent',
  'pair.marketCap absent',
  'pair.pairCreatedAt absent',
  'pair.quoteToken symbol only',
];

describe('dexscreenerVariants (the writer)', () => {
  it('/tokens/v1: each documented variant, and every rewritten body parses with the client schema', () => {
    const names = ALL.flatMap((_, i) => {
      const ctx = ctxFor(`/tokens/v1/solana/${FIXTURES.bonkMint}`, i);
      const [pair] = tokensV1ResponseSchema.parse(dexscreenerVariants(ctx, [PAIR()]));
      expect(pair).toMatchObject({ chainId: 'solana', pairAddress: PAIR().pairAddress, baseToken: { address: FIXTURES.bonkMint }, priceNative: 1e-7 });
      return ctx.names;
    });
    expect(names).toEqual(ALL);
  });

  it('the variants reach the client as nulls, never a throw or a 0', async () => {
    const expectations: Record<string, Record<string, unknown>> = {
      'pair.priceUsd absent': { priceUsd: null },
      'pair.liquidity absent': { liquidityUsd: null },
      'pair.liquidity.usd absent': { liquidityUsd: null },
      'pair.fdv absent': { fdvUsd: null },
      'pair.marketCap absent': { marketCapUsd: null },
      'pair.pairCreatedAt absent': { pairCreatedAt: null },
      'pair.quoteToken symbol only': { priceUsd: 0.00002 },
    };
    for (const [i, name] of ALL.entries()) {
      const body = dexscreenerVariants(ctxFor('/tokens/v1/solana/x', i), [PAIR()]);
      const client = new DexScreenerClient({ name: 'dexscreener', request: async (_call, parse) => parse(body) });
      const market = (await client.markets('solana', [FIXTURES.bonkMint])).get(FIXTURES.bonkMint);
      expect(market).toMatchObject(expectations[name]);
    }
  });

  it('/latest/dex/tokens: rewrites the pairs of the envelope, and leaves a null list alone', () => {
    const ctx = ctxFor(`/latest/dex/tokens/${FIXTURES.bonkMint}`, 3);
    const body = dexscreenerVariants(ctx, { schemaVersion: '1.0.0', pairs: [PAIR()] }) as { pairs: Record<string, unknown>[] };
    expect('fdv' in body.pairs[0]).toBe(false);
    expect(ctx.names).toEqual(['pair.fdv absent']);
    expect(dexscreenerVariants(ctxFor('/latest/dex/tokens/x', 0), { schemaVersion: '1.0.0', pairs: null })).toEqual({ schemaVersion: '1.0.0', pairs: null });
  });

  it('leaves other methods and routes alone', () => {
    expect(dexscreenerVariants(ctxFor('/tokens/v1/solana/x', 0, 'POST'), [PAIR()])).toEqual([PAIR()]);
    expect(dexscreenerVariants(ctxFor('/unknown', 0), [PAIR()])).toEqual([PAIR()]);
  });
});

describe('dexscreenerVariants served by the sandbox at rate 1', () => {
  it("the /tokens/v1 probe still answers through Scout's client, and variants were served", async () => {
    await withVariantSandbox(async (sandbox, { dexscreener }) => {
      expect(await probeFailures(dexscreenerProbes(dexscreener))).toEqual([]);
      await expect(dexscreener.markets('base', [FIXTURES.baseAero, FIXTURES.baseUsdc])).resolves.toBeInstanceOf(Map);
      const served = Object.keys(sandbox.variants.served()).filter((k) => k.startsWith('dexscreener '));
      expect(served.length).toBeGreaterThan(0);
    });
  }, 60_000);
});
