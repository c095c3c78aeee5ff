/**
 * The FOMO world at an instant: the population, their activity on the market, and the figures every
 * route reads (per-trader window PnL, volume, trades, holdings). Every figure is computed from the
 * same positions with accounting.ts, so the leaderboard, profiles, positions, balances and trades
 * agree. Per-instant results are memoised for a handful of instants (a fixed test clock, or
 * requests landing in the same millisecond), never more.
 */
import type { SandboxMarket, Token } from '../../market';
import { positionState, unrealizedPnl, windowPnl, windowVolume, type PositionState } from './accounting';
import { TraderActivity } from './activity';
import { TrackedSwaps } from './flow';
import type { FomoPosition } from './types';
import { FomoPopulation, type FomoUser } from './population';

export type FomoWindow = '24h' | '7d' | '30d' | 'all';
export const WINDOWS: readonly FomoWindow[] = ['24h', '7d', '30d', 'all'];
const WINDOW_MS: Record<FomoWindow, number> = { '24h': 86_400_000, '7d': 7 * 86_400_000, '30d': 30 * 86_400_000, all: Number.POSITIVE_INFINITY };

export interface WindowFigures {
  pnlUsd: number;
  volumeUsd: number;
  /** Swaps (buys and sells) in the window. */
  trades: number;
}

export interface TraderStats {
  user: FomoUser;
  windows: Record<FomoWindow, WindowFigures>;
  /** Positions still holding tokens. */
  holdings: number;
  positionCount: number;
  swapCount: number;
  /** Mean time from first to last event of closed positions, seconds (null with none closed). */
  averageHoldTimeSeconds: number | null;
  /** Open positions by value, largest first. */
  open: PositionFigures[];
}

export interface PositionFigures {
  position: FomoPosition;
  state: PositionState;
  price: number | null;
  valueUsd: number;
  unrealizedPnlUsd: number;
}

/** Memoised market prices at a few instants (the same token is priced many times per answer). */
export class PriceBook {
  private readonly memo = new Map<string, number | null>();
  constructor(private readonly market: SandboxMarket) {}
  at(token: Token, t: number): number | null {
    const k = `${token.asset.id}@${t}`;
    let v = this.memo.get(k);
    if (v === undefined) {
      v = this.market.price(token.asset, t);
      this.memo.set(k, v);
    }
    return v;
  }
}

export class FomoWorld {
  readonly population: FomoPopulation;
  readonly activity: TraderActivity;
  /** Every tracked swap by token, as the market's volume reads them (flow.ts). */
  readonly swaps: TrackedSwaps;
  private statsMemo = new Map<number, Map<number, TraderStats>>();

  constructor(readonly market: SandboxMarket) {
    this.population = new FomoPopulation();
    this.activity = new TraderActivity(market, this.population);
    this.swaps = new TrackedSwaps(this);
  }

  now(): number {
    return this.market.nowMs();
  }

  /** A user by handle (any case, optional @) or by user id. */
  resolve(handleOrId: string): FomoUser | undefined {
    return this.population.byUserId(handleOrId) ?? this.population.byHandleName(handleOrId);
  }

  positions(u: FomoUser, t: number): FomoPosition[] {
    return this.activity.positions(u, t);
  }

  figures(p: FomoPosition, t: number, prices: PriceBook): PositionFigures {
    const state = positionState(p.events, t);
    const price = prices.at(p.token, t);
    return { position: p, state, price, valueUsd: state.amount * (price ?? 0), unrealizedPnlUsd: unrealizedPnl(state, price) };
  }

  /** Window figures and holdings of one user at t (lurkers: zeros). */
  stats(u: FomoUser, t: number): TraderStats {
    let byUser = this.statsMemo.get(t);
    if (!byUser) {
      if (this.statsMemo.size >= 4) this.statsMemo.delete(this.statsMemo.keys().next().value as number);
      this.statsMemo.set(t, (byUser = new Map<number, TraderStats>()));
    }
    const hit = byUser.get(u.index);
    if (hit) return hit;
    const prices = new PriceBook(this.market);
    const windows = {} as Record<FomoWindow, WindowFigures>;
    for (const w of WINDOWS) windows[w] = { pnlUsd: 0, volumeUsd: 0, trades: 0 };
    const open: PositionFigures[] = [];
    let swapCount = 0;
    let closedHold = 0;
    let closedCount = 0;
    const positions = this.positions(u, t);
    for (const p of positions) {
      const f = this.figures(p, t, prices);
      swapCount += f.state.swapCount;
      if (f.state.amount > 0) open.push(f);
      else if (f.state.closedAt !== null && f.state.firstAt !== null) {
        closedHold += f.state.closedAt - f.state.firstAt;
        closedCount++;
      }
      for (const w of WINDOWS) {
        const start = t - WINDOW_MS[w];
        const fig = windows[w];
        // `all`: no position holds anything before its first event, so value(start) is 0.
        fig.pnlUsd += w === 'all' ? f.state.realizedPnlUsd + f.unrealizedPnlUsd : windowPnl(p.events, start, t, (x) => prices.at(p.token, x));
        const v = windowVolume(p.events, start, t);
        fig.volumeUsd += v.volumeUsd;
        fig.trades += v.swaps;
      }
    }
    open.sort((a, b) => b.valueUsd - a.valueUsd);
    const s: TraderStats = {
      user: u,
      windows,
      holdings: open.length,
      positionCount: positions.length,
      swapCount,
      averageHoldTimeSeconds: closedCount ? Math.round(closedHold / closedCount / 1000) : null,
      open,
    };
    byUser.set(u.index, s);
    return s;
  }

  /** Traders ranked by PnL in the window at t (traders with no swap in the window are left out). */
  leaderboard(window: FomoWindow, t: number): TraderStats[] {
    return this.population.traders
      .map((u) => this.stats(u, t))
      .filter((s) => s.windows[window].trades > 0 || s.holdings > 0)
      .sort((a, b) => b.windows[window].pnlUsd - a.windows[window].pnlUsd || a.user.index - b.user.index);
  }

  followerCount(u: FomoUser): number {
    return this.population.followers[u.index].length;
  }

  followingCount(u: FomoUser): number {
    return this.population.following[u.index].length;
  }
}
