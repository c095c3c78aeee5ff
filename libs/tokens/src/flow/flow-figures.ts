import type { FomoTokenStats } from '@scout/upstream';
import { percentOf, round } from '../token-ref';

export const FLOW_WINDOWS = ['5m', '1h', '4h', '24h'] as const;
export type FlowWindowName = (typeof FLOW_WINDOWS)[number];

type UpstreamWindow = NonNullable<FomoTokenStats['windows'][FlowWindowName]>;

/** Buys against sells in one window, recomputed here from the provider's counts and volumes. */
export interface FlowWindow {
  /** Buy transactions in the window; null when the provider does not say. */
  buys: number | null;
  /** Sell transactions in the window; null when the provider does not say. */
  sells: number | null;
  /** Distinct wallets that bought in the window; null when the provider does not say. */
  uniqueBuyers: number | null;
  /** Distinct wallets that sold in the window; null when the provider does not say. */
  uniqueSellers: number | null;
  /** USD bought in the window; null when the provider does not say. */
  buyVolumeUsd: number | null;
  /** USD sold in the window; null when the provider does not say. */
  sellVolumeUsd: number | null;
  /** Buy volume minus sell volume. */
  netVolumeUsd: number | null;
  /** Buys per sell (counts); null when there were no sells. */
  buySellRatio: number | null;
  /** Buy volume's share of all volume, in percent; null without volume. */
  buyVolumeSharePct: number | null;
  /** buying: ratio at least 1.2; selling: at most 1/1.2; balanced between; null when unknown. */
  pressure: 'buying' | 'selling' | 'balanced' | null;
}

/** Above this buys-per-sell ratio (or below its inverse) one side is said to lead. */
export const PRESSURE_RATIO = 1.2;

export function flowWindow(w: UpstreamWindow | null): FlowWindow | null {
  if (!w) return null;
  const ratio = w.buys !== null && w.sells !== null && w.sells > 0 ? round(w.buys / w.sells, 3) : null;
  const buyVol = round(w.buyVolumeUsd);
  const sellVol = round(w.sellVolumeUsd);
  const total = buyVol !== null && sellVol !== null ? buyVol + sellVol : null;
  return {
    buys: w.buys,
    sells: w.sells,
    uniqueBuyers: w.uniqueBuyers,
    uniqueSellers: w.uniqueSellers,
    buyVolumeUsd: buyVol,
    sellVolumeUsd: sellVol,
    netVolumeUsd: buyVol !== null && sellVol !== null ? round(buyVol - sellVol) : null,
    buySellRatio: ratio,
    buyVolumeSharePct: percentOf(buyVol, total),
    pressure: pressureOf(w.buys, w.sells, ratio),
  };
}

function pressureOf(buys: number | null, sells: number | null, ratio: number | null): FlowWindow['pressure'] {
  if (ratio === null) return buys !== null && buys > 0 && sells === 0 ? 'buying' : null;
  if (ratio >= PRESSURE_RATIO) return 'buying';
  if (ratio <= 1 / PRESSURE_RATIO) return 'selling';
  return 'balanced';
}

/** Buys against sells in each of the provider's windows; a window is null when the provider's stats do not carry it. */
export interface FlowWindows extends Record<FlowWindowName, FlowWindow | null> {
  /** The last 5 minutes; null when the provider does not carry the window. */
  '5m': FlowWindow | null;
  /** The last hour; null when the provider does not carry the window. */
  '1h': FlowWindow | null;
  /** The last 4 hours; null when the provider does not carry the window. */
  '4h': FlowWindow | null;
  /** The last 24 hours; null when the provider does not carry the window. */
  '24h': FlowWindow | null;
}

export function flowWindows(stats: FomoTokenStats): FlowWindows {
  return Object.fromEntries(FLOW_WINDOWS.map((name) => [name, flowWindow(stats.windows[name])])) as Record<FlowWindowName, FlowWindow | null>;
}

/** How much of the supply the ten largest holders have, in words a reader can act on. */
export interface Concentration {
  /** Share of the supply the ten largest holders own, percent 0-100; null when the provider does not say. */
  top10HoldersPercent: number | null;
  /** low: under 25 %; moderate: under 50 %; high: under 80 %; extreme: 80 % or more. */
  level: 'low' | 'moderate' | 'high' | 'extreme' | null;
}

export function concentration(top10HoldersPercent: number | null): Concentration {
  const p = round(top10HoldersPercent);
  const level = p === null ? null : p < 25 ? 'low' : p < 50 ? 'moderate' : p < 80 ? 'high' : 'extreme';
  return { top10HoldersPercent: p, level };
}
