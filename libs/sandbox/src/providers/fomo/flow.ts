/**
 * The tracked traders' swaps as the market sees them: every buy and sell of the positions the
 * traders' books hold at the clock, by token, in time order. The market's volume (market.ts
 * `trackedFlow`) adds them to the rest of the market's, so a candle, a token's windowed buy and
 * sell volume, the token board, Jupiter and DexScreener never show less volume than tracked traders
 * swapped, and the app feed (alerts.ts, a subset of these swaps) never outweighs them.
 *
 * Like the feed, the swaps of one UTC day's books are gathered once and read by binary search.
 */
import type { Token, TrackedFlow } from '../../market';
import type { FomoUser } from './population';
import type { FomoPosition } from './types';

const DAY_MS = 86_400_000;
/** Days of gathered swaps kept (today, and yesterday for a clock moved back across midnight). */
const DAYS_KEPT = 2;

/** One token's swaps, time order: instant, side, USD and trader, column by column. */
interface TokenSwaps {
  at: number[];
  buy: boolean[];
  usd: number[];
  user: number[];
}

/** What the index reads: every tracked trader, and their positions at an instant (the FomoWorld). */
export interface TradersBooks {
  readonly population: { readonly traders: readonly FomoUser[] };
  positions(u: FomoUser, t: number): FomoPosition[];
}

export class TrackedSwaps {
  private readonly days = new Map<number, Map<Token, TokenSwaps>>();

  constructor(private readonly world: TradersBooks) {}

  /** Tracked swaps of `token` with `from < at <= to`, as the books at `t` hold them (none after t). */
  window(token: Token, from: number, to: number, t: number): TrackedFlow {
    const s = this.dayIndex(t).get(token);
    const end = Math.min(to, t);
    const flow: TrackedFlow = { buyUsd: 0, sellUsd: 0, buys: 0, sells: 0, buyers: 0, sellers: 0 };
    if (!s || end <= from) return flow;
    const buyers = new Set<number>();
    const sellers = new Set<number>();
    for (let i = upperBound(s.at, from), n = upperBound(s.at, end); i < n; i++) {
      if (s.buy[i]) {
        flow.buyUsd += s.usd[i];
        flow.buys++;
        buyers.add(s.user[i]);
      } else {
        flow.sellUsd += s.usd[i];
        flow.sells++;
        sellers.add(s.user[i]);
      }
    }
    flow.buyers = buyers.size;
    flow.sellers = sellers.size;
    return flow;
  }

  private dayIndex(t: number): Map<Token, TokenSwaps> {
    const day = Math.floor(t / DAY_MS);
    let index = this.days.get(day);
    if (!index) {
      index = this.build(day);
      if (this.days.size >= DAYS_KEPT) this.days.delete(this.days.keys().next().value as number);
      this.days.set(day, index);
    }
    return index;
  }

  private build(day: number): Map<Token, TokenSwaps> {
    const { world } = this;
    // The books at the day's last instant hold every position any instant of that day sees.
    const endOfDay = (day + 1) * DAY_MS - 1;
    const rows = new Map<Token, { at: number; buy: boolean; usd: number; user: number }[]>();
    for (const u of world.population.traders) {
      for (const p of world.positions(u, endOfDay)) {
        let list = rows.get(p.token);
        for (const e of p.events) {
          if (e.kind !== 'buy' && e.kind !== 'sell') continue;
          if (!list) rows.set(p.token, (list = []));
          list.push({ at: e.at, buy: e.kind === 'buy', usd: e.usd, user: u.index });
        }
      }
    }
    const index = new Map<Token, TokenSwaps>();
    for (const [token, list] of rows) {
      list.sort((a, b) => a.at - b.at || a.user - b.user);
      index.set(token, { at: list.map((r) => r.at), buy: list.map((r) => r.buy), usd: list.map((r) => r.usd), user: list.map((r) => r.user) });
    }
    return index;
  }
}

/** Index of the first instant later than t. */
function upperBound(at: readonly number[], t: number): number {
  let lo = 0;
  let hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
