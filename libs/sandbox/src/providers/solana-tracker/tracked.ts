/**
 * The tracked traders as the chain sees them: their Solana wallets and the positions the FOMO
 * stand-in's books hold for them on Solana (everyday trades, hot-coin runs, launch bags). A wallet
 * is one trader's whole book on a coin, so every figure Solana Tracker's stand-in shows for a
 * tracked wallet is a sum over that trader's FOMO positions.
 *
 * Which traders touched a coin is gathered once per UTC day over every trader's books (the same
 * walk flow.ts makes for the market's volume), and read at any instant of that day.
 */
import type { Token } from '../../market';
import type { FomoPosition } from '../fomo/types';
import type { FomoUser } from '../fomo/population';
import type { FomoWorld } from '../fomo/world';

const DAY_MS = 86_400_000;
/** Days of gathered books kept (today, and yesterday for a clock moved back across midnight). */
const DAYS_KEPT = 2;

export class TrackedBooks {
  private readonly days = new Map<number, Map<Token, Set<FomoUser>>>();
  private byWallet: Map<string, FomoUser> | null = null;

  constructor(private readonly world: () => FomoWorld) {}

  /** The tracked trader whose Solana wallet this is (lurkers have wallets but trade nothing). */
  traderOf(wallet: string): FomoUser | undefined {
    if (!this.byWallet) {
      this.byWallet = new Map();
      for (const u of this.world().population.traders) this.byWallet.set(u.wallets.solana, u);
    }
    return this.byWallet.get(wallet);
  }

  /** The FOMO launch of a token: whether a tracked trader developed it, and how many were insiders. */
  launchOf(token: Token): { dev: boolean; insiders: number } | null {
    const launch = this.world().activity.launches.launch(token);
    return launch ? { dev: launch.dev !== null, insiders: launch.insiders.length } : null;
  }

  /** A trader's Solana positions with a fill by t, by token (in book order). */
  positionsOf(u: FomoUser, t: number): Map<Token, FomoPosition[]> {
    const out = new Map<Token, FomoPosition[]>();
    for (const p of this.world().positions(u, t)) {
      if (p.chain.slug !== 'solana') continue;
      const list = out.get(p.token);
      if (list) list.push(p);
      else out.set(p.token, [p]);
    }
    return out;
  }

  /** Every tracked trader with a fill of `token` by t, and their positions on it. */
  onToken(token: Token, t: number): Map<FomoUser, FomoPosition[]> {
    const out = new Map<FomoUser, FomoPosition[]>();
    for (const u of this.dayIndex(t).get(token) ?? []) {
      const list = this.positionsOf(u, t).get(token);
      if (list?.length) out.set(u, list);
    }
    return out;
  }

  private dayIndex(t: number): Map<Token, Set<FomoUser>> {
    const day = Math.floor(t / DAY_MS);
    let index = this.days.get(day);
    if (!index) {
      index = new Map();
      // The books at the day's last instant hold every position any instant of that day sees.
      const endOfDay = (day + 1) * DAY_MS - 1;
      const world = this.world();
      for (const u of world.population.traders) {
        for (const p of world.positions(u, endOfDay)) {
          if (p.chain.slug !== 'solana') continue;
          let users = index.get(p.token);
          if (!users) index.set(p.token, (users = new Set()));
          users.add(u);
        }
      }
      if (this.days.size >= DAYS_KEPT) this.days.delete(this.days.keys().next().value as number);
      this.days.set(day, index);
    }
    return index;
  }
}
