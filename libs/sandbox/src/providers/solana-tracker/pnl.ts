/**
 * Solana Tracker's PnL shapes from fills: one wallet's figures on one coin (PnLData, and the
 * first-buyer / top-trader row that adds the first buy), and a wallet's summary over its coins.
 * The arithmetic is the FOMO stand-in's (accounting.ts, average cost), position by position, each
 * USD figure rounded to cents before it is summed: a tracked wallet's figures on a coin are the
 * sums of that trader's FOMO positions on it as FOMO's own rows show them.
 *
 * Field meanings (the sandbox's reading of the documented names): `holding` tokens held now,
 * `held` tokens ever received, `sold` tokens sold, `realized`/`unrealized`/`total` USD PnL,
 * `total_invested` USD that went in (buys and transfers in), `total_sold` and `sold_usd` USD the
 * sells fetched, `average_buy_amount` USD per buy, `average_sell_amount` USD per sell,
 * `current_value` holding × price now, `cost_basis` USD per token held (average cost), times in ms.
 */
import { positionState, unrealizedPnl, type PositionEvent, type PositionState } from '../fomo/accounting';

const cents = (x: number) => Math.round(x * 100) / 100;

export interface Fills {
  events: readonly PositionEvent[];
  /** The transaction signature of a fill. */
  signature: (e: PositionEvent) => string;
}

export interface PnlRow {
  holding: number;
  held: number;
  sold: number;
  sold_usd: number;
  realized: number;
  unrealized: number;
  total: number;
  total_sold: number;
  total_invested: number;
  average_buy_amount: number;
  average_sell_amount: number;
  current_value: number;
  cost_basis: number;
  first_buy_time: number | null;
  last_buy_time: number | null;
  last_sell_time: number | null;
  last_trade_time: number | null;
  buy_transactions: number;
  sell_transactions: number;
  total_transactions: number;
}

export interface FirstBuy {
  signature: string;
  amount: number;
  volume_usd: number;
  time: number;
}

export interface CoinPnl {
  row: PnlRow;
  firstBuy: FirstBuy | null;
  firstSellAt: number | null;
}

/** One wallet's figures on one coin at t, from its positions on it (null when none has a fill by t). */
export function coinPnl(positions: readonly Fills[], price: number | null, t: number): CoinPnl | null {
  const row: PnlRow = {
    holding: 0,
    held: 0,
    sold: 0,
    sold_usd: 0,
    realized: 0,
    unrealized: 0,
    total: 0,
    total_sold: 0,
    total_invested: 0,
    average_buy_amount: 0,
    average_sell_amount: 0,
    current_value: 0,
    cost_basis: 0,
    first_buy_time: null,
    last_buy_time: null,
    last_sell_time: null,
    last_trade_time: null,
    buy_transactions: 0,
    sell_transactions: 0,
    total_transactions: 0,
  };
  let firstBuy: FirstBuy | null = null;
  let firstSellAt: number | null = null;
  let openCost = 0;
  let boughtUsd = 0;
  let any = false;
  for (const p of positions) {
    const s: PositionState = positionState(p.events, t);
    if (s.eventCount === 0) continue;
    any = true;
    row.holding += s.amount;
    row.held += s.boughtAmount + s.transferredIn;
    row.sold += s.soldAmount;
    row.sold_usd += cents(s.soldUsd);
    row.realized += cents(s.realizedPnlUsd);
    row.unrealized += cents(unrealizedPnl(s, price));
    row.total_invested += cents(s.investedUsd);
    openCost += s.openCostUsd;
    boughtUsd += s.boughtUsd;
    for (const e of p.events) {
      if (e.at > t) break;
      row.last_trade_time = Math.max(row.last_trade_time ?? 0, e.at);
      if (e.kind === 'buy') {
        row.buy_transactions++;
        row.last_buy_time = Math.max(row.last_buy_time ?? 0, e.at);
        if (!firstBuy || e.at < firstBuy.time) firstBuy = { signature: p.signature(e), amount: e.amount, volume_usd: cents(e.usd), time: e.at };
      } else if (e.kind === 'sell') {
        row.sell_transactions++;
        row.last_sell_time = Math.max(row.last_sell_time ?? 0, e.at);
        firstSellAt = Math.min(firstSellAt ?? e.at, e.at);
      }
    }
  }
  if (!any) return null;
  row.sold_usd = cents(row.sold_usd);
  row.total_sold = row.sold_usd;
  row.realized = cents(row.realized);
  row.unrealized = cents(row.unrealized);
  row.total = cents(row.realized + row.unrealized);
  row.total_invested = cents(row.total_invested);
  row.total_transactions = row.buy_transactions + row.sell_transactions;
  row.average_buy_amount = row.buy_transactions ? cents(boughtUsd / row.buy_transactions) : 0;
  row.average_sell_amount = row.sell_transactions ? cents(row.sold_usd / row.sell_transactions) : 0;
  row.current_value = cents(row.holding * (price ?? 0));
  row.cost_basis = row.holding > 0 ? openCost / row.holding : 0;
  row.first_buy_time = firstBuy?.time ?? null;
  return { row, firstBuy, firstSellAt };
}

/** A first-buyer or top-trader row: the coin figures with the wallet and its first buy up front. */
export function traderRow(wallet: string, pnl: CoinPnl & { firstBuy: FirstBuy }) {
  return {
    wallet,
    ...pnl.row,
    first_buy_time: pnl.firstBuy.time,
    first_buy: pnl.firstBuy,
    first_sell_time: pnl.firstSellAt,
    last_transaction_time: pnl.row.last_trade_time,
  };
}

/** Summary over a wallet's coins (Solana Tracker's `summary` of `/pnl/{wallet}`). */
export function summary(rows: readonly PnlRow[]) {
  let realized = 0;
  let unrealized = 0;
  let invested = 0;
  let buys = 0;
  let boughtUsd = 0;
  let wins = 0;
  let losses = 0;
  for (const r of rows) {
    realized += r.realized;
    unrealized += r.unrealized;
    invested += r.total_invested;
    buys += r.buy_transactions;
    boughtUsd += r.average_buy_amount * r.buy_transactions;
    if (r.total > 0) wins++;
    else if (r.total < 0) losses++;
  }
  const n = rows.length;
  const pct = (k: number) => (n ? Math.round((k / n) * 10_000) / 100 : 0);
  return {
    realized: cents(realized),
    unrealized: cents(unrealized),
    total: cents(cents(realized) + cents(unrealized)),
    totalInvested: cents(invested),
    averageBuyAmount: buys ? cents(boughtUsd / buys) : 0,
    totalWins: wins,
    totalLosses: losses,
    winPercentage: pct(wins),
    lossPercentage: pct(losses),
    neutralPercentage: n ? Math.round((100 - pct(wins) - pct(losses)) * 100) / 100 : 0,
  };
}
