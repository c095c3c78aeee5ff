/**
 * Hot coins: what makes the app feed move as the real one does. Every hour a few coins draw a
 * cluster of tracked traders (the real feed showed 19 of them buying one coin within the hour):
 * the first buys, others follow over the next 20 to 55 minutes, and each holds a while and sells,
 * as a pump is traded. With the traders' everyday positions (activity.ts) the feed carries about
 * two events a minute.
 *
 * A run is a pure function of (market seed, UTC day, ordinal): its coin, its first instant and who
 * joins it when. Each seat is a REAL position in that trader's plan for the day (activity.ts asks
 * `seatsOf`), so positions, swaps, balances, PnL, holders, alerts and the market's tracked flow all
 * read the same fills. Only a trader whose account exists then takes a seat, only a coin that
 * exists then runs.
 */
import type { SandboxMarket, Token } from '../../market';
import { hash32, hashString, mulberry32, round } from '../../prng';
import type { PositionEvent } from './accounting';
import { FOMO_CHAINS, type FomoChain, type FomoPosition, type QuoteToken } from './types';
import { derivedId, type FomoPopulation, type FomoUser } from './population';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MIN_MS = 60_000;
/** Runs starting in one hour: between these (inclusive). */
export const RUNS_PER_HOUR = { min: 3, max: 6 } as const;
/** Traders in one run: at least MIN, and a heavy tail up to MIN + SPREAD. */
export const RUN_TRADERS = { min: 3, spread: 18 } as const;
/** Slots of run positions in a day's plan: above the everyday slots, below the launch slots. */
export const RUN_SLOT_BASE = 1_000;
/** Share of runs on Solana (the rest on the EVM chains), and of Solana runs on a launchpad coin. */
const SOLANA_SHARE = 0.75;
const LAUNCHPAD_SHARE = 0.5;
/** Days of runs memoised (the kept history, and a little room for a clock moved about). */
const DAYS_KEPT = 120;

export interface RunSeat {
  user: number;
  /** The trader's first buy, ms. */
  at: number;
}

export interface Run {
  day: number;
  /** Ordinal of the run in its day: its positions' slot is RUN_SLOT_BASE + ordinal. */
  ordinal: number;
  token: Token;
  chain: FomoChain;
  /** The first buy, ms. */
  at: number;
  /** Who bought when, first buy first (one seat per trader). */
  seats: RunSeat[];
}

interface RunDay {
  runs: Run[];
  byUser: Map<number, { run: Run; seat: RunSeat }[]>;
}

export class RunBook {
  private readonly days = new Map<number, RunDay>();

  constructor(
    private readonly market: SandboxMarket,
    private readonly population: FomoPopulation,
    private readonly tradable: (chain: FomoChain) => readonly Token[],
  ) {}

  /** The runs whose first buy falls on a UTC day, in time order. */
  runs(day: number): readonly Run[] {
    return this.day(day).runs;
  }

  /** The seats a trader takes in the runs of a UTC day. */
  seatsOf(u: FomoUser, day: number): readonly { run: Run; seat: RunSeat }[] {
    return this.day(day).byUser.get(u.index) ?? [];
  }

  private day(day: number): RunDay {
    let d = this.days.get(day);
    if (!d) {
      if (this.days.size >= DAYS_KEPT) this.days.delete(this.days.keys().next().value as number);
      this.days.set(day, (d = this.plan(day)));
    }
    return d;
  }

  private plan(day: number): RunDay {
    const rand = mulberry32(hash32(this.market.seed, hashString('fomo:runs'), day));
    const runs: Run[] = [];
    let ordinal = 0;
    for (let h = 0; h < 24; h++) {
      const n = RUNS_PER_HOUR.min + Math.floor(rand() * (RUNS_PER_HOUR.max - RUNS_PER_HOUR.min + 1));
      for (let i = 0; i < n; i++, ordinal++) {
        const at = day * DAY_MS + h * HOUR_MS + Math.floor(rand() * HOUR_MS);
        // A run whose coin did not exist yet, or that nobody could join, leaves its ordinal unused.
        const run = this.planRun(day, ordinal, at, mulberry32(hash32(this.market.seed, hashString('fomo:run'), day, ordinal)));
        if (run) runs.push(run);
      }
    }
    runs.sort((a, b) => a.at - b.at || a.ordinal - b.ordinal);
    const byUser = new Map<number, { run: Run; seat: RunSeat }[]>();
    for (const run of runs) {
      for (const seat of run.seats) {
        let list = byUser.get(seat.user);
        if (!list) byUser.set(seat.user, (list = []));
        list.push({ run, seat });
      }
    }
    return { runs, byUser };
  }

