import type { FomoTokenHolder } from '@scout/upstream';
import { percentOf, round } from '../token-ref';

/** A tracked trader holding the token, largest first. */
export interface TrackedHolderRow {
  /** Position by USD value, 1 the largest (unknown values last). */
  rank: number;
  /** The tracked trader's handle. */
  handle: string;
  /** The trader's provider user id; null when the provider does not say. */
  userId: string | null;
  /** Tokens held, whole tokens (two positions summed); null when the provider does not say. */
  amount: number | null;
  /** USD value of the holding; null when the provider does not say. */
  valueUsd: number | null;
  /** Price of one whole token in USD behind the value; null when the provider does not say. */
  priceUsd: number | null;
  /** Their value's share of all tracked holders' value, in percent. */
  shareOfTrackedValuePct: number | null;
}

export interface TrackedHolders {
  /** Tracked traders holding the token (one per trader), before the limit. */
  trackedHolderCount: number;
  /** Sum of the values the provider knows; null when it knows none. */
  trackedValueUsd: number | null;
  /** Tracked holders by USD value, largest first, at most the limit. */
  holders: TrackedHolderRow[];
}

/** Holder identity: the user id when known, else the handle (any case). */
export function holderKey(h: { userId?: string | null; handle?: string | null }): string {
  return h.userId ? `id:${h.userId.toLowerCase()}` : `handle:${(h.handle ?? '').toLowerCase()}`;
}

/** Tracked holders ranked by USD value (unknown values last), with their share of the tracked total; `limit` rows listed. */
export function trackedHolders(holders: readonly FomoTokenHolder[], limit: number): TrackedHolders {
  const ranked = [...byTrader(holders)].sort((a, b) => (b.valueUsd ?? -1) - (a.valueUsd ?? -1) || a.handle.localeCompare(b.handle));
  const known = ranked.filter((h) => h.valueUsd !== null);
  const total = known.length ? round(known.reduce((s, h) => s + (h.valueUsd ?? 0), 0)) : null;
  return {
    trackedHolderCount: ranked.length,
    trackedValueUsd: total,
    holders: ranked.slice(0, limit).map((h, i) => ({
      rank: i + 1,
      handle: h.handle,
      userId: h.userId,
      amount: h.amount,
      valueUsd: h.valueUsd,
      priceUsd: h.priceUsd,
      shareOfTrackedValuePct: percentOf(h.valueUsd, total),
    })),
  };
}

/** One row per trader: a trader listed twice (two positions) holds the sum of both. */
function byTrader(holders: readonly FomoTokenHolder[]): FomoTokenHolder[] {
  const merged = new Map<string, FomoTokenHolder>();
  const add = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);
  for (const h of holders) {
    const key = holderKey(h);
    const prior = merged.get(key);
    merged.set(key, prior ? { ...prior, amount: add(prior.amount, h.amount), valueUsd: round(add(prior.valueUsd, h.valueUsd)) } : h);
  }
  return [...merged.values()];
}

/** Tracked holders as a share of every holder of the token, in percent (4 decimals: the share is often tiny). */
export function trackedShareOfHoldersPct(tracked: number, totalHolders: number | null): number | null {
  return percentOf(tracked, totalHolders, 4);
}

export interface Seller {
  /** The seller's handle; null when the feed does not say. */
  handle: string | null;
  /** The seller's provider user id; null when the feed does not say. */
  userId: string | null;
  /** Sales of the token by this trader in the window. */
  sells: number;
  /** Sum of the sales' signed realized PnL. */
  realizedPnlUsd: number | null;
  /** Sum of the sells' own sizes, where the provider sent them. */
  soldUsd: number | null;
  /** Time of the trader's latest sale in the window, ISO 8601 UTC; null when no sale's time parses. */
  lastSellAt: string | null;
  /** Still among the tracked holders; false means they sold everything; null without the holder list. */
  stillHolding: boolean | null;
  /** The provider trade ids of the sales, each once. */
  tradeIds: string[];
}

