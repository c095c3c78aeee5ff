import type { FomoPosition, FomoSwap, FomoTrade } from '@scout/upstream';
import type { PositionThesis } from '../fomo-views';
import { positionRow, type PositionRow } from '../activity/position-figures';
import type { TraderRef } from '../trader-resolver';

/** One side of a fill: what left or entered the wallet. */
export interface FillLeg {
  address: string;
  symbol: string | null;
  amount: number | null;
  usd: number | null;
}

/** One buy or sell of the position's token. */
export interface TradeFill {
  swapId: string | null;
  side: 'buy' | 'sell' | null;
  tokenIn: FillLeg | null;
  tokenOut: FillLeg | null;
  /** The fill's true USD size (a buy's cost, a sell's proceeds). */
  humanUsdAmountIn: number | null;
  priceUsd: number | null;
  txHash: string | null;
  at: string | null;
}

export interface TradeTransfer {
  transferId: string | null;
  direction: string | null;
  tokenAddress: string | null;
  from: string | null;
  to: string | null;
  amount: number | null;
  usd: number | null;
  txHash: string | null;
  at: string | null;
}

/** What the fills add up to: the position's buys and sells as the fills tell them. */
export interface FillTotals {
  buys: number;
  sells: number;
  bought: number;
  boughtUsd: number;
  sold: number;
  soldUsd: number;
  /** Σ buy USD / Σ bought; null without a priced buy. */
  avgEntryPrice: number | null;
  /** Σ sell USD / Σ sold; null without a priced sell. */
  avgExitPrice: number | null;
}

export interface TradeDetail extends Omit<PositionRow, 'createdAt'> {
  /** live: the provider's trade endpoint; assembled: the trader's positions and swaps (see notes). */
  source: string;
  trader: { userId: string | null; handle: string | null };
  boughtUsd: number | null;
  soldUsd: number | null;
  liquidityUsd: number | null;
  thesis: PositionThesis | null;
  openedAt: string | null;
  lastTradeAt: string | null;
  fills: FillTotals;
  /** Oldest first. */
  swaps: TradeFill[];
  /** Null when not known (an assembled answer: positions and swaps do not list transfers). */
  transfers: TradeTransfer[] | null;
  capturedAt: string | null;
}

const leg = (l: { address: string; symbol: string | null; amount: number | null; usd: number | null } | null, amount?: number | null): FillLeg | null =>
  l === null ? null : { address: l.address, symbol: l.symbol, amount: l.amount ?? amount ?? null, usd: l.usd };

const sideOf = (side: string | null): TradeFill['side'] => (side === 'buy' || side === 'sell' ? side : null);

/** A fill of the trade endpoint. */
export function liveFill(s: FomoTrade['swaps'][number]): TradeFill {
  return {
    swapId: s.swapId,
    side: sideOf(s.side),
    tokenIn: leg(s.tokenIn, s.humanAmountIn),
    tokenOut: leg(s.tokenOut, s.humanAmountOut),
    humanUsdAmountIn: s.humanUsdAmountIn,
    priceUsd: s.priceUsd,
    txHash: s.txHash,
    at: s.at,
  };
}

/** A fill of the swaps list, for the position `tradeId`: a fill that brings the token in is a buy. */
export function swapFill(s: FomoSwap, tradeId: string): TradeFill {
  return {
    swapId: s.swapId,
    side: sideOf(s.side) ?? (s.tradeIdOut === tradeId ? 'buy' : 'sell'),
    tokenIn: leg(s.tokenIn),
    tokenOut: leg(s.tokenOut),
    humanUsdAmountIn: s.humanUsdAmountIn,
    priceUsd: s.priceUsd,
    txHash: s.txHash,
    at: s.at,
  };
}

/** The fills of one position among a trader's swaps (newest first upstream), oldest first. */
export function fillsOfTrade(swaps: readonly FomoSwap[], tradeId: string): TradeFill[] {
  const mine = swaps.filter((s) => s.tradeIdIn === tradeId || s.tradeIdOut === tradeId).map((s) => swapFill(s, tradeId));
  return chronological(mine.reverse());
}

