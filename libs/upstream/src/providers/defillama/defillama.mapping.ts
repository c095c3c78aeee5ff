// DefiLlama's payloads to Scout's types: the pure mapping steps of DefiLlamaClient.
import type { z } from 'zod';
import type { coinPricesPayload, OverviewPayload, protocolPayload } from './defillama.schemas';
import type { CoinPrice, DailyPoint, OverviewTotals } from './defillama.types';

/**
 * DefiLlama's slug for a protocol name (lower case, spaces to dashes, apostrophes dropped), used
 * when a payload omits `slug`.
 */
export function llamaSlug(name: string): string {
  return name.toLowerCase().trim().split(' ').join('-').split("'").join('');
}

/** chainTvls keys that are not chains but extra TVL kinds ("staking", "Ethereum-borrowed", ...). */
const EXTRA_TVL_KEYS = new Set(['borrowed', 'staking', 'pool2', 'vesting', 'treasury', 'offers', 'doublecounted', 'liquidstaking', 'dcandlsoverlap']);

export function isPlainChainKey(key: string): boolean {
  return !key.includes('-') && !EXTRA_TVL_KEYS.has(key.toLowerCase());
}

export function numbersOnly(record: Record<string, number | null> | null | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(record ?? {})) if (value !== null) out[key] = value;
  return out;
}

export function auditCount(value: string | null | undefined): number | null {
  if (value == null || !/^\d+$/.test(value.trim())) return null;
  return Number(value);
}

export function sumKnown(values: Array<number | null>): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length ? known.reduce((a, b) => a + b, 0) : null;
}

/** The USD figure of a stablecoin total: every peg already converted, or peggedUSD alone. */
export function stablecoinUsd(usd: Record<string, number | null> | null | undefined, native: Record<string, number | null> | null | undefined): number | null {
  if (usd) return sumKnown(Object.values(usd));
  return native?.peggedUSD ?? null;
}

export function byDate(a: DailyPoint, b: DailyPoint): number {
  return a.date - b.date;
}

export function mapTotals(raw: Omit<OverviewPayload, 'protocols' | 'chain' | 'allChains'>): OverviewTotals {
  return {
    total24h: raw.total24h ?? null,
    total48hto24h: raw.total48hto24h ?? null,
    total7d: raw.total7d ?? null,
    total14dto7d: raw.total14dto7d ?? null,
    total30d: raw.total30d ?? null,
    total60dto30d: raw.total60dto30d ?? null,
    total1y: raw.total1y ?? null,
    totalAllTime: raw.totalAllTime ?? null,
    total7DaysAgo: raw.total7DaysAgo ?? null,
    total30DaysAgo: raw.total30DaysAgo ?? null,
    change1dPct: raw.change_1d ?? null,
    change7dPct: raw.change_7d ?? null,
    change1mPct: raw.change_1m ?? null,
    change7dOver7dPct: raw.change_7dover7d ?? null,
    change30dOver30dPct: raw.change_30dover30d ?? null,
    breakdown24h: raw.breakdown24h ?? null,
    breakdown30d: raw.breakdown30d ?? null,
  };
}

export function mapCoinPrices(payload: z.output<typeof coinPricesPayload>): Record<string, CoinPrice> {
  const out: Record<string, CoinPrice> = {};
  for (const [key, c] of Object.entries(payload.coins)) {
    out[key] = {
      priceUsd: c.price,
      symbol: c.symbol,
      timestamp: c.timestamp,
      decimals: c.decimals ?? null,
      confidence: c.confidence ?? null,
    };
  }
  return out;
}

/** Total TVL history summed over the chains, for payloads without a top-level `tvl` series. */
export function seriesFromChainTvls(chainTvls: z.output<typeof protocolPayload>['chainTvls']): DailyPoint[] {
  const byDay = new Map<number, number>();
  for (const [key, entry] of Object.entries(chainTvls ?? {})) {
    if (!isPlainChainKey(key)) continue;
    for (const point of entry.tvl ?? []) byDay.set(point.date, (byDay.get(point.date) ?? 0) + point.totalLiquidityUSD);
  }
  return [...byDay.entries()].map(([date, valueUsd]) => ({ date, valueUsd })).sort(byDate);
}
