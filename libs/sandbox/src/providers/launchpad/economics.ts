/**
 * The launchpad's money, per coin and UTC day, in integer cents so every sum is exact:
 * - revenue: the platform fee (PLATFORM_FEE_BPS of the coin's volume) is protocol revenue; a reward
 *   coin's transfer tax (`transferFee.bps` of its volume) is holders' revenue. A coin's day counts
 *   from its launch; today counts up to the clock (the day's volume × the elapsed share).
 * - flywheel: a flywheel coin spends FLYWHEEL_SHARE of each complete week's protocol revenue on a
 *   buyback early the next day and burns what it bought 40 s later (source `flywheel`).
 * - rewards: a reward coin pays a complete day's holders' revenue to its holders the next day, in
 *   its quote token at the quote's price at 00:00 UTC that day; what accrued since is undistributed.
 * Daily figures of complete days never change, so they are kept per coin.
 */
import { DAY_MS, LAUNCHPAD_DECIMALS, LAUNCHPAD_START, type LaunchpadCoin } from '../../market';
import { unit, hashString } from '../../prng';
import type { LaunchpadWorld } from './world';
import { txSignature } from './ids';

export const PLATFORM_FEE_BPS = 100;
export const FLYWHEEL_SHARE = 0.5;
export const FIRST_DAY = Math.floor(LAUNCHPAD_START / DAY_MS);
const BURN_DELAY_MS = 40_000;
const OFFSET_KEY = hashString('launchpad:event-offset');

export interface DayCents {
  holders: number;
  protocol: number;
}

export interface Burn {
  coin: LaunchpadCoin;
  /** The last day of the week whose revenue it spent. */
  day: number;
  buybackAt: number;
  burnedAt: number;
  /** Cents spent (and burned, valued at the buyback). */
  cents: number;
  raw: bigint;
}

export interface Payout {
  coin: LaunchpadCoin;
  day: number;
  paidAt: number;
  cents: number;
  /** Quote token, raw. */
  raw: bigint;
}

export const buybackSignature = (b: Burn) => txSignature('buyback', b.coin.index, b.day);
export const burnSignature = (b: Burn) => txSignature('burn', b.coin.index, b.day);
export const payoutSignature = (p: Payout) => txSignature('payout', p.coin.index, p.day);

/** Raw units → whole tokens. */
export function tokensOf(raw: bigint, decimals: number): number {
  return Number(raw) / 10 ** decimals;
}

export class LaunchpadEconomics {
  private readonly days = new Map<string, DayCents>();
  private readonly burnMemo = new Map<string, Burn | null>();
  private readonly quoteMemo = new Map<string, number | null>();

  constructor(private readonly world: LaunchpadWorld) {}

  /** A coin's revenue on UTC day d, as known at t (null before launch or after t). */
  day(c: LaunchpadCoin, d: number, t: number): DayCents | null {
    const start = d * DAY_MS;
    const end = start + DAY_MS;
    const from = Math.max(start, c.at);
    const to = Math.min(end, t);
    if (to <= from) return null;
    const complete = end <= t;
    const k = `${c.index}|${d}`;
    if (complete) {
      const hit = this.days.get(k);
      if (hit) return hit;
    }
    const tk = this.world.token(c.mint);
    const volume = this.world.market.untrackedVolume(tk, DAY_MS, end) * ((to - from) / DAY_MS);
    const out = {
      protocol: Math.round((volume * PLATFORM_FEE_BPS) / 100),
      holders: c.transferFeeBps === null ? 0 : Math.round((volume * c.transferFeeBps) / 100),
    };
    if (complete) this.days.set(k, out);
    return out;
  }

  /** The coin's days from launch to t's day. */
  coinDays(c: LaunchpadCoin, t: number): { d: number; cents: DayCents }[] {
    const out: { d: number; cents: DayCents }[] = [];
    for (let d = Math.floor(c.at / DAY_MS); d * DAY_MS < t; d++) {
      const cents = this.day(c, d, t);
      if (cents) out.push({ d, cents });
    }
    return out;
  }

