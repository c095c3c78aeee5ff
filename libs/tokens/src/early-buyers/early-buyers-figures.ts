import type { AnalyticsBundlers, AnalyticsTraderRow } from '@scout/upstream';
import { TRADER_ROWS_MAX, walletTokenPnl, type WalletTokenPnl } from '../pnl-leaders/pnl-leaders-figures';

/** The window after the launch whose buys count as first-minute buys. */
export const FIRST_MINUTE_MS = 60_000;

/** What a buyer did with its bag: sold nothing, some, or all of it. */
export type SoldState = 'none' | 'partial' | 'all';

export interface EarlyBuyer extends WalletTokenPnl {
  /** Its place among the first buyers, 1 first. */
  rank: number;
  /** Time of its first buy, ISO 8601 UTC; null when the source does not say. */
  boughtAt: string | null;
  /** Seconds from the launch to its first buy; null without a launch time. */
  secondsAfterLaunch: number | null;
  /** USD its first buy spent. */
  firstBuyUsd: number | null;
  /** none, partial or all of its bag sold; null when unknown (or it sold but its holding is unknown). */
  sold: SoldState | null;
  /** Time of its first sell, ISO 8601 UTC; null when it has not sold or the source does not say. */
  firstSellAt: string | null;
  /** It is in the launch bundle (bought in the creation's own slot). */
  bundler: boolean | null;
  /** It is the token's deployer. */
  deployer: boolean | null;
}

const num = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
const round = (v: number, digits: number): number => Math.round(v * 10 ** digits) / 10 ** digits;
const pct = (part: number, whole: number): number | null => (whole > 0 ? round((part / whole) * 100, 1) : null);

/** When a row's first buy happened, ms. */
export function firstBuyMs(row: AnalyticsTraderRow): number | null {
  return num(row.first_buy?.time) ?? num(row.first_buy_time);
}

/**
 * Sold everything (sold some, holds none), some, or nothing. Whether it sold comes from the sold
 * amount, else the sell count; null when neither is known, or it sold but its holding is unknown.
 */
export function soldState(row: AnalyticsTraderRow): SoldState | null {
  const amount = num(row.sold);
  const sells = num(row.sell_transactions);
  const soldAny = amount !== null ? amount > 0 : sells !== null ? sells > 0 : null;
  if (soldAny === null) return null;
  if (!soldAny) return 'none';
  const holding = num(row.holding);
  if (holding === null) return null;
  return holding > 0 ? 'partial' : 'all';
}

export interface BuyerContext {
  launchMs: number | null;
  priceUsd: number | null;
  /** The bundle's wallets; null when the bundle is unknown. */
  bundlers: ReadonlySet<string> | null;
  deployer: string | null;
}

export function earlyBuyer(row: AnalyticsTraderRow, rank: number, ctx: BuyerContext): EarlyBuyer {
  const at = firstBuyMs(row);
  return {
    rank,
    ...walletTokenPnl(row, ctx.priceUsd),
    boughtAt: iso(at),
    secondsAfterLaunch: at !== null && ctx.launchMs !== null ? round((at - ctx.launchMs) / 1000, 1) : null,
    firstBuyUsd: num(row.first_buy?.volume_usd),
    sold: soldState(row),
    firstSellAt: iso(num(row.first_sell_time)),
    bundler: ctx.bundlers === null ? null : ctx.bundlers.has(row.wallet),
    deployer: ctx.deployer === null ? null : ctx.deployer === row.wallet,
  };
}

export interface EarlySelling {
  /** First buyers the API served (at most 100): the summary's population. */
  buyers: number;
  /** Of them, how many sold any, and all, of their bag. */
  soldAny: number;
  /** Of them, how many sold all of their bag. */
  soldAll: number;
  /** soldAny as a share of the buyers whose sold state is known, percent 0-100; null when none is known. */
  soldAnySharePct: number | null;
  /** soldAll as a share of the buyers whose sold state is known, percent 0-100; null when none is known. */
  soldAllSharePct: number | null;
  /**
   * Tokens they sold as a share of the tokens they got, 0-100, over the buyers whose sold and
   * received amounts are both known; null when none are.
   */
  tokensSoldSharePct: number | null;
  /**
   * The same per buyer, averaged with each buyer counted once, 0-100: a few wallets that traded the
   * token many times dominate the token-weighted share, not this one.
   */
  averageSoldSharePct: number | null;
  /** First buyers that still hold any of the token. */
  stillHolding: number;
}