  private planRun(day: number, ordinal: number, at: number, rand: () => number): Run | null {
    const chain = rand() < SOLANA_SHARE ? FOMO_CHAINS[0] : FOMO_CHAINS[1 + Math.floor(rand() * (FOMO_CHAINS.length - 1))];
    const existing = this.tradable(chain).filter((t) => Date.parse(t.createdAt) <= at);
    const launched = existing.filter((t) => t.launchpad !== null);
    const pool = launched.length && rand() < LAUNCHPAD_SHARE ? launched : existing;
    if (!pool.length) return null;
    const token = pool[Math.floor(rand() * pool.length)];
    if (!((this.market.price(token.asset, at) ?? 0) > 0)) return null;
    const want = RUN_TRADERS.min + Math.floor(rand() ** 2.2 * (RUN_TRADERS.spread + 1));
    const spreadMs = 20 * MIN_MS + Math.floor(rand() * 35 * MIN_MS);
    const traders = this.population.traders;
    const taken = new Set<number>();
    const seats: RunSeat[] = [];
    for (let tries = 0; seats.length < want && tries < want * 30; tries++) {
      const u = traders[Math.floor(rand() * traders.length)];
      const seatAt = seats.length === 0 ? at : at + Math.floor(rand() * spreadMs);
      // Larger traders join runs more often (the feed shows large fills); only existing accounts.
      if (taken.has(u.index) || u.createdAt > seatAt || rand() >= Math.min(1, u.style.sizeUsd / 4_000)) continue;
      taken.add(u.index);
      seats.push({ user: u.index, at: seatAt });
    }
    if (!seats.length) return null;
    seats.sort((a, b) => a.at - b.at || a.user - b.user);
    return { day, ordinal, token, chain, at: seats[0].at, seats };
  }
}

/**
 * A run seat as a position: one to three buys over the first half hour, then (unless kept as a bag)
 * one or two sells after a hold of 10 minutes to about 16 hours, the last selling everything left.
 */
export function runPosition(market: SandboxMarket, u: FomoUser, run: Run, seat: RunSeat, quote: QuoteToken, rand: () => number): FomoPosition | null {
  const { token } = run;
  const price = (t: number) => market.price(token.asset, t) ?? 0;
  const t0 = seat.at;
  if (price(t0) <= 0) return null;
  const size = u.style.sizeUsd * Math.exp((rand() - 0.3) * 1.2);
  const buys = 1 + (rand() < 0.4 ? 1 : 0) + (rand() < 0.15 ? 1 : 0);
  const events: PositionEvent[] = [];
  for (let i = 0; i < buys; i++) {
    const at = i === 0 ? t0 : t0 + MIN_MS + Math.floor(rand() * 30 * MIN_MS);
    const usd = round(size * (i === 0 ? 0.5 + rand() * 0.5 : 0.2 + rand() * 0.5), 2);
    events.push({ kind: 'buy', at, amount: usd / price(at), usd, seq: 0 });
  }
  events.sort((x, y) => x.at - y.at);
  let held = events.reduce((a, e) => a + e.amount, 0);
  const bag = rand() < 0.01;
  const holdMs = Math.max(10 * MIN_MS, HOUR_MS * 10 ** (-0.8 + rand() * 2));
  const sells = bag ? (rand() < 0.3 ? 1 : 0) : 1 + (rand() < 0.45 ? 1 : 0);
  const sellTimes = Array.from({ length: sells }, () => Math.floor(t0 + holdMs * (0.4 + rand() * 0.6))).sort((x, y) => x - y);
  const lastBuy = events[events.length - 1].at;
  for (let i = 0; i < sellTimes.length; i++) {
    const at = Math.max(sellTimes[i], lastBuy + MIN_MS) + i;
    const final = !bag && i === sellTimes.length - 1;
    const amount = final ? held : held * (0.3 + rand() * 0.4);
    held -= amount;
    events.push({ kind: 'sell', at, amount, usd: round(amount * price(at), 2), seq: 0 });
  }
  events.sort((x, y) => x.at - y.at);
  events.forEach((e, i) => (e.seq = i));
  const thesis =
    rand() < 0.02 ? { at: t0 + Math.floor(rand() * 15 * MIN_MS), likesMax: Math.floor(rand() ** 2 * 400), topic: Math.floor(rand() * 1000) } : null;
  const slot = RUN_SLOT_BASE + run.ordinal;
  return {
    user: u.index,
    day: run.day,
    slot,
    tradeId: derivedId(market.seed, 'fomo:trade', u.index, run.day, slot),
    token,
    chain: run.chain,
    quote,
    events: events.slice(), // exact length (a pushed-to array keeps spare room)
    thesis,
    role: null,
  };
}
