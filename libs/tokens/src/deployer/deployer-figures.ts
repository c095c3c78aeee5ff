import type { AnalyticsDeployerTokens } from '@scout/upstream';

type ListedToken = AnalyticsDeployerTokens['tokens'][number];

/** Venues that are a launchpad's bonding curve: a coin trading there has not graduated to an AMM pool. */
export const BONDING_CURVE_MARKETS: readonly string[] = ['pumpfun', 'moonshot', 'raydium-launchpad', 'letsbonk', 'meteora-dbc', 'boop'];
/** Below this USD liquidity a launch is dead: too little in the pool to sell into. */
export const DEAD_LIQUIDITY_USD = 1_000;
/** Below this market cap a launch is dead: at or under a bonding curve's starting cap (about $4-6k) and more. */
export const DEAD_MCAP_USD = 10_000;
/** A launch younger than this is not called dead yet: every coin opens near its curve's starting cap. */
export const TOO_YOUNG_MS = 86_400_000;

/**
 * How a launch ended up, judged now:
 * - `unknown`: neither its liquidity nor its market cap is known;
 * - `dead`: older than a day, with liquidity under DEAD_LIQUIDITY_USD or a market cap under
 *   DEAD_MCAP_USD (whichever is known), graduated or not;
 * - `graduated`: alive, and trading on an AMM pool (it left its bonding curve);
 * - `active`: alive (or under a day old) and still on its bonding curve, or on a venue Scout cannot place.
 */
export type LaunchOutcome = 'graduated' | 'active' | 'dead' | 'unknown';

export interface DeployerLaunchRow {
  /** The launched token's mint. */
  mint: string;
  /** The token's name; null when the source does not say. */
  name: string | null;
  /** The token's symbol; null when the source does not say. */
  symbol: string | null;
  /** When the token was created, ISO 8601 UTC; null when the source does not say. */
  createdAt: string | null;
  /** The venue it trades on now, e.g. pumpfun (its curve), pumpfun-amm, raydium. */
  market: string | null;
  /** Left its bonding curve for an AMM pool (whether or not it lived on); null when the venue is unknown. */
  graduated: boolean | null;
  /** USD liquidity now; null when the source does not say. */
  liquidityUsd: number | null;
  /** Market cap now, USD; null when the source does not say. */
  marketCapUsd: number | null;
  /** Share of its pool's LP tokens burned, 0-100. */
  lpBurnPercent: number | null;
  /** dead, graduated, active or unknown (neither liquidity nor market cap known), judged now. */
  outcome: LaunchOutcome;
}

export function isGraduated(market: string | null): boolean | null {
  if (market === null) return null;
  return !BONDING_CURVE_MARKETS.includes(market.toLowerCase());
}

export function launchOutcome(row: Pick<ListedToken, 'liquidityUsd' | 'marketCapUsd' | 'createdAt' | 'market'>, nowMs: number): LaunchOutcome {
  const { liquidityUsd: liq, marketCapUsd: mcap } = row;
  if (liq === null && mcap === null) return 'unknown';
  const young = row.createdAt !== null && nowMs - row.createdAt < TOO_YOUNG_MS;
  const thin = (liq !== null && liq < DEAD_LIQUIDITY_USD) || (mcap !== null && mcap < DEAD_MCAP_USD);
  if (thin && !young) return 'dead';
  return isGraduated(row.market) === true ? 'graduated' : 'active';
}

export function launchRow(row: ListedToken, nowMs: number): DeployerLaunchRow {
  return {
    mint: row.mint,
    name: row.name,
    symbol: row.symbol,
    createdAt: row.createdAt === null ? null : new Date(row.createdAt).toISOString(),
    market: row.market,
    graduated: isGraduated(row.market),
    liquidityUsd: row.liquidityUsd,
    marketCapUsd: row.marketCapUsd,
    lpBurnPercent: row.lpBurn,
    outcome: launchOutcome(row, nowMs),
  };
}

/** Listed launches counted by outcome. */
export interface OutcomeCounts extends Record<LaunchOutcome, number> {
  /** Alive, and trading on an AMM pool (it left its bonding curve). */
  graduated: number;
  /** Alive (or under a day old) and still on its bonding curve, or on a venue Scout cannot place. */
  active: number;
  /** Over a day old with under $1,000 liquidity or under $10,000 market cap, graduated or not. */
  dead: number;
  /** Neither the launch's liquidity nor its market cap is known. */
  unknown: number;
}

export interface LaunchSummary {
  /** Launches listed here (may be fewer than launchCount when the history was cut). */
  listed: number;
  /** Listed launches that left their bonding curve, alive or dead since. */
  graduatedCount: number;
  /** Listed launches by outcome. */
  outcomes: OutcomeCounts;
  /** Share of the listed launches (of known outcome) that are dead, 0-100; null when none is known. */
  deadSharePct: number | null;
}

export function launchSummary(rows: readonly DeployerLaunchRow[]): LaunchSummary {
  const outcomes: OutcomeCounts = { graduated: 0, active: 0, dead: 0, unknown: 0 };
  for (const r of rows) outcomes[r.outcome] += 1;
  const known = rows.length - outcomes.unknown;
  return {
    listed: rows.length,
    graduatedCount: rows.filter((r) => r.graduated === true).length,
    outcomes,
    deadSharePct: known ? Math.round((outcomes.dead / known) * 1000) / 10 : null,
  };
}

/** The pages after the first to read, when the deployer has more launches than a page holds; at most `maxPages` in all. */
export function morePages(total: number | null, firstPageRows: number, pageSize: number, maxPages: number): number[] {
  if (total === null || firstPageRows < pageSize || total <= pageSize) return [];
  const pages = Math.min(maxPages, Math.ceil(total / pageSize));
  return Array.from({ length: pages - 1 }, (_, i) => i + 2);
}

/** Rows in page order, each mint once (a launch that moved between pages while they were read counts once). */
export function mergePages(pages: readonly (readonly ListedToken[])[]): ListedToken[] {
  const seen = new Set<string>();
  const out: ListedToken[] = [];
  for (const page of pages) {
    for (const row of page) {
      if (seen.has(row.mint)) continue;
      seen.add(row.mint);
      out.push(row);
    }
  }
  return out;
}
