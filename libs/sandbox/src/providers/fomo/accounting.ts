/**
 * The arithmetic every FOMO answer shares: what a position is worth, what it made, and how much of
 * that falls inside a window. The leaderboard, profiles, positions, balances, spotlight and trade
 * detail all call these functions on the same fills, so their numbers agree by construction.
 *
 * A position is a list of events on one token, in time order:
 *   buy / transferIn    tokens come in; `usd` is what they cost (a transfer in is valued at the
 *                       market price of that instant: a received token has a cost basis too)
 *   sell / transferOut  tokens go out; `usd` is what they fetched (a transfer out likewise)
 * Average cost: an outgoing event removes `avgCost × amount` of cost basis and realizes
 * `usd − avgCost × amount`. So, for any position at any instant,
 *   realized + unrealized = value now + Σ out usd − Σ in usd.
 *
 * PnL in a window (start, end] (the leaderboard's `pnlUsd` for 24h, 7d, 30d; `all` starts before
 * the first event): mark-to-market,
 *   value(end) − value(start) + Σ out usd in the window − Σ in usd in the window,
 * where value(t) = tokens held just after t × market price at t. Windows add up: the PnL of
 * (a, c] is the PnL of (a, b] plus that of (b, c]; for `all` it is realized + unrealized.
 */

export type EventKind = 'buy' | 'sell' | 'transferIn' | 'transferOut';

export interface PositionEvent {
  kind: EventKind;
  /** ms since epoch */
  at: number;
  /** Tokens moved (human units, > 0). */
  amount: number;
  /** USD of the tokens moved at that instant (cents). */
  usd: number;
  /** Ordinal of the event inside its position (stable across time). */
  seq: number;
}

export const isIncoming = (k: EventKind): boolean => k === 'buy' || k === 'transferIn';

export interface PositionState {
  /** Tokens held after the last event at or before the instant. */
  amount: number;
  /** Cost basis of the tokens held (average cost). */
  openCostUsd: number;
  realizedPnlUsd: number;
  /** Σ usd of incoming events (what went in, buys and transfers in). */
  investedUsd: number;
  boughtAmount: number;
  boughtUsd: number;
  soldAmount: number;
  soldUsd: number;
  transferredIn: number;
  transferredOut: number;
  swapCount: number;
  eventCount: number;
  firstAt: number | null;
  lastAt: number | null;
  /** When the amount fell to zero after an outgoing event (null while tokens are held). */
  closedAt: number | null;
}

/** What is left after an outgoing event, below this share of the amount moved, is float dust: closed. */
const DUST = 1e-9;

/** State of a position from its events with `at <= t` (events must be in time order). */
export function positionState(events: readonly PositionEvent[], t: number): PositionState {
  const s: PositionState = {
    amount: 0,
    openCostUsd: 0,
    realizedPnlUsd: 0,
    investedUsd: 0,
    boughtAmount: 0,
    boughtUsd: 0,
    soldAmount: 0,
    soldUsd: 0,
    transferredIn: 0,
    transferredOut: 0,
    swapCount: 0,
    eventCount: 0,
    firstAt: null,
    lastAt: null,
    closedAt: null,
  };
  for (const e of events) {
    if (e.at > t) break;
    s.eventCount++;
    s.firstAt ??= e.at;
    s.lastAt = e.at;
    if (e.kind === 'buy' || e.kind === 'sell') s.swapCount++;
    if (isIncoming(e.kind)) {
      s.amount += e.amount;
      s.openCostUsd += e.usd;
      s.investedUsd += e.usd;
      if (e.kind === 'buy') {
        s.boughtAmount += e.amount;
        s.boughtUsd += e.usd;
      } else s.transferredIn += e.amount;
      s.closedAt = null;
      continue;
    }
    const avg = s.amount > 0 ? s.openCostUsd / s.amount : 0;
    const amount = Math.min(e.amount, s.amount);
    const removed = avg * amount;
    s.realizedPnlUsd += e.usd - removed;
    s.openCostUsd -= removed;
    s.amount -= amount;
    if (e.kind === 'sell') {
      s.soldAmount += amount;
      s.soldUsd += e.usd;
    } else s.transferredOut += amount;
    if (s.amount <= DUST * e.amount) {
      s.amount = 0;
      s.openCostUsd = 0;
      s.closedAt = e.at;
    }
  }
  return s;
}

/** Average buy price (null when nothing was bought: tokens were only received). */
export function avgEntryPrice(s: PositionState): number | null {
  return s.boughtAmount > 0 ? s.boughtUsd / s.boughtAmount : null;
}

/** Average sell price (null when nothing was sold). */
export function avgExitPrice(s: PositionState): number | null {
  return s.soldAmount > 0 ? s.soldUsd / s.soldAmount : null;
}

/** Unrealized PnL of the tokens held at `price` (0 when nothing is held; null price counts as 0). */
export function unrealizedPnl(s: PositionState, price: number | null): number {
  if (s.amount === 0) return 0;
  return s.amount * (price ?? 0) - s.openCostUsd;
}

/** Tokens held just after instant t. */
export function amountAt(events: readonly PositionEvent[], t: number): number {
  let amount = 0;
  for (const e of events) {
    if (e.at > t) break;
    if (isIncoming(e.kind)) amount += e.amount;
    else if ((amount = Math.max(0, amount - e.amount)) <= DUST * e.amount) amount = 0;
  }
  return amount;
}

/**
 * Mark-to-market PnL of one position over (start, end]: value(end) − value(start) + out − in.
 * `priceAt` gives the token's USD price at an instant (null = unpriced, counted as 0).
 */
export function windowPnl(events: readonly PositionEvent[], start: number, end: number, priceAt: (t: number) => number | null): number {
  let flows = 0;
  for (const e of events) {
    if (e.at > end) break;
    if (e.at <= start) continue;
    flows += isIncoming(e.kind) ? -e.usd : e.usd;
  }
  const heldEnd = amountAt(events, end);
  const heldStart = amountAt(events, start);
  const vEnd = heldEnd ? heldEnd * (priceAt(end) ?? 0) : 0;
  const vStart = heldStart ? heldStart * (priceAt(start) ?? 0) : 0;
  return vEnd - vStart + flows;
}

/** USD traded by swaps (buys and sells; transfers are not volume) in (start, end], and their count. */
export function windowVolume(events: readonly PositionEvent[], start: number, end: number): { volumeUsd: number; swaps: number } {
  let volumeUsd = 0;
  let swaps = 0;
  for (const e of events) {
    if (e.at > end) break;
    if (e.at <= start || (e.kind !== 'buy' && e.kind !== 'sell')) continue;
    volumeUsd += e.usd;
    swaps++;
  }
  return { volumeUsd, swaps };
}

/** Round to cents (every USD figure on the wire). */
export function cents(x: number): number {
  return Math.round(x * 100) / 100;
}
