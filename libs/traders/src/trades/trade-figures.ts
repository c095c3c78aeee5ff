import type { FomoPosition, FomoSwap, FomoTrade } from '@scout/upstream';
import type { PositionThesis } from '../fomo-views';
import { positionRow, type PositionRow } from '../activity/position-figures';
import type { TraderRef } from '../trader-resolver';

/** One side of a fill: what left or entered the wallet. */
export interface FillLeg {
  /** The token's contract address (mint on Solana). */
  address: string;
  /** The token's ticker symbol; null when FOMO does not say. */
  symbol: string | null;
  /** Amount in whole tokens (decimals applied); null when FOMO does not say. */
  amount: number | null;
  /** The leg's value in USD at the fill; null when FOMO does not say. */
  usd: number | null;
}

/** One buy or sell of the position's token. */
export interface TradeFill {
  /** FOMO's id of the fill; null when FOMO does not say. */
  swapId: string | null;
  /** 'buy' or 'sell' of the position's token; null when it cannot be told. */
  side: 'buy' | 'sell' | null;
  /** The token given (what left the wallet); null when FOMO does not say. */
  tokenIn: FillLeg | null;
  /** The token received (what entered the wallet); null when FOMO does not say. */
  tokenOut: FillLeg | null;
  /** The fill's true USD size (a buy's cost, a sell's proceeds). */
  humanUsdAmountIn: number | null;
  /** The token's price at the fill, USD per token; null when FOMO does not say. */
  priceUsd: number | null;
  /** The fill's transaction hash (signature on Solana); null when FOMO does not say. */
  txHash: string | null;
  /** When the fill happened, ISO 8601 UTC time; null when FOMO does not say. */
  at: string | null;
}

export interface TradeTransfer {
  /** FOMO's id of the transfer; null when FOMO does not say. */
  transferId: string | null;
  /** 'in' or 'out' of the trader's wallet; null when FOMO does not say. */
  direction: string | null;
  /** The transferred token's contract address; null when FOMO does not say. */
  tokenAddress: string | null;
  /** The sending wallet address; null when FOMO does not say. */
  from: string | null;
  /** The receiving wallet address; null when FOMO does not say. */
  to: string | null;
  /** Amount in whole tokens (decimals applied); null when FOMO does not say. */
  amount: number | null;
  /** The transfer's value in USD; null when FOMO does not say. */
  usd: number | null;
  /** The transfer's transaction hash (signature on Solana); null when FOMO does not say. */
  txHash: string | null;
  /** When the transfer happened, ISO 8601 UTC time; null when FOMO does not say. */
  at: string | null;
}

/** What the fills add up to: the position's buys and sells as the fills tell them. */
export interface FillTotals {
  /** Buy fills counted. */
  buys: number;
  /** Sell fills counted. */
  sells: number;
  /** Tokens bought over the buy fills, in whole tokens. */
  bought: number;
  /** USD spent over the buy fills, rounded to cents. */
  boughtUsd: number;
  /** Tokens sold over the sell fills, in whole tokens. */
  sold: number;
  /** USD received over the sell fills, rounded to cents. */
  soldUsd: number;
  /** Σ buy USD / Σ bought; null without a priced buy. */
  avgEntryPrice: number | null;
  /** Σ sell USD / Σ sold; null without a priced sell. */
  avgExitPrice: number | null;
}

export interface TradeDetail extends Omit<PositionRow, 'createdAt'> {
  /** live: the provider's trade endpoint; assembled: the trader's positions and swaps (see notes). */
  source: string;
  /** The trade's trader: FOMO user id and handle, each null when not known. */
  trader: {
    /** The trader's FOMO user id; null when not known. */
    userId: string | null;
    /** The trader's FOMO handle; null when not known. */
    handle: string | null;
  };
  /** USD spent buying the position's token; null when FOMO does not say. */
  boughtUsd: number | null;
  /** USD received selling the position's token; null when FOMO does not say. */
  soldUsd: number | null;
  /** The token's liquidity in USD (live only); null when assembled or FOMO does not say. */
  liquidityUsd: number | null;
  /** The trader's thesis on the trade, with its likes (live only); null when there is none or assembled. */
  thesis: PositionThesis | null;
  /** When the position opened, ISO 8601 UTC time; null when FOMO does not say. */
  openedAt: string | null;
  /** The position's last fill, ISO 8601 UTC time; null when neither FOMO nor the fills say. */
  lastTradeAt: string | null;
  /** What the fills add up to: buy and sell counts, whole tokens, USD and average prices. */
  fills: FillTotals;
  /** Oldest first. */
  swaps: TradeFill[];
  /** Null when not known (an assembled answer: positions and swaps do not list transfers). */
  transfers: TradeTransfer[] | null;
  /** When FOMO captured the trade, ISO 8601 UTC time; null when assembled or FOMO does not say. */
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

/** What a live and an assembled trade share: the position row's fields and what its fills add up to. */
function rowFields(p: FomoPosition, swaps: TradeFill[]): Omit<TradeDetail, 'source' | 'trader' | 'liquidityUsd' | 'thesis' | 'transfers' | 'capturedAt'> {
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
