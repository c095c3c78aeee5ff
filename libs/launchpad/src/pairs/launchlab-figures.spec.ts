import { bigRatio, curvePoint, launchLabCurve, wholeTokens, type LaunchLabParams } from './launchlab-figures';

/** Equal to 12 significant digits (the figures pass through one double division). */
function near(actual: number | null, expected: number): void {
  expect(actual).not.toBeNull();
  expect(Math.abs(actual! - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-12);
}

/*
 * A USDC curve worked by hand (base and quote both 6 decimals): 1e9 supply, virtual reserves 1e9
 * base and 20,000 quote, 8e8 base sold for 80,000 quote. Start 20,000 / 1e9 = 0.00002 per coin
 * (market cap 20,000); graduation (20,000 + 80,000) / (1e9 - 8e8) = 0.0005 (market cap 500,000),
 * 25 times the start. The reserves' product holds: 1e9 x 2e4 = 2e8 x 1e5.
 */
const USDC_CURVE: LaunchLabParams = {
  quoteDecimals: 6,
  baseDecimals: 6,
  quotePriceUsd: 0.999,
  supply: '1000000000000000',
  virtualA: '1000000000000000',
  virtualB: '20000000000',
  totalSellA: '800000000000000',
  totalFundRaisingB: '80000000000',
};

/*
 * An xStock quote with 8 decimals against a 6-decimal coin, priced 600 USD: virtual 1.073e9 base and
 * 30 quote, 7.93e8 base sold for 85 quote. Start 30 / 1.073e9 quote per coin; graduation
 * 115 / 2.8e8. Reading the raw ratio without the decimals would be 100 times too small.
 */
const XSTOCK_CURVE: LaunchLabParams = {
  quoteDecimals: 8,
  baseDecimals: 6,
  quotePriceUsd: 600,
  supply: '1000000000000000',
  virtualA: '1073000000000000',
  virtualB: '3000000000',
  totalSellA: '793000000000000',
  totalFundRaisingB: '8500000000',
};

describe('launchLabCurve', () => {
  it('prices a USDC curve at start and graduation, in quote and USD', () => {
    const curve = launchLabCurve(USDC_CURVE);
    near(curve.start.priceQuote, 0.00002);
    near(curve.start.marketCapQuote, 20_000);
    near(curve.start.priceUsd, 0.00002 * 0.999);
    near(curve.start.marketCapUsd, 19_980);
    near(curve.graduation.priceQuote, 0.0005);
    near(curve.graduation.marketCapQuote, 500_000);
    near(curve.graduation.marketCapUsd, 499_500);
    near(curve.priceMultiple, 25);
    expect(curve).toMatchObject({ supplyTokens: 1e9, totalSellTokens: 8e8, sellSharePct: 80, totalFundRaisingTokens: 80_000 });
  });

  it('adjusts the price for the quote and base decimals', () => {
    const curve = launchLabCurve(XSTOCK_CURVE);
    near(curve.start.priceQuote, 30 / 1.073e9);
    near(curve.start.marketCapQuote, (30 / 1.073e9) * 1e9);
    near(curve.start.marketCapUsd, (30 / 1.073e9) * 1e9 * 600);
    near(curve.graduation.priceQuote, 115 / 2.8e8);
    near(curve.graduation.priceUsd, (115 / 2.8e8) * 600);
    near(curve.graduation.marketCapQuote, 115e9 / 2.8e8); // 410.714285...
    near(curve.graduation.marketCapUsd, (115e9 / 2.8e8) * 600); // 246,428.571...
    expect(curve).toMatchObject({ totalSellTokens: 7.93e8, sellSharePct: 79.3, totalFundRaisingTokens: 85 });
  });

  it('leaves USD null, never 0, when the quote is unpriced; quote figures stand', () => {
    const curve = launchLabCurve({ ...USDC_CURVE, quotePriceUsd: null });
    expect(curve.start).toMatchObject({ priceUsd: null, marketCapUsd: null });
    expect(curve.graduation).toMatchObject({ priceUsd: null, marketCapUsd: null });
    near(curve.graduation.marketCapQuote, 500_000);
  });

  it('has no graduation point when the curve would sell its whole virtual base reserve', () => {
    const curve = launchLabCurve({ ...USDC_CURVE, totalSellA: USDC_CURVE.virtualA });
    expect(curve.graduation).toEqual({ priceQuote: null, priceUsd: null, marketCapQuote: null, marketCapUsd: null });
    expect(curve.priceMultiple).toBeNull();
    near(curve.start.priceQuote, 0.00002);
  });

  it('keeps u64 reserves exact where doubles would not: 2^60 + 1000 - 2^60 is 1000', () => {
    // As doubles the base left at graduation would round to 1024; in BigInt it is 1000 raw (0.001 coin).
    const curve = launchLabCurve({ ...USDC_CURVE, virtualA: (2n ** 60n + 1000n).toString(), totalSellA: (2n ** 60n).toString(), supply: '1000' });
    near(curve.graduation.priceQuote, 100_000 / 0.001);
    near(curve.graduation.marketCapQuote, 100_000);
  });

  it('has no start price on an empty virtual base reserve, and no share of an empty supply', () => {
    const curve = launchLabCurve({ ...USDC_CURVE, virtualA: '0', totalSellA: '0', supply: '0' });
    expect(curve.start.priceQuote).toBeNull();
    expect(curve.sellSharePct).toBeNull();
    expect(curve.priceMultiple).toBeNull();
  });
});

describe('curvePoint', () => {
  it('reads any point of the curve from its reserves', () => {
    // Halfway: 5e8 base left against 40,000 quote -> 0.00008 per coin, 80,000 market cap.
    const point = curvePoint(USDC_CURVE, 500_000_000_000_000n, 40_000_000_000n);
    near(point.priceQuote, 0.00008);
    near(point.marketCapQuote, 80_000);
  });
});

describe('bigRatio', () => {
  it('divides amounts of any size to double precision', () => {
    const max = 2n ** 64n - 1n;
    // 2^64 - 1 is 1.8446744073709552e19 to a double's precision.
    near(bigRatio(max, 3n), 1.8446744073709552e19 / 3);
    expect(bigRatio(1n, 3n)).toBe(1 / 3);
    near(bigRatio(1n, max), 1 / 1.8446744073709552e19);
    near(bigRatio(max * max, 7n), 1.8446744073709552e19 ** 2 / 7);
    expect(bigRatio(0n, 5n)).toBe(0);
  });

  it('is null for a zero or negative divisor', () => {
    expect(bigRatio(1n, 0n)).toBeNull();
    expect(bigRatio(1n, -2n)).toBeNull();
  });
});

describe('wholeTokens', () => {
  it('moves the decimal point of a raw amount', () => {
    expect(wholeTokens(1_234_567n, 6)).toBe(1.234567);
    expect(wholeTokens(85n * 10n ** 8n, 8)).toBe(85);
    expect(wholeTokens(0n, 9)).toBe(0);
  });
});
