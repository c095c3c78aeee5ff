/**
 * The FOMO app feed: every tracked trader's large buys and sells, as `/v2/alerts` and
 * `WSS /ws/alerts` both serve them (one definition, so the socket and the REST ring agree).
 *
 * An event is a fill (buy or sell, not a transfer) whose position is worth at least ALERT_FLOOR_USD
 * after a buy or was worth that before a sell. Its fields never change once it happened: the money
 * caveat of upstreams.md §2.1 holds, `usdValue` is the position's mark after a buy and the signed
 * realized PnL of a sell, `tradeUsd` is the fill's own size.
 *
 * The feed at an instant t is the events at or before t of the positions the traders' books hold
 * at t. A book only changes its set of positions when the UTC day changes (history is kept per day),
 * so the events of one day's books are built once, sorted by time, and every instant of that day
 * reads them by binary search: the ring (the newest RING_SIZE events) and the events between two
 * instants cost a search and a slice. The feed reaches back FEED_DAYS_BACK whole days before the
 * day (the ring spans well under an hour, and readers ask for a day at most), not over the books'
 * whole history.
 */
import { iso } from '../../util';
import { amountAt, cents, positionState } from './accounting';
import type { FomoWorld } from './world';

/** The app feed only carries large events: a position worth at least this after the fill. */
export const ALERT_FLOOR_USD = 3_000;
/** How many events FOMO's feed holds: `/v2/alerts` reads only these, the socket replays them. */
export const ALERT_RING_SIZE = 100;
const DAY_MS = 86_400_000;
/** Days of built events kept (today, and yesterday for a clock moved back across midnight). */
const DAYS_KEPT = 2;
/** Whole days before an instant's UTC day that its feed still holds (`between` reaches no further). */
export const FEED_DAYS_BACK = 2;

/** One feed event in FOMO's wire shape. */
export interface FomoAlertBody {
  eventId: string;
  type: 'buy' | 'sell';
  alertType: 'buy' | 'sell';
  userId: string;
  tradeId: string;
  trader: string;
  token: string;
  tokenAddress: string;
  chain: string;
  chainId: number;
  /** Buy: the position's mark after the fill. Sell: the signed realized PnL of the fill. */
  usdValue: number;
  /** The fill's own size. */
  tradeUsd: number;
  text: string;
  ts: string;
}

export interface FeedEvent {
  at: number;
  body: FomoAlertBody;
}

/** Time order, and event id within one millisecond, so every reader sees one order. */
const byTime = (a: FeedEvent, b: FeedEvent) => a.at - b.at || (a.body.eventId < b.body.eventId ? -1 : a.body.eventId > b.body.eventId ? 1 : 0);

export class FomoAlertFeed {
  private readonly days = new Map<number, FeedEvent[]>();

  constructor(private readonly world: FomoWorld) {}

  /** The newest `ALERT_RING_SIZE` events at t, newest first. */
  ring(t: number): FeedEvent[] {
    const all = this.dayEvents(t);
    const end = upperBound(all, t);
    return all.slice(Math.max(0, end - ALERT_RING_SIZE), end).reverse();
  }

  /** Events with `from < at <= to`, oldest first (as the feed holds them at `to`; FEED_DAYS_BACK at most). */
  between(from: number, to: number): FeedEvent[] {
    if (to <= from) return [];
    const all = this.dayEvents(to);
    return all.slice(upperBound(all, from), upperBound(all, to));
  }

  /** Every event of the books of t's UTC day, future ones included, oldest first. */
  private dayEvents(t: number): FeedEvent[] {
    const day = Math.floor(t / DAY_MS);
    let events = this.days.get(day);
    if (!events) {
      events = this.build(day);
      if (this.days.size >= DAYS_KEPT) this.days.delete(this.days.keys().next().value as number);
      this.days.set(day, events);
    }
    return events;
  }

  private build(day: number): FeedEvent[] {
    const { world } = this;
    // The books at the day's last instant hold every position any instant of that day sees.
    const endOfDay = (day + 1) * DAY_MS - 1;
    const from = (day - FEED_DAYS_BACK) * DAY_MS;
    const out: FeedEvent[] = [];
    for (const u of world.population.traders) {
      for (const p of world.positions(u, endOfDay)) {
        p.events.forEach((e, i) => {
          if ((e.kind !== 'buy' && e.kind !== 'sell') || e.at < from) return;
          const price = world.market.price(p.token.asset, e.at) ?? 0;
          const before = positionState(p.events.slice(0, i), e.at);
          const mark = amountAt(p.events, e.at) * price;
          // Large events only: what the position is worth after a buy, or was worth before a sell.
          if ((e.kind === 'buy' ? mark : before.amount * price) < ALERT_FLOOR_USD) return;
          const usdValue = e.kind === 'buy' ? cents(mark) : cents(positionState(p.events.slice(0, i + 1), e.at).realizedPnlUsd - before.realizedPnlUsd);
          out.push({
            at: e.at,
            body: {
              eventId: `${p.tradeId}:${e.seq}`,
              type: e.kind,
              alertType: e.kind,
              userId: u.userId,
              tradeId: p.tradeId,
              trader: u.handle,
              token: p.token.symbol,
              tokenAddress: p.token.address,
              chain: p.chain.slug,
              chainId: p.chain.networkId,
              usdValue,
              tradeUsd: e.usd,
              text: `${u.handle} ${e.kind === 'buy' ? 'bought' : 'sold'} $${cents(e.usd)} of ${p.token.symbol}`,
              ts: iso(e.at),
            },
          });
        });
      }
    }
    return out.sort(byTime);
  }
}

/** Index of the first event later than t. */
function upperBound(events: readonly FeedEvent[], t: number): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (events[mid].at <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
