/**
 * The FOMO user population: who exists, their identities and who follows whom. Identities (handles,
 * user ids, wallets, account ages, the follower graph) come from a fixed universe seed, like the
 * market's token addresses, so tests and fixtures can name traders whatever the market seed; the
 * market seed moves only what they trade (activity.ts).
 *
 * Two kinds of account: TRADERS (the first TRADER_COUNT, tracked, they trade) and LURKERS (accounts
 * that only follow people: zero trades, the "empty" followers a follower sample should expose).
 * The traders the peer service names (peer-traders.ts) take tracked-trader places (placePeerTraders).
 */
import { base58Address, evmAddress, hash32, hashString, mulberry32, pick, uuid } from '../../prng';
import { RESOLVING_TRADER_INDICES } from './credits';
import { PEER_TRADERS } from './peer-traders';

export const TRADER_COUNT = 600;
export const LURKER_COUNT = 1400;
/** Following lists never exceed this (the provider's `following` limit). */
export const MAX_FOLLOWING = 300;
const FOMO_UNIVERSE_SEED = 0xf0a0f0a0;
const DAY_MS = 86_400_000;

export interface FomoUser {
  index: number;
  userId: string;
  handle: string;
  displayName: string;
  description: string | null;
  verified: boolean;
  clan: string | null;
  twitter: string | null;
  /** Account creation, ms since epoch. */
  createdAt: number;
  wallets: { solana: string; evm: string };
  imageUrl: string;
  /** A tracked trader (has positions) rather than a lurker. */
  trader: boolean;
  /** Trading style (traders only; lurkers have zeros). */
  style: TraderStyle;
}

export interface TraderStyle {
  /** Typical USD size of one position. */
  sizeUsd: number;
  /** Positions opened per day on average. */
  perDay: number;
  /** 0..1: how often the trader picks the better of two candidate trades. */
  skill: number;
  /** Share of positions on Solana (the rest on EVM chains). */
  solanaShare: number;
  /** Typical holding time, hours. */
  holdHours: number;
}

const ADJ = [
  'Exact',
  'Tall',
  'Rare',
  'Dual',
  'Running',
  'Silky',
  'Acute',
  'Static',
  'Sound',
  'Flawless',
  'Major',
  'Quiet',
  'Lucky',
  'Based',
  'Cosmic',
  'Frozen',
  'Golden',
  'Hidden',
  'Iron',
  'Jolly',
  'Lunar',
  'Mellow',
  'Neon',
  'Rapid',
  'Sharp',
  'Solar',
  'Swift',
  'Tiny',
  'Wild',
  'Zen',
];
const NOUN = [
  'Clam',
  'Stork',
  'Harrier',
  'Takin',
  'Jay',
  'Otter',
  'Falcon',
  'Mole',
  'Heron',
  'Lynx',
  'Badger',
  'Crane',
  'Gecko',
  'Marlin',
  'Panda',
  'Raven',
  'Shark',
  'Tapir',
  'Viper',
  'Wombat',
  'Yak',
  'Bison',
  'Koala',
  'Moose',
  'Orca',
];
const WORDS = [
  'pricedin',
  'lemonades',
  'foreclosure',
  'totoros',
  'nhien',
  'looc',
  'lizzerd',
  'hesoyam',
  'mackimo',
  'berboche',
  'comxon',
  'markdown',
  'degenking',
  'chartwizard',
  'bagholder',
  'solmaxi',
  'ponzinomics',
  'gigabrain',
  'alphaseeker',
  'rugsurvivor',
  'moonboi',
  'wenlambo',
  'exitliq',
  'pumpooor',
  'ngmi',
  'fudbuster',
  'apeszn',
  'dipbuyer',
  'jeetslayer',
  'shillmaster',
];
const CLANS = ['Degen Syndicate', 'Alpha Pack', 'Sol Sharks', 'Based Cabal', 'Night Shift', 'Rug Radar'];
const BIOS = [
  'full-time degen',
  'who?',
  'memecoins and vibes',
  'not financial advice',
  'early or wrong',
  'fomo 2026 rising star',
  'chart reader, bag holder',
  'on-chain since 2017',
  'I buy the dip, the dip buys me',
  'sol maxi',
];

export class FomoPopulation {
  readonly users: FomoUser[] = [];
  readonly traders: FomoUser[];
  /** following[i]: indices user i follows; followers[i]: indices following user i (ascending). */
  readonly following: Int32Array[] = [];
  readonly followers: Int32Array[] = [];
  private readonly byHandle = new Map<string, FomoUser>();
  private readonly byId = new Map<string, FomoUser>();

