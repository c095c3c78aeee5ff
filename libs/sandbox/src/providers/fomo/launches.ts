/**
 * Who launched what: some tracked traders are the developers of the launchpad tokens (pump.fun on
 * Solana), and a few others are insiders who bought in the first minutes. Each of these is a REAL
 * position in that trader's book (activity.ts serves it with their daily positions), so the devs
 * route, positions, swaps, balances, trade detail, holders, alerts and accounting all read the
 * same fills.
 *
 * A dev position opens with a buy at the token's launch instant (`token.createdAt`), in the
 * creation transaction; insiders open 15 s to 4 min later. Launches are older than the daily
 * history the provider keeps (HISTORY_DAYS), so these positions are kept whatever their age: a
 * developer's bag is remembered from launch. Only a trader whose account existed at launch can be
 * the dev or an insider. Everything is a pure function of the market seed and the token.
 *
 * What a developer did with the bag: kept all of it, sold part, rugged (sold everything within
 * hours of launch), or exited slowly. RUGZ, the market's rugged token, always has a rugging dev.
 */
import type { SandboxMarket, Token } from '../../market';
import { hash32, hashString, mulberry32, round } from '../../prng';
import type { PositionEvent } from './accounting';
import type { FomoChain, FomoPosition, QuoteToken } from './types';
import { derivedId, type FomoPopulation, type FomoUser } from './population';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Slots of launch positions, above any daily plan's slots, so their derived ids never collide. */
const LAUNCH_SLOT_BASE = 10_000;
/** Share of launchpad tokens with a tracked developer. */
const DEV_SHARE = 0.75;
export const MAX_INSIDERS = 3;
/** Insiders buy within this long after launch. */
export const INSIDER_WINDOW_MS = 4 * 60_000;

export type DevFate = 'holding' | 'partial' | 'rugged' | 'exited';

export interface Launch {
  token: Token;
  chain: FomoChain;
  /** Launch instant, ms (the token's createdAt). */
  at: number;
  dev: FomoPosition | null;
  fate: DevFate | null;
  insiders: FomoPosition[];
}

export class LaunchBook {
  private readonly byToken = new Map<Token, Launch>();
  private readonly byUser = new Map<number, FomoPosition[]>();

  constructor(
    private readonly market: SandboxMarket,
    private readonly population: FomoPopulation,
    solana: FomoChain,
    quote: QuoteToken,
  ) {
    const tokens = market.tokens.filter((t) => t.chain.name === solana.name && t.launchpad === 'pump.fun' && !t.asset.unpriced);
    tokens.forEach((token, ordinal) => {
      const launch = this.plan(token, ordinal, solana, quote);
      if (!launch) return;
      this.byToken.set(token, launch);
      for (const p of [launch.dev, ...launch.insiders]) {
        if (!p) continue;
        let list = this.byUser.get(p.user);
        if (!list) this.byUser.set(p.user, (list = []));
        list.push(p);
      }
    });
    for (const list of this.byUser.values()) list.sort((a, b) => a.events[0].at - b.events[0].at);
  }

  /** A trader's launch positions (dev and insider), oldest first. */
  of(u: FomoUser): readonly FomoPosition[] {
    return this.byUser.get(u.index) ?? [];
  }

  /** The launch of a token, when tracked traders took part in it. */
  launch(token: Token): Launch | undefined {
    return this.byToken.get(token);
  }

  /** Every launch with a tracked developer, in token order. */
  withDevs(): Launch[] {
    return [...this.byToken.values()].filter((l) => l.dev !== null);
  }

  all(): FomoPosition[] {
    return [...this.byUser.values()].flat();
  }

