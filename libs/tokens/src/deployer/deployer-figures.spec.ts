import type { AnalyticsDeployerTokens } from '@scout/upstream';
import { isGraduated, launchOutcome, launchRow, launchSummary, mergePages, morePages, type DeployerLaunchRow } from './deployer-figures';

type Listed = AnalyticsDeployerTokens['tokens'][number];
const DAY = 86_400_000;
const NOW = 1_800_000_000_000;

const listed = (mint: string, over: Partial<Listed> = {}): Listed => ({
  name: 'Frog',
  symbol: 'FROG',
  mint,
  decimals: 6,
  poolAddress: null,
  liquidityUsd: 20_000,
  marketCapUsd: 150_000,
  priceUsd: 0.00015,
  lpBurn: 100,
  market: 'pumpfun-amm',
  freezeAuthority: null,
  mintAuthority: null,
  createdAt: NOW - 10 * DAY,
  lastUpdated: NOW,
  buys: 1,
  sells: 1,
  totalTransactions: 2,
  ...over,
});

describe('deployer figures', () => {
  it('a coin on a bonding curve has not graduated; any other venue has; an unknown venue is unknown', () => {
    expect(isGraduated('pumpfun')).toBe(false);
    expect(isGraduated('Moonshot')).toBe(false);
    expect(isGraduated('pumpfun-amm')).toBe(true);
    expect(isGraduated('raydium')).toBe(true);
    expect(isGraduated(null)).toBeNull();
  });

  it.each([
    ['alive on an AMM pool', {}, 'graduated'],
    ['alive on its curve', { market: 'pumpfun', liquidityUsd: 8_000, marketCapUsd: 36_000 }, 'active'],
    ['on a venue Scout cannot place', { market: null }, 'active'],
    ['thin liquidity, over a day old', { liquidityUsd: 999 }, 'dead'],
    ['a tiny market cap, over a day old', { marketCapUsd: 9_999 }, 'dead'],
    ['graduated, then drained', { liquidityUsd: 300, marketCapUsd: 2_500 }, 'dead'],
    ['only the market cap known, and tiny', { liquidityUsd: null, marketCapUsd: 4_000 }, 'dead'],
    ['under a day old at its starting cap', { market: 'pumpfun', liquidityUsd: 900, marketCapUsd: 4_200, createdAt: NOW - DAY + 1 }, 'active'],
    ['exactly a day old at its starting cap', { market: 'pumpfun', liquidityUsd: 900, marketCapUsd: 4_200, createdAt: NOW - DAY }, 'dead'],
    ['unknown launch time, tiny', { liquidityUsd: 100, createdAt: null }, 'dead'],
    ['neither liquidity nor market cap known', { liquidityUsd: null, marketCapUsd: null }, 'unknown'],
    ['at the thresholds exactly', { liquidityUsd: 1_000, marketCapUsd: 10_000 }, 'graduated'],
  ] as const)('%s: %s', (_label, over, outcome) => {
    expect(launchOutcome(listed('M', over), NOW)).toBe(outcome);
  });

  it("a row carries the launch's figures, its time as ISO and its outcome", () => {
    expect(launchRow(listed('M', { createdAt: Date.UTC(2026, 0, 2), lpBurn: 0 }), NOW)).toEqual({
      mint: 'M',
      name: 'Frog',
      symbol: 'FROG',
      createdAt: '2026-01-02T00:00:00.000Z',
      market: 'pumpfun-amm',
      graduated: true,
      liquidityUsd: 20_000,
      marketCapUsd: 150_000,
      lpBurnPercent: 0,
      outcome: 'graduated',
    });
    expect(launchRow(listed('M', { createdAt: null, lpBurn: null }), NOW)).toMatchObject({ createdAt: null, lpBurnPercent: null });
  });

  it('counts graduations (dead or alive since) and outcomes; the dead share is over launches of known outcome', () => {
    const rows: DeployerLaunchRow[] = [
      listed('a'),
      listed('b', { liquidityUsd: 100 }),
      listed('c', { market: 'pumpfun', liquidityUsd: 200 }),
      listed('d', { market: 'pumpfun', liquidityUsd: 5_000, marketCapUsd: 20_000 }),
      listed('e', { liquidityUsd: null, marketCapUsd: null }),
    ].map((r) => launchRow(r, NOW));
    expect(launchSummary(rows)).toEqual({
      listed: 5,
      graduatedCount: 3,
      outcomes: { graduated: 1, active: 1, dead: 2, unknown: 1 },
      deadSharePct: 50,
    });
    expect(launchSummary([])).toEqual({ listed: 0, graduatedCount: 0, outcomes: { graduated: 0, active: 0, dead: 0, unknown: 0 }, deadSharePct: null });
  });

  it('reads further pages only when the first is full and the total says there are more, up to the bound', () => {
    expect(morePages(40, 40, 500, 4)).toEqual([]);
    expect(morePages(500, 500, 500, 4)).toEqual([]);
    expect(morePages(501, 500, 500, 4)).toEqual([2]);
    expect(morePages(1_400, 500, 500, 4)).toEqual([2, 3]);
    expect(morePages(9_999, 500, 500, 4)).toEqual([2, 3, 4]);
    expect(morePages(null, 500, 500, 4)).toEqual([]);
    expect(morePages(900, 300, 500, 4)).toEqual([]);
  });

  it('merges pages in order, each mint once', () => {
    const merged = mergePages([[listed('a'), listed('b')], [listed('b'), listed('c')], []]);
    expect(merged.map((r) => r.mint)).toEqual(['a', 'b', 'c']);
  });
});