  constructor() {
    const rand = mulberry32(FOMO_UNIVERSE_SEED);
    const taken = new Set<string>();
    const total = TRADER_COUNT + LURKER_COUNT;
    for (let i = 0; i < total; i++) {
      const trader = i < TRADER_COUNT;
      let handle = makeHandle(rand);
      while (taken.has(handle.toLowerCase())) handle = `${handle}${Math.floor(rand() * 90) + 10}`;
      taken.add(handle.toLowerCase());
      // Older accounts for traders; lurkers are often fresh sign-ups.
      const ageDays = trader ? 20 + Math.floor(rand() ** 0.7 * 900) : 1 + Math.floor(rand() * 500);
      const verified = trader && rand() < 0.18;
      const u: FomoUser = {
        index: i,
        userId: uuid(rand),
        handle,
        displayName: rand() < 0.7 ? handle : `${pick(rand, ADJ)} ${pick(rand, NOUN)}`,
        description: rand() < 0.45 ? pick(rand, BIOS) : null,
        verified,
        clan: trader && rand() < 0.2 ? pick(rand, CLANS) : null,
        twitter: rand() < (trader ? 0.6 : 0.15) ? handle.toLowerCase().replace(/[^a-z0-9_]/g, '') : null,
        // Anchored to a fixed date so identities never move with the clock.
        createdAt: Date.UTC(2026, 10, 1) - ageDays * DAY_MS - Math.floor(rand() * DAY_MS),
        wallets: { solana: base58Address(rand), evm: evmAddress(rand) },
        imageUrl: `https://static.sandbox.example/fomo/avatars/${i}.png`,
        trader,
        style: trader
          ? {
              sizeUsd: Math.round(10 ** (2.3 + rand() * 2.4)),
              perDay: 0.15 + rand() ** 2 * 1.6,
              skill: rand() ** 1.5,
              solanaShare: rand() < 0.7 ? 0.6 + rand() * 0.4 : rand() * 0.4,
              holdHours: 10 ** (-0.5 + rand() * 2.8),
            }
          : { sizeUsd: 0, perDay: 0, skill: 0, solanaShare: 0, holdHours: 0 },
      };
      this.users.push(u);
    }
    // After every draw, so the named traders change no other identity (only the handles they take).
    placePeerTraders(this.users);
    for (const u of this.users) {
      this.byHandle.set(u.handle.toLowerCase(), u);
      this.byId.set(u.userId, u);
    }
    this.traders = this.users.slice(0, TRADER_COUNT);
    this.buildGraph(rand);
  }

  /** A user by handle (case-insensitive, optional leading @). */
  byHandleName(handle: string): FomoUser | undefined {
    return this.byHandle.get(handle.replace(/^@/, '').toLowerCase());
  }

  byUserId(userId: string): FomoUser | undefined {
    return this.byId.get(userId.toLowerCase());
  }

  /**
   * Preferential attachment: popularity is heavy-tailed (a few traders gather most followers),
   * lurkers follow 1-60 accounts, traders 0-MAX_FOLLOWING. Nobody follows themselves or twice.
   */
  private buildGraph(rand: () => number): void {
    const n = this.users.length;
    const weights = this.users.map((u) => (u.trader ? (u.verified ? 8 : 1) / (0.02 + rand()) ** 1.3 : 0.05));
    const cum = new Float64Array(n);
    let acc = 0;
    for (let i = 0; i < n; i++) cum[i] = acc += weights[i];
    const draw = () => {
      const x = rand() * acc;
      let lo = 0;
      let hi = n - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cum[mid] < x) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const inbound: number[][] = Array.from({ length: n }, () => []);
    for (let i = 0; i < n; i++) {
      const u = this.users[i];
      const want = u.trader ? Math.floor(rand() ** 2.5 * MAX_FOLLOWING) : 1 + Math.floor(rand() ** 2 * 60);
      const set = new Set<number>();
      for (let tries = 0; set.size < want && tries < want * 4; tries++) {
        const j = draw();
        if (j !== i) set.add(j);
      }
      const list = Int32Array.from([...set].sort((a, b) => a - b));
      this.following.push(list);
      for (const j of list) inbound[j].push(i);
    }
    for (let i = 0; i < n; i++) this.followers.push(Int32Array.from(inbound[i]));
  }
}

/** Where the peer's named traders start: past the generic traders the fixtures name (the first five). */
const FIRST_PEER_PLACE = 100;

/**
 * Gives the peer's named traders (peer-traders.ts) tracked-trader places from FIRST_PEER_PLACE on,
 * in order (not the places that answer 409 resolving first), with their handle and whatever else
 * the captures show; a drawn account whose handle a named trader takes is renamed after its index.
 */
function placePeerTraders(users: FomoUser[]): void {
  const named = new Set(PEER_TRADERS.map((p) => p.handle.toLowerCase()));
  const slots = users.filter((u) => u.trader && u.index >= FIRST_PEER_PLACE && !RESOLVING_TRADER_INDICES.includes(u.index)).slice(0, PEER_TRADERS.length);
  PEER_TRADERS.forEach((p, i) => {
    const u = slots[i];
    u.handle = p.handle;
    u.displayName = p.handle;
    u.twitter = null;
    if (p.userId) u.userId = p.userId.toLowerCase();
    if (p.wallets) u.wallets = { solana: p.wallets.solana, evm: p.wallets.evm ?? u.wallets.evm };
    if (p.createdAt) u.createdAt = Date.parse(p.createdAt);
    if (p.description !== undefined) u.description = p.description;
    if (p.verified !== undefined) u.verified = p.verified;
  });
  const placed = new Set(slots);
  const taken = new Set(users.map((u) => u.handle.toLowerCase()));
  for (const u of users) {
    if (placed.has(u) || !named.has(u.handle.toLowerCase())) continue;
    let handle = `${u.handle}${u.index}`;
    while (taken.has(handle.toLowerCase())) handle = `${handle}_`;
    taken.add(handle.toLowerCase());
    if (u.displayName === u.handle) u.displayName = handle;
    u.handle = handle;
  }
}

function makeHandle(rand: () => number): string {
  const r = rand();
  if (r < 0.45) return `${pick(rand, ADJ)}${pick(rand, ADJ)}${pick(rand, NOUN)}`;
  if (r < 0.8) return `${pick(rand, WORDS)}${rand() < 0.5 ? '' : Math.floor(rand() * 999)}`;
  return `${pick(rand, NOUN)}_${pick(rand, WORDS)}`;
}

/** Deterministic uuid-shaped id from a seed and parts (trade, swap, thesis and comment ids). */
export function derivedId(seed: number, kind: string, ...parts: number[]): string {
  return uuid(mulberry32(hash32(seed, hashString(kind), ...parts)));
}