export interface SellPressure {
  /** Tracked traders holding the token now; null without the holder list. */
  currentHolders: number | null;
  /** Distinct traders with a sell in the window; null without the sell events. */
  sellers: number | null;
  /** Sellers no longer holding: they are absent from the holder list, so they are added to the denominator. Null without either list. */
  fullyExitedSellers: number | null;
  /** sellers / (currentHolders + fullyExitedSellers), in percent; null when nobody holds or sold, or without either list. */
  sellersPct: number | null;
  /** The sellersPct that counts as crossed, percent 0-100, as asked. */
  thresholdPercent: number;
  /** Null when the share is unknown for want of a list (not when nobody holds or sold: that crosses nothing). */
  thresholdCrossed: boolean | null;
  /** Null without the sell events. */
  sellersList: Seller[] | null;
}

/** One sale of the token by a tracked trader, as the stored trade feed keeps it. */
export interface SellEvent {
  /** The trader's provider user id; null when the feed does not say. */
  userId: string | null;
  /** The trader's handle. */
  trader: string | null;
  /** The provider's trade id; null when the feed does not say. */
  tradeId: string | null;
  /** The sale's signed realized PnL. */
  realizedPnlUsd: number | null;
  /** The sale's own size. */
  tradeUsd: number | null;
  /** ISO 8601. */
  at: string;
}

/**
 * Who sold the token among tracked traders, against who still holds it. A trader who sold
 * everything is no longer a holder, so the share is taken over current holders plus those exits.
 * Either list may be missing (its read failed): the figures that need it are then null, never a
 * zero that would read as "nobody sold" or a share that would read as "everyone exited".
 */
export function sellPressure(holders: readonly FomoTokenHolder[] | null, sells: readonly SellEvent[] | null, thresholdPercent: number): SellPressure {
  const holding = holders ? new Set(holders.map(holderKey)) : null;
  const sellersList = sells ? sellersOf(sells, holding) : null;
  const exited = sellersList && holding ? sellersList.filter((s) => !s.stillHolding).length : null;
  const sellersPct = sellersList && holding ? percentOf(sellersList.length, holding.size + exited!) : null;
  return {
    currentHolders: holding?.size ?? null,
    sellers: sellersList?.length ?? null,
    fullyExitedSellers: exited,
    sellersPct,
    thresholdPercent,
    thresholdCrossed: sellersList && holding ? sellersPct !== null && sellersPct >= thresholdPercent : null,
    sellersList,
  };
}

/** The sell events grouped per trader, largest sold first; whether each still holds when the holders are known. */
function sellersOf(sells: readonly SellEvent[], holding: ReadonlySet<string> | null): Seller[] {
  const bySeller = new Map<string, SellEvent[]>();
  for (const alert of sells) {
    const key = holderKey({ userId: alert.userId, handle: alert.trader });
    bySeller.set(key, [...(bySeller.get(key) ?? []), alert]);
  }
  const sellersList = [...bySeller.entries()].map(([key, alerts]): Seller => {
    const pnl = alerts.filter((a) => a.realizedPnlUsd !== null);
    const sized = alerts.filter((a) => a.tradeUsd !== null);
    const times = alerts.map((a) => Date.parse(a.at)).filter(Number.isFinite);
    return {
      handle: alerts[0].trader,
      userId: alerts[0].userId,
      sells: alerts.length,
      realizedPnlUsd: pnl.length ? round(pnl.reduce((s, a) => s + a.realizedPnlUsd!, 0)) : null,
      soldUsd: sized.length ? round(sized.reduce((s, a) => s + a.tradeUsd!, 0)) : null,
      lastSellAt: times.length ? new Date(Math.max(...times)).toISOString() : null,
      stillHolding: holding ? holding.has(key) : null,
      tradeIds: [...new Set(alerts.map((a) => a.tradeId).filter((t): t is string => t !== null))],
    };
  });
  return sellersList.sort((a, b) => (b.soldUsd ?? 0) - (a.soldUsd ?? 0) || b.sells - a.sells);
}