export function earlySelling(rows: readonly AnalyticsTraderRow[]): EarlySelling {
  const states = rows.map(soldState);
  const known = states.filter((s) => s !== null).length;
  const soldAny = states.filter((s) => s === 'partial' || s === 'all').length;
  const soldAll = states.filter((s) => s === 'all').length;
  let sold = 0;
  let got = 0;
  const shares: number[] = [];
  for (const r of rows) {
    const s = num(r.sold);
    const h = num(r.held);
    if (s === null || h === null || !(h > 0)) continue;
    sold += s;
    got += h;
    shares.push(Math.min(1, s / h));
  }
  return {
    buyers: rows.length,
    soldAny,
    soldAll,
    soldAnySharePct: pct(soldAny, known),
    soldAllSharePct: pct(soldAll, known),
    tokensSoldSharePct: got > 0 ? round(Math.min(100, (sold / got) * 100), 1) : null,
    averageSoldSharePct: shares.length ? round((shares.reduce((a, b) => a + b, 0) / shares.length) * 100, 1) : null,
    stillHolding: rows.filter((r) => (num(r.holding) ?? 0) > 0).length,
  };
}

export interface BundleNowVsLaunch {
  /** Bundle wallets and their share of supply (percent 0-100) at launch; each null when the source does not say. */
  atLaunch: {
    /** Wallets in the launch bundle; null when the source does not say. */
    wallets: number | null;
    /** Their share of the supply at launch, in percent points (2 is 2 %); null when the source does not say. */
    supplyPct: number | null;
  };
  /** Bundle wallets still holding and their share of supply now (percent 0-100); each null when unknown. */
  now: {
    /** Bundle wallets still holding any of the token; null when unknown. */
    wallets: number | null;
    /** The bundle's share of the supply now, in percent points; null when the source does not say. */
    supplyPct: number | null;
  };
  /** Share of the tokens the bundle took at launch that it still holds, 0-100; null when it took none or it is unknown. */
  keptSharePct: number | null;
}

/** The launch bundle then and now: wallets holding any and their share of the supply. */
export function bundleNowVsLaunch(b: AnalyticsBundlers): BundleNowVsLaunch {
  const walletsNow = b.wallets.length ? b.wallets.filter((w) => (num(w.balance) ?? 0) > 0).length : num(b.total) === 0 ? 0 : null;
  const initial = num(b.initialBalance);
  const balance = num(b.balance);
  return {
    atLaunch: { wallets: num(b.total) ?? b.wallets.length, supplyPct: num(b.initialPercentage) },
    now: { wallets: walletsNow, supplyPct: num(b.percentage) },
    keptSharePct: initial !== null && initial > 0 && balance !== null ? round(Math.min(100, (balance / initial) * 100), 1) : null,
  };
}

export interface FirstMinuteBuys {
  /** First buyers whose first buy came within a minute of the launch, and the USD those buys spent. */
  buys: number;
  /** USD those first-minute buys spent (a buy of unknown USD adds nothing). */
  usd: number;
  /**
   * True when the served list was full (100) and its last buyer still bought inside the minute: more
   * first-minute buyers lie past the list, so the counts are lower bounds.
   */
  lowerBound: boolean;
}

/** First-minute buys among the served first buyers, timed from `launchMs`; a first buy of unknown USD adds to the count only. */
export function firstMinuteBuys(rows: readonly AnalyticsTraderRow[], launchMs: number): FirstMinuteBuys {
  const inside = (r: AnalyticsTraderRow) => {
    const at = firstBuyMs(r);
    return at !== null && at - launchMs < FIRST_MINUTE_MS;
  };
  const early = rows.filter(inside);
  const last = rows.at(-1);
  return {
    buys: early.length,
    usd: round(
      early.reduce((a, r) => a + (num(r.first_buy?.volume_usd) ?? 0), 0),
      2,
    ),
    lowerBound: rows.length >= TRADER_ROWS_MAX && last !== undefined && inside(last),
  };
}

/** The first buyers in buying order (the API's order; re-sorted by first-buy time, unknown last, to be sure). */
export function inBuyingOrder(rows: readonly AnalyticsTraderRow[]): AnalyticsTraderRow[] {
  return rows
    .map((r, i) => ({ r, i, at: firstBuyMs(r) }))
    .sort((a, b) => (a.at ?? Infinity) - (b.at ?? Infinity) || a.i - b.i)
    .map((x) => x.r);
}
