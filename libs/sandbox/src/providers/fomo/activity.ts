/**
 * What each tracked trader does: positions in the market's own tokens, priced on the market's own
 * price paths (so a FOMO fill agrees with Jupiter, DefiLlama and the token data API at that instant).
 *
 * A trader's plan for one UTC day is a pure function of (market seed, trader, day): which positions
 * open that day, on which token, every buy, sell and transfer with its time. Fills later than the
 * clock are simply not visible yet, so the same plan serves every instant and the world moves with
 * time without state. Plans are generated lazily, one trader at a time, and cached per (trader,
 * day); only the last HISTORY_DAYS days are kept (the provider's whole memory: the `all` window),
 * which bounds memory at roughly population × HISTORY_DAYS × positions per day. A day's plan also
 * holds the seats the trader takes in that day's hot-coin runs (runs.ts). Launch positions
 * (a token's developer and insiders, launches.ts) are the exception: kept from the token's launch.
 */
import { isLaunchpadAddition, type SandboxMarket, type Token } from '../../market';
import { hash32, hashString, mulberry32, round } from '../../prng';
import { type PositionEvent } from './accounting';
import { LaunchBook } from './launches';
import { RunBook, runPosition } from './runs';
import { FOMO_CHAINS, type FomoChain, type FomoPosition, type QuoteToken } from './types';
import { derivedId, type FomoPopulation, type FomoUser } from './population';

/** Days of history the provider keeps; `all` means these days. */
export const HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const NATIVE_EVM = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

export class TraderActivity {
  private readonly books = new Map<number, Map<number, FomoPosition[]>>();
  private readonly tradeIndex = new Map<string, FomoPosition>();
  private readonly tradable = new Map<string, Token[]>();
  private readonly quotes = new Map<string, QuoteToken>();
  private readonly created = new Map<Token, number>();
  readonly launches: LaunchBook;
  readonly runs: RunBook;

  constructor(
    private readonly market: SandboxMarket,
    private readonly population: FomoPopulation,
  ) {
    for (const c of FOMO_CHAINS) {
      // The launchpad's quotes and coins came later: the tracked traders' book predates them.
      const onChain = market.tokens.filter((t) => t.chain.name === c.name && !isLaunchpadAddition(t));
      // Traders trade what moves: no stablecoins, nothing unpriced.
      const list = onChain.filter((t) => t.asset.peg === null && !t.asset.unpriced && !/^USD/.test(t.symbol));
      this.tradable.set(c.slug, list);
      const stable = onChain.find((t) => t.symbol === 'USDC') ?? onChain.find((t) => t.symbol.startsWith('USDT'));
      this.quotes.set(
        c.slug,
        stable ? { address: stable.address, symbol: stable.symbol, asset: stable.asset } : { address: NATIVE_EVM, symbol: 'ETH', asset: market.asset('ETH')! },
      );
    }
    this.runs = new RunBook(market, population, (c) => this.tradable.get(c.slug)!);
    this.launches = new LaunchBook(market, population, FOMO_CHAINS[0], this.quoteFor(FOMO_CHAINS[0]));
    for (const p of this.launches.all()) this.tradeIndex.set(p.tradeId, p);
  }

  /** First day of kept history at instant t (never before the account existed). */
  firstDay(u: FomoUser, t: number): number {
    return Math.max(Math.floor(t / DAY_MS) - HISTORY_DAYS + 1, Math.floor(u.createdAt / DAY_MS));
  }

  /**
   * A trader's positions with at least one event at or before t, oldest first: the daily plans of
   * the kept history, and their launch positions (dev, insider) whatever their age.
   */
  positions(u: FomoUser, t: number): FomoPosition[] {
    if (!u.trader) return [];
    const last = Math.floor(t / DAY_MS);
    const first = this.firstDay(u, t);
    let book = this.books.get(u.index);
    if (!book) this.books.set(u.index, (book = new Map<number, FomoPosition[]>()));
    for (const d of book.keys()) {
      // Days outside the kept range go (the clock may also move back in tests).
      if (d < first - 1 || d > last + 1) {
        for (const p of book.get(d)!) this.tradeIndex.delete(p.tradeId);
        book.delete(d);
      }
    }
    const out: FomoPosition[] = [];
    for (let d = first; d <= last; d++) {
      let day = book.get(d);
      if (!day) {
        day = this.planDay(u, d);
        book.set(d, day);
        for (const p of day) this.tradeIndex.set(p.tradeId, p);
      }
      for (const p of day) if (p.events[0].at <= t) out.push(p);
    }
    const launched = this.launches.of(u).filter((p) => p.events[0].at <= t);
    return launched.length ? [...launched, ...out].sort((a, b) => a.events[0].at - b.events[0].at) : out;
  }

  /** A position by trade id, if its trader's history at t holds it. */
  trade(tradeId: string, t: number): FomoPosition | undefined {
    let p = this.tradeIndex.get(tradeId.toLowerCase());
    if (!p) {
      // Not generated yet: generate every trader's history once (the leaderboard needs it anyway).
      for (const u of this.population.traders) this.positions(u, t);
      p = this.tradeIndex.get(tradeId.toLowerCase());
    }
    if (!p) return undefined;
    const u = this.population.users[p.user];
    return this.positions(u, t).includes(p) ? p : undefined;
  }