/** Oldest first; fills at the same instant keep the order given (stable sort). */
export function chronological(fills: readonly TradeFill[]): TradeFill[] {
  const at = (f: TradeFill) => (f.at === null ? Number.NEGATIVE_INFINITY : Date.parse(f.at));
  return [...fills].sort((a, b) => at(a) - at(b));
}

/** The buys and sells the fills add up to: a buy's token arrives in tokenOut, a sell's leaves in tokenIn. */
export function fillTotals(fills: readonly TradeFill[]): FillTotals {
  const t = { buys: 0, sells: 0, bought: 0, boughtUsd: 0, sold: 0, soldUsd: 0, pricedBought: 0, pricedSold: 0 };
  for (const f of fills) {
    if (f.side === 'buy') {
      const amount = f.tokenOut?.amount ?? null;
      const usd = f.humanUsdAmountIn ?? f.tokenOut?.usd ?? null;
      t.buys += 1;
      t.bought += amount ?? 0;
      t.boughtUsd += usd ?? 0;
      if (amount !== null && usd !== null) t.pricedBought += amount;
    } else if (f.side === 'sell') {
      const amount = f.tokenIn?.amount ?? null;
      const usd = f.tokenIn?.usd ?? f.humanUsdAmountIn ?? null;
      t.sells += 1;
      t.sold += amount ?? 0;
      t.soldUsd += usd ?? 0;
      if (amount !== null && usd !== null) t.pricedSold += amount;
    }
  }
  return {
    buys: t.buys,
    sells: t.sells,
    bought: t.bought,
    boughtUsd: round2(t.boughtUsd),
    sold: t.sold,
    soldUsd: round2(t.soldUsd),
    avgEntryPrice: t.pricedBought > 0 ? sig10(t.boughtUsd / t.pricedBought) : null,
    avgExitPrice: t.pricedSold > 0 ? sig10(t.soldUsd / t.pricedSold) : null,
  };
}

/** The trade endpoint's answer, as Scout shows it. */
export function liveDetail(trade: FomoTrade): TradeDetail {
  const swaps = chronological(trade.swaps.map(liveFill));
  return {
    ...rowFields(trade, swaps),
    source: trade.source ?? 'live',
    trader: { userId: trade.userId, handle: trade.handle },
    liquidityUsd: trade.liquidityUsd,
    thesis: trade.thesis,
    transfers: trade.transfers,
    capturedAt: trade.capturedAt,
  };
}

/**
 * A trade rebuilt from the trader's position row and the fills naming it. The row's own figures
 * stand; where it leaves average prices out, the fills give them. Liquidity, the thesis and the
 * transfer list are not in these answers.
 */
export function assembledDetail(position: FomoPosition, fills: readonly TradeFill[], trader: TraderRef): TradeDetail {
  return {
    ...rowFields(position, chronological(fills)),
    source: 'assembled',
    trader: { userId: trader.userId, handle: trader.handle },
    liquidityUsd: null,
    thesis: null,
    transfers: null,
    capturedAt: null,
  };
}

function rowFields(p: FomoPosition, swaps: TradeFill[]) {
  const { createdAt, ...row } = positionRow(p);
  const totals = fillTotals(swaps);
  const lastFill = swaps.length > 0 ? swaps[swaps.length - 1].at : null;
  return {
    ...row,
    avgEntryPrice: row.avgEntryPrice ?? totals.avgEntryPrice,
    avgExitPrice: row.avgExitPrice ?? totals.avgExitPrice,
    boughtUsd: p.boughtUsd,
    soldUsd: p.soldUsd,
    openedAt: createdAt,
    lastTradeAt: p.lastTradeAt ?? lastFill,
    fills: totals,
    swaps,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const sig10 = (n: number) => Number(n.toPrecision(10));