  private plan(token: Token, ordinal: number, chain: FomoChain, quote: QuoteToken): Launch | null {
    const at = Date.parse(token.createdAt);
    const seed = this.market.seed;
    const price = (t: number) => this.market.price(token.asset, t) ?? 0;
    if (!(price(at) > 0)) return null;
    const rand = mulberry32(hash32(seed, hashString('fomo:launch'), token.key));
    // Only accounts that existed at launch can have taken part in it.
    const eligible = this.population.traders.filter((u) => u.createdAt <= at);
    if (!eligible.length) return null;
    const taken = new Set<number>();
    const draw = () => {
      for (;;) {
        const u = eligible[Math.floor(rand() * eligible.length)];
        if (!taken.has(u.index) || taken.size >= eligible.length) return (taken.add(u.index), u);
      }
    };
    const rugz = token.symbol === 'RUGZ';
    const hasDev = rugz || rand() < DEV_SHARE;
    let dev: FomoPosition | null = null;
    let fate: DevFate | null = null;
    if (hasDev) {
      const r = rand();
      fate = rugz ? 'rugged' : r < 0.3 ? 'holding' : r < 0.55 ? 'partial' : r < 0.8 ? 'rugged' : 'exited';
      const u = draw();
      const usd = round(10 ** (2.3 + rand() * 1.2), 2);
      const sells =
        fate === 'holding'
          ? []
          : fate === 'rugged'
            ? [10 * 60_000 + rand() * 6 * HOUR_MS]
            : fate === 'partial'
              ? Array.from({ length: 1 + Math.floor(rand() * 2) }, () => HOUR_MS + rand() * 60 * DAY_MS)
              : [DAY_MS + rand() * 30 * DAY_MS, 31 * DAY_MS + rand() * 90 * DAY_MS];
      dev = this.position(u, token, chain, quote, ordinal, 0, 'dev', at, usd, { sells, exit: fate === 'rugged' || fate === 'exited' }, rand, 0.5);
    }
    const insiders: FomoPosition[] = [];
    const n = Math.floor(rand() * (MAX_INSIDERS + 1));
    for (let i = 0; i < n; i++) {
      const u = draw();
      const open = at + 15_000 + Math.floor(rand() * (INSIDER_WINDOW_MS - 15_000));
      const usd = round(10 ** (2 + rand() * 1.5), 2);
      const sells = Array.from({ length: rand() < 0.4 ? 0 : 1 + Math.floor(rand() * 2) }, () => HOUR_MS + rand() * 20 * DAY_MS);
      insiders.push(this.position(u, token, chain, quote, ordinal, 1 + i, 'insider', open, usd, { sells, exit: sells.length > 0 }, rand, 0.25));
    }
    if (!dev && !insiders.length) return null;
    return { token, chain, at, dev, fate, insiders };
  }

  /**
   * One launch position: a buy of `usd` at `open`, then sells at `plan.sells` ms past the open, each
   * of 20-60% of what is held, except the last when `plan.exit`, which sells everything left.
   * Sells may lie in the future (not visible yet).
   */
  private position(
    u: FomoUser,
    token: Token,
    chain: FomoChain,
    quote: QuoteToken,
    ordinal: number,
    role: number,
    kind: 'dev' | 'insider',
    open: number,
    usd: number,
    plan: { sells: number[]; exit: boolean },
    rand: () => number,
    thesisShare: number,
  ): FomoPosition {
    const price = (t: number) => this.market.price(token.asset, t) ?? 0;
    const events: PositionEvent[] = [{ kind: 'buy', at: open, amount: usd / price(open), usd, seq: 0 }];
    let held = events[0].amount;
    const times = plan.sells.map((after) => open + Math.max(60_000, Math.floor(after))).sort((a, b) => a - b);
    times.forEach((at, i) => {
      const final = plan.exit && i === times.length - 1;
      const amount = final ? held : held * (0.2 + rand() * 0.4);
      held -= amount;
      events.push({ kind: 'sell', at, amount, usd: round(amount * price(at), 2), seq: i + 1 });
    });
    const day = Math.floor(open / DAY_MS);
    const slot = LAUNCH_SLOT_BASE + ordinal * (MAX_INSIDERS + 1) + role;
    const thesis =
      rand() < thesisShare
        ? { at: open + 60_000 + Math.floor(rand() * 9 * 60_000), likesMax: Math.floor(rand() ** 2 * 400), topic: Math.floor(rand() * 1000) }
        : null;
    return {
      user: u.index,
      day,
      slot,
      tradeId: derivedId(this.market.seed, 'fomo:trade', u.index, day, slot),
      token,
      chain,
      quote,
      events,
      thesis,
      role: kind,
    };
  }
}
