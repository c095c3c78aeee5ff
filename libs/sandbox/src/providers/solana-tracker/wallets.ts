/**
 * Who trades a coin, and what a wallet traded: the two questions behind first buyers, top traders,
 * bundlers, the risk's snipers and insiders, and `/pnl/{wallet}`. A wallet is either a tracked
 * trader's Solana wallet (its fills are that trader's FOMO positions, tracked.ts), or one nobody
 * tracks (early-buyers.ts): a coin's early wallets and its untracked developer.
 */
import type { SandboxMarket } from '../../market';
import type { FomoUser } from '../fomo/population';
import { txHash } from '../fomo/views';
import { decodeId, signature } from './ids';
import { originParts, type Launch, type LaunchCatalog } from './launches';
import { untrackedBuyers, untrackedDevBag, type UntrackedPosition, type WalletRole } from './early-buyers';
import type { Fills } from './pnl';
import type { TrackedBooks } from './tracked';

/** Coins whose untracked wallets are kept planned (a first-buyers page, then its top traders). */
const PLANS_KEPT = 256;

export interface CoinWallet {
  wallet: string;
  /** A tracked trader's role in the launch ('trader' when they only traded it). */
  role: WalletRole | 'trader';
  /** The tracked trader, or null. */
  user: FomoUser | null;
  fills: Fills[];
}

export class CoinWallets {
  private readonly plans = new Map<string, UntrackedPosition[]>();

  constructor(
    private readonly market: SandboxMarket,
    private readonly catalog: LaunchCatalog,
    private readonly tracked: TrackedBooks,
  ) {}

  /** Every wallet with a fill of the coin by t: tracked traders first, then the untracked ones. */
  of(l: Launch, t: number): CoinWallet[] {
    const out: CoinWallet[] = [];
    if (l.token) {
      for (const [user, positions] of this.tracked.onToken(l.token, t)) {
        const role = positions.some((p) => p.role === 'dev') ? 'dev' : positions.some((p) => p.role === 'insider') ? 'insider' : 'trader';
        out.push({
          wallet: user.wallets.solana,
          role,
          user,
          fills: positions.map((p) => ({ events: p.events, signature: (e) => txHash(this.market.seed, p, e) })),
        });
      }
    }
    for (const u of this.untracked(l)) if (u.events[0].at <= t) out.push(this.wrap(l, u));
    return out;
  }

  /** The coins a wallet traded by t, with its fills on each (empty for a wallet nobody knows). */
  coinsOf(wallet: string, t: number): { launch: Launch; fills: Fills[] }[] {
    const user = this.tracked.traderOf(wallet);
    if (user) {
      return [...this.tracked.positionsOf(user, t)].map(([token, positions]) => ({
        launch: this.catalog.ofToken(token),
        fills: positions.map((p) => ({ events: p.events, signature: (e) => txHash(this.market.seed, p, e) })),
      }));
    }
    const out: { launch: Launch; fills: Fills[] }[] = [];
    const id = decodeId(wallet);
    if (id?.kind === 'buyer') {
      const [kind, a, b, index] = id.parts;
      const l = this.catalog.byOrigin(kind, a, b, t);
      const u = l ? this.untracked(l).find((x) => x.index === index && x.role !== 'dev') : undefined;
      if (l && u && u.events[0].at <= t) out.push({ launch: l, fills: this.wrap(l, u).fills });
      return out;
    }
    // A deployer nobody tracks: its bags in the coins it launched (a market coin's, or stream coins').
    for (const l of this.catalog.byDeployer(wallet, t)) {
      const dev = this.untracked(l).find((x) => x.role === 'dev');
      if (dev && dev.wallet === wallet) out.push({ launch: l, fills: this.wrap(l, dev).fills });
    }
    return out;
  }

  /** A coin's untracked wallets, planned once (their fills may lie after the clock). */
  private untracked(l: Launch): UntrackedPosition[] {
    let plan = this.plans.get(l.mint);
    if (!plan) {
      const seed = this.market.seed;
      const price = (t: number) => this.catalog.price(l, t);
      const launch = l.token ? this.tracked.launchOf(l.token) : null;
      plan = untrackedBuyers(seed, l, { price, trackedInsiders: (launch?.insiders ?? 0) > 0, top10: l.token ? l.token.topHoldersPercentage : null });
      if (!launch?.dev) {
        const bag = untrackedDevBag(seed, l, price, l.token ? this.market.developerShare(l.token, l.createdAt) : null);
        if (bag) plan = [bag, ...plan];
      }
      if (this.plans.size >= PLANS_KEPT) this.plans.delete(this.plans.keys().next().value as string);
      this.plans.set(l.mint, plan);
    }
    return plan;
  }

  private wrap(l: Launch, u: UntrackedPosition): CoinWallet {
    const [kind, a, b] = originParts(l.origin);
    return { wallet: u.wallet, role: u.role, user: null, fills: [{ events: u.events, signature: (e) => signature(kind, a, b, u.index, e.seq) }] };
  }
}
