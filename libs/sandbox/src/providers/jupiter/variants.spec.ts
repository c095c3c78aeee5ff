import { jupiterProbes, priceV3ResponseSchema, quoteResponseSchema, tokenSearchResponseSchema } from '@scout/upstream';
import { fixedVariantContext, probeFailures, withVariantSandbox } from '../../test/variants';
import { jupiterVariants } from './variants';

const ctxFor = (route: string, pickIndex: number, method = 'GET') => fixedVariantContext('jupiter', route, pickIndex, method);

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const PRICES = () => ({
  [SOL]: { createdAt: '2024-06-05T08:55:25.527Z', liquidity: 621679197.67, usdPrice: 147.48, blockId: 348004023, decimals: 9, priceChange24h: 1.29 },
});
const QUOTE = () => ({
  inputMint: SOL,
  inAmount: '100000000',
  outputMint: USDC,
  outAmount: '16198753',
  otherAmountThreshold: '16117760',
  swapMode: 'ExactIn',
  slippageBps: 50,
  platformFee: null,
  priceImpactPct: '0',
  routePlan: [
    {
      swapInfo: {
        ammKey: '5BKxfWMbmYBAEWvyPZS9esPducUba9GqyMjtLCfbaqyF',
        label: 'Meteora DLMM',
        inputMint: SOL,
        outputMint: USDC,
        inAmount: '100000000',
        outAmount: '16198753',
      },
      percent: 100,
      bps: 10000,
    },
  ],
  contextSlot: 299283763,
  timeTaken: 0.015257836,
  mostReliableAmmsQuoteReport: { info: { BZtgQEyS6eXUXicYPHecYQ7PybqodXQMvkjUbP4R8mUU: '16195832' } },
});
const MINT = () => [
  {
    id: USDC,
    name: 'USD Coin',
    symbol: 'USDC',
    icon: 'https://logo',
    decimals: 6,
    tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    createdAt: '2024-06-05T08:55:25.527Z',
    twitter: 'https://x.com/circle',
    website: 'https://circle.com',
    dev: null,
    holderCount: 100,
    fdv: 1,
    mcap: 1,
    usdPrice: 1,
    liquidity: 1,
    isVerified: true,
    audit: { mintAuthorityDisabled: false },
    stats24h: { priceChange: 0 },
    launchpad: null,
    graduatedPool: null,
    organicScore: 99,
    organicScoreLabel: 'high',
    tags: ['verified'],
    firstPool: { id: 'pool', createdAt: '2024-06-05T08:55:25.527Z' },
    updatedAt: '2024-06-05T08:55:25.527Z',
  },
];

describe('jupiterVariants (the writer)', () => {
  it('/price/v3: blockId or priceChange24h null, and the body still parses', () => {
    const names = [0, 1].flatMap((i) => {
      const ctx = ctxFor('/price/v3', i);
      const body = jupiterVariants(ctx, PRICES()) as ReturnType<typeof PRICES>;
      expect(priceV3ResponseSchema.parse(body)[SOL].usdPrice).toBe(147.48);
      return ctx.names;
    });
    expect(names).toEqual(['price.blockId null', 'price.priceChange24h null']);
  });

  it('/swap/v1/quote: each documented variant, the computed fields kept', () => {
    const names = [0, 1, 2, 3].flatMap((i) => {
      const ctx = ctxFor('/swap/v1/quote', i);
      const quote = quoteResponseSchema.parse(jupiterVariants(ctx, QUOTE()));
      expect(quote).toMatchObject({ outAmount: '16198753', otherAmountThreshold: '16117760', priceImpactPct: '0' });
      expect(quote.routePlan[0].swapInfo.ammKey).toBe('5BKxfWMbmYBAEWvyPZS9esPducUba9GqyMjtLCfbaqyF');
      return ctx.names;
    });
    expect(names).toEqual([
      'quote.platformFee absent',
      'quote.routePlan.percent null',
      'quote.contextSlot absent',
      'quote.routePlan.bps absent',
      'quote.timeTaken absent',
      'quote.routePlan.swapInfo.label absent',
      'quote.mostReliableAmmsQuoteReport null',
      'quote.routePlan.swapInfo.feeAmount/feeMint null',
    ]);
  });

  it('/tokens/v2/*: nullable display fields null, optional ones absent, an unknown organicScoreLabel; id, decimals, usdPrice kept', () => {
    const names = [0, 1, 2].flatMap((i) => {
      const ctx = ctxFor('/tokens/v2/search', i);
      const [entry] = tokenSearchResponseSchema.parse(jupiterVariants(ctx, MINT()));
      expect(entry).toMatchObject({ id: USDC, decimals: 6, usdPrice: 1 });
      return ctx.names;
    });
    expect(names).toEqual(['tokens.icon null', 'tokens.symbol absent', 'tokens.organicScoreLabel unknown']);
    const last = ctxFor('/tokens/v2/tag', 99);
    expect(tokenSearchResponseSchema.parse(jupiterVariants(last, MINT()))[0].organicScoreLabel).toBe('unrated');
  });

  it('leaves other methods and routes alone', () => {
    expect(jupiterVariants(ctxFor('/swap/v1/swap', 0, 'POST'), { a: 1 })).toEqual({ a: 1 });
    expect(jupiterVariants(ctxFor('/unknown', 0), QUOTE())).toEqual(QUOTE());
  });
});

describe('jupiterVariants served by the sandbox at rate 1', () => {
  it("every Jupiter endpoint Scout calls still answers through Scout's client, and variants were served", async () => {
    await withVariantSandbox(async (sandbox, { jupiter }) => {
      expect(await probeFailures(jupiterProbes(jupiter))).toEqual([]);
      await expect(jupiter.searchTokens('SOL')).resolves.toBeInstanceOf(Array);
      const served = Object.keys(sandbox.variants.served()).filter((k) => k.startsWith('jupiter '));
      expect(served.some((k) => k.startsWith('jupiter price.'))).toBe(true);
      expect(served.some((k) => k.startsWith('jupiter quote.'))).toBe(true);
      expect(served.some((k) => k.startsWith('jupiter tokens.'))).toBe(true);
    });
  }, 60_000);
});
