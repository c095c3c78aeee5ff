import type { AnalyticsPool, AnalyticsRiskFactor, AnalyticsToken } from '@scout/upstream';

/** The 12 windows the analytics API reports price change for, shortest first. */
export const PRICE_WINDOWS = ['1m', '5m', '15m', '30m', '1h', '2h', '3h', '4h', '5h', '6h', '12h', '24h'] as const;
export type PriceWindow = (typeof PRICE_WINDOWS)[number];

const DAY_MS = 86_400_000;

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * The pool a token's price, market cap and liquidity are read from: the one holding the most USD
 * liquidity (a pool of unknown liquidity only when no pool's is known); null without pools.
 */
export function mainPool(pools: readonly AnalyticsPool[]): AnalyticsPool | null {
  let best: AnalyticsPool | null = null;
  for (const p of pools) {
    const liq = p.liquidity?.usd ?? null;
    const bestLiq = best?.liquidity?.usd ?? null;
    if (best === null || (liq !== null && (bestLiq === null || liq > bestLiq))) best = p;
  }
  return best;
}

/** Whether an authority is live: an address set means yes, null (renounced) no; unknown without the pool's security. */
export function authorityLive(pool: AnalyticsPool | null, which: 'mintAuthority' | 'freezeAuthority'): boolean | null {
  if (!pool?.security) return null;
  return pool.security[which] !== null;
}

/**
 * When the token was created, ms: its creation record (unix seconds), else the oldest pool's
 * createdAt (ms); null when neither says.
 */
export function createdAtMs(token: AnalyticsToken): number | null {
  const created = token.token.creation?.created_time ?? null;
  if (created !== null) return created * 1000;
  const pools = token.pools.map((p) => p.createdAt).filter((t): t is number => t !== null);
  return pools.length ? Math.min(...pools) : null;
}

/** Days from creation to now, one decimal; null when the creation time is unknown. */
export function ageDays(createdMs: number | null, nowMs: number): number | null {
  if (createdMs === null) return null;
  return round(Math.max(0, nowMs - createdMs) / DAY_MS, 1);
}

/** The deployer: the creation record's creator, else the first pool that names one. */
export function deployerOf(token: AnalyticsToken): string | null {
  return token.token.creation?.creator ?? token.pools.find((p) => p.deployer !== null)?.deployer ?? null;
}

export interface WalletGroup {
  /** Wallets in the group; null when the provider did not report the group. */
  count: number | null;
  /** Their share of the supply now, 0-100. */
  percent: number | null;
}

export function walletGroup(group: AnalyticsToken['risk']['snipers']): WalletGroup {
  if (!group) return { count: null, percent: null };
  return { count: group.count ?? group.wallets.length, percent: group.totalPercentage === null ? null : round(group.totalPercentage, 4) };
}

export interface Flow24h {
  /** Buy transactions over the last 24 h; null when the provider does not say. */
  buys: number | null;
  /** Sell transactions over the last 24 h; null when the provider does not say. */
  sells: number | null;
  /** All transactions over 24 h (buys plus sells when no total is given); null when unknown. */
  txns: number | null;
  /** USD traded over 24 h across the token's pools; null when no pool reports it. */
  volumeUsd: number | null;
}

export function flow24h(token: AnalyticsToken): Flow24h {
  const volumes = token.pools.map((p) => p.txns?.volume24h ?? null).filter((v): v is number => v !== null);
  const txns = token.txns ?? (token.buys !== null && token.sells !== null ? token.buys + token.sells : null);
  return {
    buys: token.buys,
    sells: token.sells,
    txns,
    volumeUsd: volumes.length
      ? round(
          volumes.reduce((a, v) => a + v, 0),
          2,
        )
      : null,
  };
}

/** Price change per window, percent; a window the provider left out is null (unknown, not flat). */
/** The price change over each of the analytics API's 12 windows, in percent points (5 is +5 %, -12.5 is -12.5 %). */
export interface PriceChanges extends Record<PriceWindow, number | null> {
  /** Over the last minute, in percent points; null when the provider does not report the window. */
  '1m': number | null;
  /** Over the last 5 minutes, in percent points; null when the provider does not report the window. */
  '5m': number | null;
  /** Over the last 15 minutes, in percent points; null when the provider does not report the window. */
  '15m': number | null;
  /** Over the last 30 minutes, in percent points; null when the provider does not report the window. */
  '30m': number | null;
  /** Over the last hour, in percent points; null when the provider does not report the window. */
  '1h': number | null;
  /** Over the last 2 hours, in percent points; null when the provider does not report the window. */
  '2h': number | null;
  /** Over the last 3 hours, in percent points; null when the provider does not report the window. */
  '3h': number | null;
  /** Over the last 4 hours, in percent points; null when the provider does not report the window. */
  '4h': number | null;
  /** Over the last 5 hours, in percent points; null when the provider does not report the window. */
  '5h': number | null;
  /** Over the last 6 hours, in percent points; null when the provider does not report the window. */
  '6h': number | null;
  /** Over the last 12 hours, in percent points; null when the provider does not report the window. */
  '12h': number | null;
  /** Over the last 24 hours, in percent points; null when the provider does not report the window. */
  '24h': number | null;
}

export function priceChanges(events: AnalyticsToken['events']): PriceChanges {
  return Object.fromEntries(PRICE_WINDOWS.map((w) => [w, events[w]?.priceChangePercentage ?? null])) as Record<PriceWindow, number | null>;
}

export interface RiskFlag {
  /** The risk's name, as the provider words it. */
  name: string;
  /** danger or warning (the provider's words). */
  level: string;
  /** The provider's explanation of the risk; null when it gives none. */
  description: string | null;
  /** The figure behind the risk, as the provider's text; null when it gives none. */
  value: string | null;
}

/** The provider's named risks, dangers before warnings (the provider's order kept within each). */
export function riskFlags(risks: readonly AnalyticsRiskFactor[]): RiskFlag[] {
  const rank = (level: string) => (level === 'danger' ? 0 : level === 'warning' ? 1 : 2);
  return risks
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank(a.r.level) - rank(b.r.level) || a.i - b.i)
    .map(({ r }) => ({ name: r.name, level: r.level, description: r.description, value: r.value }));
}