  private createdMs(token: Token): number {
    let ms = this.created.get(token);
    if (ms === undefined) this.created.set(token, (ms = Date.parse(token.createdAt)));
    return ms;
  }

  quoteFor(chain: FomoChain): QuoteToken {
    return this.quotes.get(chain.slug)!;
  }

  private planDay(u: FomoUser, day: number): FomoPosition[] {
    const seed = this.market.seed;
    const dayRand = mulberry32(hash32(seed, hashString(`fomo:day:${u.userId}`), day));
    const st = u.style;
    const n = Math.floor(st.perDay * (0.4 + 1.2 * dayRand()) + dayRand());
    const out: FomoPosition[] = [];
    for (let slot = 0; slot < n; slot++) {
      const p = this.planPosition(u, day, slot, mulberry32(hash32(seed, hashString(`fomo:pos:${u.userId}`), day, slot)));
      if (p) out.push(p);
    }
    // The hot coins of the day this trader joins (runs.ts).
    for (const { run, seat } of this.runs.seatsOf(u, day)) {
      const p = runPosition(
        this.market,
        u,
        run,
        seat,
        this.quoteFor(run.chain),
        mulberry32(hash32(seed, hashString(`fomo:seat:${u.userId}`), day, run.ordinal)),
      );
      if (p) out.push(p);
    }
    return out.sort((a, b) => a.events[0].at - b.events[0].at);
  }

  private planPosition(u: FomoUser, day: number, slot: number, rand: () => number): FomoPosition | null {
    const st = u.style;
    const chain = rand() < st.solanaShare ? FOMO_CHAINS[0] : FOMO_CHAINS[1 + Math.floor(rand() * (FOMO_CHAINS.length - 1))];
    const tokens = this.tradable.get(chain.slug)!;
    if (!tokens.length) return null;
    const t0 = day * DAY_MS + Math.floor(rand() * DAY_MS);
    const bag = rand() < 0.12;
    // Hold time: log-normal-ish around the trader's habit; a bag is never fully sold.
    const holdMs = Math.max(5 * 60_000, st.holdHours * HOUR_MS * Math.exp((rand() + rand() + rand() - 1.5) * 1.6));
    const horizon = bag ? t0 + 30 * DAY_MS : t0 + holdMs;
    // Skill: a skilled trader more often picks the better of two candidates (over its own hold).
    const a = tokens[Math.floor(rand() * tokens.length)];
    const b = tokens[Math.floor(rand() * tokens.length)];
    const gain = (tk: Token) => (this.market.price(tk.asset, horizon) ?? 0) / (this.market.price(tk.asset, t0) ?? 1);
    const token = rand() < st.skill && gain(b) > gain(a) ? b : a;
    const price = (t: number) => this.market.price(token.asset, t) ?? 0;
    // Nobody trades a coin before it exists (or one without a price).
    if (this.createdMs(token) > t0 || price(t0) <= 0) return null;

    const events: PositionEvent[] = [];
    const size = st.sizeUsd * Math.exp((rand() - 0.5) * 1.4);
    const buys = 1 + Math.floor(rand() * 3);
    const received = rand() < 0.06;
    for (let i = 0; i < buys; i++) {
      const at = i === 0 ? t0 : t0 + Math.floor(rand() * holdMs * 0.3);
      const usd = round(size * (i === 0 ? 0.5 + rand() * 0.5 : 0.2 + rand() * 0.4), 2);
      events.push({ kind: i === 0 && received ? 'transferIn' : 'buy', at, amount: usd / price(at), usd, seq: 0 });
    }
    events.sort((x, y) => x.at - y.at);
    // Summed in time order, as accounting.ts does, so the final sell leaves exactly nothing.
    let held = events.reduce((a, e) => a + e.amount, 0);
    const sells = bag ? (rand() < 0.3 ? 1 : 0) : 1 + Math.floor(rand() * 3);
    const sellTimes = Array.from({ length: sells }, () => Math.floor(t0 + holdMs * (0.45 + rand() * 0.55))).sort((x, y) => x - y);
    const lastBuy = events[events.length - 1].at;
    for (let i = 0; i < sellTimes.length; i++) {
      const at = Math.max(sellTimes[i], lastBuy + 60_000);
      const final = !bag && i === sellTimes.length - 1;
      const amount = final ? held : held * (0.25 + rand() * 0.5);
      held -= amount;
      const out = final && rand() < 0.05 ? 'transferOut' : 'sell';
      events.push({ kind: out, at, amount, usd: round(amount * price(at), 2), seq: 0 });
    }
    events.sort((x, y) => x.at - y.at);
    events.forEach((e, i) => (e.seq = i));
    const thesis =
      rand() < 0.3 ? { at: t0 + Math.floor(rand() * 20 * 60_000), likesMax: Math.floor(rand() ** 2 * 400), topic: Math.floor(rand() * 1000) } : null;
    return {
      user: u.index,
      day,
      slot,
      tradeId: derivedId(this.market.seed, 'fomo:trade', u.index, day, slot),
      token,
      chain,
      quote: this.quoteFor(chain),
      events: events.slice(), // exact length: a pushed-to array keeps spare room, and there are 100k of them
      thesis,
      role: null,
    };
  }
}
