/**
 * The wallets nobody tracks that trade a coin from its launch: bundlers (bought in the creation's
 * own slot), snipers (within the first seconds), insiders (within four minutes, on a coin whose
 * launch no tracked trader joined as insider), and early buyers (over the first 45 minutes); and an
 * untracked developer's own bag. Each is one position of fills (the FOMO stand-in's accounting.ts
 * events), planned once for the coin's whole life: fills later than the clock are not visible yet,
 * as in the traders' books. A pure function of (market seed, coin).
 *
 * Sizes are capped so no early wallet holds more than a tenth of what the coin's top ten hold
 * (Jupiter's `topHoldersPercentage`), nor more than a few percent of the supply.
 */
import { hash32, hashString, mulberry32, round } from '../../prng';
import type { PositionEvent } from '../fomo/accounting';
import { encodeId } from './ids';
import { originParts, type Launch } from './launches';

const SEC = 1000;
const MIN_MS = 60_000;
const BUYERS_KEY = hashString('st:early-buyers');
const DEV_KEY = hashString('st:dev-bag');

export type WalletRole = 'dev' | 'bundler' | 'sniper' | 'insider' | 'early';

/** One untracked wallet's trades of one coin. */
export interface UntrackedPosition {
  wallet: string;
  role: WalletRole;
  /** Its index among the coin's untracked wallets (its address carries it; the dev is -1). */
  index: number;
  events: PositionEvent[];
}

interface Plan {
  price: (t: number) => number | null;
  /** Tracked insiders took part in the launch (then no untracked ones are drawn). */
  trackedInsiders: boolean;
  /** The coin's top-10 share, percent (null: no cap from it). */
  top10: number | null;
}

/** The untracked early wallets of a coin, in their index order (empty for a coin without a launch price). */
export function untrackedBuyers(seed: number, l: Launch, plan: Plan): UntrackedPosition[] {
  const p0 = plan.price(l.createdAt);
  if (p0 === null || !(p0 > 0)) return [];
  const rand = mulberry32(hash32(seed, BUYERS_KEY, l.key));
  const count = l.path ? Math.max(8, Math.min(95, Math.round(10 + 25 * Math.log10(l.path.peak / l.path.start)))) : l.launchpad ? 90 : 60;
  const bundlers = l.launchpad ? Math.floor(rand() * 7) : 0;
  const snipers = l.launchpad ? 3 + Math.floor(rand() * 10) : Math.floor(rand() * 4);
  const insiders = l.launchpad && !plan.trackedInsiders ? Math.floor(rand() * 3) : 0;
  const maxShare = Math.min(0.03, plan.top10 === null ? 0.03 : plan.top10 / 100 / 10);
  const out: UntrackedPosition[] = [];
  for (let i = 0; i < count; i++) {
    const role: WalletRole = i < bundlers ? 'bundler' : i < bundlers + snipers ? 'sniper' : i < bundlers + snipers + insiders ? 'insider' : 'early';
    const j = i - bundlers - snipers - insiders;
    const at =
      role === 'bundler'
        ? l.createdAt
        : role === 'sniper'
          ? l.createdAt + 400 + Math.floor(rand() * 2.6 * SEC)
          : role === 'insider'
            ? l.createdAt + 15 * SEC + Math.floor(rand() * 225 * SEC)
            : l.createdAt + 3 * SEC + Math.floor((Math.max(0, j) / count) ** 1.5 * 45 * MIN_MS + rand() * 20 * SEC);
    const exp = role === 'bundler' ? 2.4 + rand() : role === 'sniper' ? 1.6 + rand() * 1.4 : role === 'insider' ? 2 + rand() * 1.3 : 1.3 + rand() * 1.7;
    const soldChance = role === 'bundler' ? 0.8 : role === 'sniper' ? 0.85 : 0.6;
    const events = position(plan.price, at, 10 ** exp, l.supply * (role === 'bundler' ? maxShare : maxShare / 2), rand() < soldChance, rand);
    if (events) out.push({ wallet: encodeId('buyer', ...originParts(l.origin), i), role, index: i, events });
  }
  return out;
}

/**
 * The bag of a coin's untracked developer, bought in the creation transaction. A market coin's
 * developer holds its audit's share for good (the market's `developerShare` is that share); a
 * stream coin's developer buys 1-5% and, as its path goes, dumps it into the climb (rugged, dead)
 * or takes part later (faded, held). Earlier launches of a market coin's developer had no dev buy.
 */
export function untrackedDevBag(seed: number, l: Launch, price: (t: number) => number | null, marketShare: number | null): UntrackedPosition | null {
  if (!l.deployer || l.origin.kind === 'extra') return null;
  const p0 = price(l.createdAt);
  if (p0 === null || !(p0 > 0)) return null;
  const rand = mulberry32(hash32(seed, DEV_KEY, l.key));
  const share = l.path ? 0.01 + rand() * 0.04 : (marketShare ?? 0) / 100;
  if (!(share > 0)) return null;
  const amount = share * l.supply;
  const events: PositionEvent[] = [{ kind: 'buy', at: l.createdAt, amount, usd: round(amount * p0, 2), seq: 0 }];
  const path = l.path;
  if (path) {
    const fullExit = path.fate === 'rugged' || path.fate === 'dead';
    const at = path.fate === 'rugged' ? path.peakAt - Math.floor(rand() * 60 * SEC) : path.peakAt + Math.floor(rand() * path.tauMs);
    const sold = fullExit ? amount : amount * (0.3 + rand() * 0.4);
    const p = price(Math.max(at, l.createdAt + SEC));
    if (p !== null) events.push({ kind: 'sell', at: Math.max(at, l.createdAt + SEC), amount: sold, usd: round(sold * p, 2), seq: 1 });
  }
  return { wallet: l.deployer, role: 'dev', index: -1, events };
}

/** A buy of about `usd` at `at` (at most `maxAmount` tokens), then maybe one or two sells. */
function position(price: (t: number) => number | null, at: number, usd: number, maxAmount: number, sells: boolean, rand: () => number): PositionEvent[] | null {
  const p = price(at);
  if (p === null || !(p > 0)) return null;
  const amount = Math.min(usd / p, maxAmount);
  const events: PositionEvent[] = [{ kind: 'buy', at, amount, usd: round(amount * p, 2), seq: 0 }];
  if (!sells) return events;
  let held = amount;
  const n = rand() < 0.4 ? 2 : 1;
  const exit = rand() < 0.65;
  let when = at;
  for (let k = 0; k < n; k++) {
    // One minute to about two weeks after the previous fill, log-uniform.
    when += Math.floor(MIN_MS * 10 ** (rand() * 4.3));
    const sp = price(when);
    if (sp === null) break;
    const last = k === n - 1;
    const sold = last && exit ? held : held * (0.3 + rand() * 0.4);
    held -= sold;
    events.push({ kind: 'sell', at: when, amount: sold, usd: round(sold * sp, 2), seq: k + 1 });
  }
  return events;
}
