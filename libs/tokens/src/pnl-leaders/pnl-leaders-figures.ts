import type { AnalyticsToken, AnalyticsTraderRow } from '@scout/upstream';

/** Rows the analytics API serves at most per /top-traders or /first-buyers answer. */
export const TRADER_ROWS_MAX = 100;

/** A token as the analytics API's /tokens answer names it; every figure null when it does not say. */
export interface AnalyticsTokenHeader {
  /** The token's mint, as asked. */
  mint: string;
  /** The token's name; null when the API does not say or its route failed. */
  name: string | null;
  /** The token's symbol; null when the API does not say or its route failed. */
  symbol: string | null;
  /** Price of the deepest pool, USD. */
  priceUsd: number | null;
  /** The creation transaction's time (ISO), null when the API names no creation. */
  launchedAt: string | null;
  /** Wallet that created the token; null when the API names no creation. */
  deployer: string | null;
}

/** One wallet's PnL on one token (USD), from an analytics trader row; null where the row does not say. */
export interface WalletTokenPnl {
  /** The wallet's address. */
  wallet: string;
  /** USD that went into the token (buys and transfers in). */
  investedUsd: number | null;
  /** USD its sells fetched. */
  takenOutUsd: number | null;
  /** Realized PnL in USD. */
  realizedPnlUsd: number | null;
  /** Unrealized PnL in USD on what it still holds. */
  unrealizedPnlUsd: number | null;
  /** Realized plus unrealized. */
  totalPnlUsd: number | null;
  /** Tokens held now (whole tokens) and their USD value (the row's, else at priceUsd); each null when unknown. */
  holding: {
    /** Tokens held now, in whole tokens (decimals applied); null when the row does not say. */
    amount: number | null;
    /** Their value in USD: the row's current value, else amount × priceUsd; null when neither is known. */
    valueUsd: number | null;
  };
  /** True while it holds any of the token; null when the holding is unknown. */
  stillHolding: boolean | null;
  /** Buy transactions. */
  buys: number | null;
  /** Sell transactions. */
  sells: number | null;
  /** Time of its first buy, ISO 8601 UTC. */
  firstBuyAt: string | null;
  /** Time of its latest transaction, ISO 8601 UTC. */
  lastTradeAt: string | null;
}

const num = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const iso = (ms: number | null | undefined): string | null => (typeof ms === 'number' && Number.isFinite(ms) ? new Date(ms).toISOString() : null);
const round = (v: number, digits: number): number => Math.round(v * 10 ** digits) / 10 ** digits;

/** The token's header; the price is the deepest pool's (by USD liquidity), as a trade would meet it. */
export function tokenHeader(mint: string, token: AnalyticsToken | null): AnalyticsTokenHeader {
  const pool = [...(token?.pools ?? [])].sort((a, b) => (num(b.liquidity?.usd) ?? -1) - (num(a.liquidity?.usd) ?? -1))[0];
  const created = num(token?.token.creation?.created_time);
  return {
    mint,
    name: token?.token.name ?? null,
    symbol: token?.token.symbol ?? null,
    priceUsd: num(pool?.price?.usd),
    // created_time is unix seconds (the API's other instants are milliseconds).
    launchedAt: created === null ? null : iso(created * 1000),
    deployer: token?.token.creation?.creator ?? null,
  };
}

/**
 * A trader row as a wallet's PnL. The total is the row's, else realized + unrealized when both are
 * known; the holding's value is the row's current value, else the holding at `priceUsd`.
 */
export function walletTokenPnl(row: AnalyticsTraderRow, priceUsd: number | null): WalletTokenPnl {
  const realized = num(row.realized);
  const unrealized = num(row.unrealized);
  const amount = num(row.holding);
  const value = num(row.current_value) ?? (amount !== null && priceUsd !== null ? round(amount * priceUsd, 2) : null);
  return {
    wallet: row.wallet,
    investedUsd: num(row.total_invested),
    takenOutUsd: num(row.sold_usd) ?? num(row.total_sold),
    realizedPnlUsd: realized,
    unrealizedPnlUsd: unrealized,
    totalPnlUsd: num(row.total) ?? (realized !== null && unrealized !== null ? round(realized + unrealized, 2) : null),
    holding: { amount, valueUsd: value },
    stillHolding: amount === null ? null : amount > 0,
    buys: num(row.buy_transactions),
    sells: num(row.sell_transactions),
    firstBuyAt: iso(row.first_buy?.time ?? row.first_buy_time),
    lastTradeAt: iso(row.last_transaction_time ?? row.last_trade_time),
  };
}

export interface PnlLeadersSummary {
  /** Wallets the API ranked (at most 100), of which the answer lists `limit`. */
  walletsRanked: number;
  /** Ranked wallets whose total PnL is above zero. */
  walletsInProfit: number;
  /** Ranked wallets whose total PnL is below zero. */
  walletsAtLoss: number;
  /** Sum of the positive total PnLs among the ranked wallets, USD. */
  totalProfitUsd: number;
  /** Sum of the negative total PnLs among the ranked wallets, USD (zero or below). */
  totalLossUsd: number;
  /**
   * The top wallet's total PnL as a share of the profit all ranked wallets in profit made, 0-100:
   * how much of the money made on the token one wallet holds. Null when no ranked wallet is in profit.
   */
  topWalletProfitSharePct: number | null;
  /**
   * True when the ranking was cut at 100 rows with its last row still in profit: wallets beyond the
   * cut may have made money too, so the share is an upper bound. False when every wallet in profit is ranked.
   */
  profitShareIsUpperBound: boolean;
}

/**
 * The summary over the ranked wallets (sorted by total PnL, largest first, as the API serves them).
 * A wallet whose total is unknown counts neither way.
 */
export function pnlLeadersSummary(wallets: readonly WalletTokenPnl[]): PnlLeadersSummary {
  const totals = wallets.map((w) => w.totalPnlUsd).filter((t): t is number => t !== null);
  const profits = totals.filter((t) => t > 0);
  const losses = totals.filter((t) => t < 0);
  const totalProfit = profits.reduce((a, b) => a + b, 0);
  const top = profits.length ? Math.max(...profits) : null;
  const last = wallets.at(-1)?.totalPnlUsd ?? null;
  return {
    walletsRanked: wallets.length,
    walletsInProfit: profits.length,
    walletsAtLoss: losses.length,
    totalProfitUsd: round(totalProfit, 2),
    totalLossUsd: round(
      losses.reduce((a, b) => a + b, 0),
      2,
    ),
    topWalletProfitSharePct: top === null ? null : round((top / totalProfit) * 100, 1),
    profitShareIsUpperBound: top !== null && wallets.length >= TRADER_ROWS_MAX && (last === null || last > 0),
  };
}

/** Wallets by total PnL, largest first; an unknown total last, then by address for a stable order. */
export function byTotalPnl(a: WalletTokenPnl, b: WalletTokenPnl): number {
  const ta = a.totalPnlUsd ?? -Infinity;
  const tb = b.totalPnlUsd ?? -Infinity;
  return tb - ta || (a.wallet < b.wallet ? -1 : a.wallet > b.wallet ? 1 : 0);
}
