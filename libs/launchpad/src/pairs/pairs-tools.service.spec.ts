import { LaunchpadNotFoundError, LaunchpadRefusedError, type LaunchLabPricing, type LaunchpadPairQuery, type LaunchpadPairs } from '@scout/upstream';
import { fakeLaunchpad, SPYX } from '../tokens/coin.fixture';
import { LaunchpadPairsToolsService } from './pairs-tools.service';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const CUSTOM = 'A7bdiYdS5GjqGFtxf17ppRHtDKPkkRqbKtR27dxvQXaS';

const pairs: LaunchpadPairs = {
  pairs: [
    {
      mint: SPYX,
      symbol: 'SPYX',
      name: 'SP500',
      logoUrl: null,
      category: 'xstock',
      categoryLabel: 'xStock',
      decimals: 8,
      tokenProgram: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
      launchable: true,
      launchLabReady: true,
    },
    {
      mint: USDC,
      symbol: 'USDC',
      name: 'USD Coin',
      logoUrl: null,
      category: 'stablecoin',
      categoryLabel: 'Stablecoin',
      decimals: 6,
      tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      launchable: true,
      launchLabReady: true,
    },
    {
      mint: CUSTOM,
      symbol: 'ZEC',
      name: 'Zcash',
      logoUrl: null,
      category: 'custom',
      categoryLabel: 'Custom',
      decimals: 8,
      tokenProgram: 'SomeOtherProgram1111111111111111111111111111',
      launchable: true,
      launchLabReady: false,
    },
  ],
  _generatedAt: null,
};

/** The USDC curve of launchlab-figures.spec, as the site would send it. */
const usdcPricing: LaunchLabPricing = {
  quoteMint: USDC,
  quoteSymbol: 'USDC',
  quoteDecimals: 6,
  quotePriceUsd: 1,
  baseDecimals: 6,
  supply: '1000000000000000',
  virtualA: '1000000000000000',
  virtualB: '20000000000',
  totalSellA: '800000000000000',
  totalFundRaisingB: '80000000000',
  constants: { globalConfig: 'GlobaLConfig1111111111111111111111111111111', curveType: 0, migrateType: 1 },
  _generatedAt: null,
};

describe('launchpad_pairs', () => {
  it('passes the filters and answers each quote with its token standard', async () => {
    const asked: (LaunchpadPairQuery | undefined)[] = [];
    const port = fakeLaunchpad({ pairs: async (q) => (asked.push(q), pairs) });
    const result = await new LaunchpadPairsToolsService(port).pairs({ category: 'xstock', launchLabReady: true });
    expect(asked).toEqual([{ category: 'xstock', launchable: undefined, launchLabReady: true }]);
    expect(result.data.pairs.map((p) => [p.symbol, p.decimals, p.tokenStandard, p.launchLabReady])).toEqual([
      ['SPYX', 8, 'token-2022', true],
      ['USDC', 6, 'token', true],
      ['ZEC', 8, null, false],
    ]);
    expect(result.notes).toBeUndefined();
  });

  it('no quote matching is an empty list with a note', async () => {
    const port = fakeLaunchpad({ pairs: async () => ({ pairs: [], _generatedAt: null }) });
    const result = await new LaunchpadPairsToolsService(port).pairs({ launchable: false });
    expect(result).toEqual({ data: { pairs: [] }, notes: ['No quote matches these filters.'] });
  });
});

describe('launchpad_launchlab_pricing', () => {
  it('answers the raw parameters, their whole-token reading, and the start and graduation points', async () => {
    const asked: string[] = [];
    const port = fakeLaunchpad({ launchLabPricing: async (q) => (asked.push(q), usdcPricing) });
    const { data, notes } = await new LaunchpadPairsToolsService(port).pricing({ quoteMint: ` ${USDC} ` });
    expect(asked).toEqual([USDC]);
    expect(data.quote).toEqual({ mint: USDC, symbol: 'USDC', decimals: 6, priceUsd: 1 });
    expect(data.base).toEqual({ decimals: 6, supplyRaw: '1000000000000000', supplyTokens: 1e9 });
    expect(data.curve).toEqual({
      virtualA: '1000000000000000',
      virtualB: '20000000000',
      totalSellA: '800000000000000',
      totalFundRaisingB: '80000000000',
      totalSellTokens: 8e8,
      sellSharePct: 80,
      totalFundRaisingTokens: 80_000,
    });
    expect(data.start.priceQuote).toBeCloseTo(0.00002, 15);
    expect(data.start.marketCapUsd).toBeCloseTo(20_000, 6);
    expect(data.graduation.priceUsd).toBeCloseTo(0.0005, 15);
    expect(data.graduation.marketCapQuote).toBeCloseTo(500_000, 6);
    expect(data.priceMultiple).toBeCloseTo(25, 10);
    expect(data.constants).toEqual(usdcPricing.constants);
    expect(notes).toBeUndefined();
  });

  it('an unpriced quote has null USD figures with a note, never 0', async () => {
    const port = fakeLaunchpad({ launchLabPricing: async () => ({ ...usdcPricing, quotePriceUsd: null }) });
    const { data, notes } = await new LaunchpadPairsToolsService(port).pricing({ quoteMint: USDC });
    expect([data.start.priceUsd, data.start.marketCapUsd, data.graduation.priceUsd, data.graduation.marketCapUsd]).toEqual([null, null, null, null]);
    expect(data.graduation.marketCapQuote).toBeCloseTo(500_000, 6);
    expect(notes).toEqual([expect.stringContaining('no USD price for USDC')]);
  });

  it('a quote that is not LaunchLab-ready is refused (400) and an unknown one is not found (404), as the site said', async () => {
    const refused = new LaunchpadRefusedError('quoteMint', `${CUSTOM} is not LaunchLab-ready`);
    const notReady = fakeLaunchpad({ launchLabPricing: () => Promise.reject(refused) });
    await expect(new LaunchpadPairsToolsService(notReady).pricing({ quoteMint: CUSTOM })).rejects.toBe(refused);
    const unknown = fakeLaunchpad({ launchLabPricing: (q) => Promise.reject(new LaunchpadNotFoundError('token', q)) });
    await expect(new LaunchpadPairsToolsService(unknown).pricing({ quoteMint: CUSTOM })).rejects.toBeInstanceOf(LaunchpadNotFoundError);
  });
});