  /** When the event of `kind` for day d's revenue happens (the next day, within `spanH` hours of `fromH`). */
  private eventAt(c: LaunchpadCoin, d: number, kind: number, fromH: number, spanH: number): number {
    return (d + 1) * DAY_MS + Math.floor((fromH + unit(0, OFFSET_KEY, c.index, d, kind) * spanH) * 3_600_000);
  }

  /**
   * A flywheel coin's buybacks and burns done by t, oldest first: one a week, the day after each
   * seventh day from launch, spending FLYWHEEL_SHARE of that week's protocol revenue.
   */
  burns(c: LaunchpadCoin, t: number): Burn[] {
    if (!c.flywheel) return [];
    const tk = this.world.token(c.mint);
    const first = Math.floor(c.at / DAY_MS);
    const out: Burn[] = [];
    for (let d = first + 6; (d + 1) * DAY_MS < t; d += 7) {
      const k = `${c.index}|${d}`;
      let b = this.burnMemo.get(k);
      if (b === undefined) {
        let week = 0;
        for (let w = d - 6; w <= d; w++) week += this.day(c, w, (d + 1) * DAY_MS)?.protocol ?? 0;
        const spend = Math.floor(week * FLYWHEEL_SHARE);
        const at = this.eventAt(c, d, 1, 1, 5);
        const price = this.world.market.tokenPrice(tk, at);
        b =
          spend > 0 && price
            ? {
                coin: c,
                day: d,
                buybackAt: at,
                burnedAt: at + BURN_DELAY_MS,
                cents: spend,
                raw: BigInt(Math.round((spend / 100 / price) * 10 ** LAUNCHPAD_DECIMALS)),
              }
            : null;
        this.burnMemo.set(k, b);
      }
      if (b && b.burnedAt <= t) out.push(b);
    }
    return out;
  }

  /** A quote's price at 00:00 UTC of day d (payouts convert at it). */
  private quotePrice(mint: string, d: number): number | null {
    const k = `${mint}|${d}`;
    let p = this.quoteMemo.get(k);
    if (p === undefined) {
      p = this.world.market.tokenPrice(this.world.token(mint), d * DAY_MS);
      this.quoteMemo.set(k, p);
    }
    return p;
  }

  /** A reward coin's payouts made by t, oldest first: each day's holders' revenue, paid the next day. */
  payouts(c: LaunchpadCoin, t: number): Payout[] {
    if (c.mode !== 'reward') return [];
    const q = this.world.quote(c.quoteMint)!;
    const out: Payout[] = [];
    for (const { d, cents } of this.coinDays(c, t)) {
      const at = this.eventAt(c, d, 2, 6, 6);
      if (cents.holders <= 0 || at > t) continue;
      const qp = this.quotePrice(q.mint, d + 1);
      if (!qp) continue;
      out.push({ coin: c, day: d, paidAt: at, cents: cents.holders, raw: BigInt(Math.round((cents.holders / 100 / qp) * 10 ** q.decimals)) });
    }
    return out;
  }

  /** Holders' revenue accrued but not yet paid at t, cents. */
  undistributedCents(c: LaunchpadCoin, t: number): number {
    if (c.mode !== 'reward') return 0;
    const paid = new Set(this.payouts(c, t).map((p) => p.day));
    let sum = 0;
    for (const { d, cents } of this.coinDays(c, t)) if (!paid.has(d)) sum += cents.holders;
    return sum;
  }

  /** The platform's revenue by UTC day from its first day to t's (every launched coin), oldest first. */
  daily(t: number): { d: number; holders: number; protocol: number }[] {
    const today = Math.floor(t / DAY_MS);
    const rows = new Map<number, { d: number; holders: number; protocol: number }>();
    for (let d = FIRST_DAY; d <= today; d++) rows.set(d, { d, holders: 0, protocol: 0 });
    for (const c of this.world.launched(t)) {
      for (const { d, cents } of this.coinDays(c, t)) {
        const r = rows.get(d)!;
        r.holders += cents.holders;
        r.protocol += cents.protocol;
      }
    }
    return [...rows.values()];
  }
}
