import type { LaunchpadMarket } from '@scout/upstream';
import {
  claimableShareOfVolumePct,
  FAR_BELOW_PEAK_PCT,
  MANY_LAUNCHES,
  peakSharePct,
  reportFlags,
  UNCLAIMED_FEES_MIN_USD,
  type ReportFlagInputs,
} from './report-figures';

const market = (over: Partial<LaunchpadMarket> = {}): LaunchpadMarket => ({
  priceUsd: 0.01,
  marketCapUsd: 400_000,
  fdvUsd: 400_000,
  volume24hUsd: 200_000,
  liquidityUsd: 50_000,
  priceChange24h: 3,
  peakMarketCapUsd: 1_000_000,
  ...over,
});

const claimable = (valueUsd: number | null) => ({ claimable: { baseRaw: '0', baseTokens: 0, quoteRaw: '1', quoteTokens: 1, valueUsd } });

/** A coin that raises no flag: standard mode, one launch, nothing claimable, 40% of its peak. */
const quiet: ReportFlagInputs = { token: { mode: 'standard', transferFee: null }, market: market(), creatorLaunchCount: 1, fees: claimable(0) };

const codes = (inputs: Partial<ReportFlagInputs>) => reportFlags({ ...quiet, ...inputs }).map((f) => f.code);

describe('peakSharePct', () => {
  it('is the market cap as a percent of the peak, rounded to 2 decimals', () => {
    expect(peakSharePct(market({ marketCapUsd: 44_071_216.945143245, peakMarketCapUsd: 172_605_806.54574123 }))).toBe(25.53);
    expect(peakSharePct(market({ marketCapUsd: 1_000_000, peakMarketCapUsd: 1_000_000 }))).toBe(100);
  });

  it('is null when either figure is missing or the peak is not positive', () => {
    expect(peakSharePct(market({ peakMarketCapUsd: null }))).toBeNull();
    expect(peakSharePct(market({ marketCapUsd: null }))).toBeNull();
    expect(peakSharePct(market({ peakMarketCapUsd: 0 }))).toBeNull();
    expect(peakSharePct(null)).toBeNull();
  });
});

describe('claimableShareOfVolumePct', () => {
  it('is claimable USD over 24h volume in percent', () => {
    expect(claimableShareOfVolumePct(2_500, 200_000)).toBe(1.25);
  });

  it('is null without either figure or with no volume', () => {
    expect(claimableShareOfVolumePct(null, 200_000)).toBeNull();
    expect(claimableShareOfVolumePct(2_500, null)).toBeNull();
    expect(claimableShareOfVolumePct(2_500, 0)).toBeNull();
  });
});

describe('reportFlags', () => {
  it('raises nothing for a quiet coin', () => {
    expect(reportFlags(quiet)).toEqual([]);
  });

  it("names a reward coin's transfer tax in the peer's words", () => {
    expect(reportFlags({ ...quiet, token: { mode: 'reward', transferFee: { bps: 300 } } })).toEqual([
      { code: 'reward_transfer_tax', severity: 'info', text: 'reward coin: 300 bps transfer tax on every trade (Token-2022)' },
    ]);
    // A standard coin or a reward coin without a known (or any) tax raises nothing.
    expect(codes({ token: { mode: 'standard', transferFee: { bps: 300 } } })).toEqual([]);
    expect(codes({ token: { mode: 'reward', transferFee: null } })).toEqual([]);
    expect(codes({ token: { mode: 'reward', transferFee: { bps: 0 } } })).toEqual([]);
  });

  it(`flags a creator with ${MANY_LAUNCHES} or more launches`, () => {
    expect(codes({ creatorLaunchCount: MANY_LAUNCHES - 1 })).toEqual([]);
    const [flag] = reportFlags({ ...quiet, creatorLaunchCount: MANY_LAUNCHES });
    expect(flag).toEqual({ code: 'serial_launcher', severity: 'medium', text: expect.stringContaining(`${MANY_LAUNCHES} coins launched`) });
    expect(codes({ creatorLaunchCount: null })).toEqual([]);
  });

  it(`flags claimable fees of at least $${UNCLAIMED_FEES_MIN_USD} that are also at least 1% of the 24h volume`, () => {
    // $2,500 against $200,000 of volume: 1.25%.
    const [flag] = reportFlags({ ...quiet, fees: claimable(2_500) });
    expect(flag).toEqual({
      code: 'unclaimed_fees',
      severity: 'info',
      text: 'fees piling up unclaimed: $2,500 of creator fees claimable (1.25% of 24h volume)',
    });
    // Under the floor, or under 1% of a busy coin's volume: not piling up.
    expect(codes({ fees: claimable(UNCLAIMED_FEES_MIN_USD - 1) })).toEqual([]);
    expect(codes({ fees: claimable(1_500), market: market({ volume24hUsd: 1_000_000 }) })).toEqual([]);
    // Without a 24h volume only the floor applies.
    expect(codes({ fees: claimable(1_500), market: market({ volume24hUsd: null }) })).toEqual(['unclaimed_fees']);
    expect(codes({ fees: claimable(1_500), market: market({ volume24hUsd: 0 }) })).toEqual(['unclaimed_fees']);
    // Nothing known to be claimable (a reward, pump or LaunchLab launch), or unpriced: no flag.
    expect(codes({ fees: { claimable: null } })).toEqual([]);
    expect(codes({ fees: claimable(null) })).toEqual([]);
    expect(codes({ fees: null })).toEqual([]);
  });

  it(`flags a market cap under ${FAR_BELOW_PEAK_PCT}% of its peak`, () => {
    const [flag] = reportFlags({ ...quiet, market: market({ marketCapUsd: 240_000, peakMarketCapUsd: 1_000_000 }) });
    expect(flag).toEqual({ code: 'far_below_peak', severity: 'medium', text: 'price far below peak: market cap $240,000 is 24% of its $1,000,000 peak' });
    expect(codes({ market: market({ marketCapUsd: 250_000, peakMarketCapUsd: 1_000_000 }) })).toEqual([]);
    expect(codes({ market: market({ peakMarketCapUsd: null }) })).toEqual([]);
  });

  it('raises every flag that holds, and none from parts that did not answer', () => {
    expect(
      codes({
        token: { mode: 'reward', transferFee: { bps: 100 } },
        market: market({ marketCapUsd: 10_000, volume24hUsd: 50_000 }),
        creatorLaunchCount: 12,
        fees: claimable(5_000),
      }),
    ).toEqual(['reward_transfer_tax', 'serial_launcher', 'unclaimed_fees', 'far_below_peak']);
    expect(reportFlags({ token: null, market: null, creatorLaunchCount: null, fees: null })).toEqual([]);
  });
});
