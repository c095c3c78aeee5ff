/**
 * One market: Solana Tracker's stand-in tells the same story as Jupiter and the FOMO stand-in.
 * - a coin's holders, authorities, top-10 and developer share, developer, price and market cap are
 *   Jupiter's (tokens v2 search) at the same instant;
 * - a launch's deployer is its FOMO developer, the first buyers open with that developer and the
 *   launch's insiders, with the figures of their FOMO positions; a deployer's launch count covers
 *   the `devMints` Jupiter's audit reports;
 * - a tracked trader's `/pnl` is the sum of their FOMO positions on Solana, what it holds is what
 *   their FOMO balances hold, and their rows in a coin's top traders are their positions on it;
 * - a market-cap chart is the market's price path × the circulating supply.
 * The clock is fixed (NOW), and moved to a second fixed instant where the story moves with it.
 */
import request from 'supertest';
import { DAY_MS, type Token } from '../../market';
import { SANDBOX_KEYS } from '../../server';
import { fixedSandbox, JUP_KEY, NOW } from '../../test/helpers';
import { cents, positionState, unrealizedPnl } from '../fomo/accounting';
import { fomoFixtures } from '../fomo/fixtures';
import type { FomoUser } from '../fomo/population';
import { PriceBook } from '../fomo/world';

type Json = Record<string, any>;

describe('one market: Solana Tracker, Jupiter and FOMO agree', () => {
  const sb = fixedSandbox({ keys: { fomo: [{ key: SANDBOX_KEYS.fomo, credits: 1e12 }] } });
  const st = async (path: string): Promise<any> => {
    const res = await request(sb.app).get(`/solana-tracker${path}`).set('x-api-key', SANDBOX_KEYS.solanaTracker);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const fomo = async (path: string): Promise<Json> => {
    const call = () => request(sb.app).get(`/fomo${path}`).set('authorization', `Bearer ${SANDBOX_KEYS.fomo}`);
    let res = await call();
    if (res.status === 409) res = await call();
    return res.body as Json;
  };
  const jupiter = async (mints: string[]): Promise<Map<string, Json>> => {
    const res = await request(sb.app)
      .get(`/jupiter/tokens/v2/search?query=${mints.join(',')}`)
      .set('x-api-key', JUP_KEY);
    return new Map((res.body as Json[]).map((j) => [j.id as string, j]));
  };
  const world = () => sb.fomo.world;
  const launched = () => fomoFixtures(world()).launches.filter((l) => Date.parse(l.launchedAt) <= sb.clockRef.t);
  /** A trader's FOMO positions on Solana at t, as FOMO's rows show them (cents), by mint. */
  const fomoBook = (u: FomoUser, t: number) => {
    const prices = new PriceBook(sb.market);
    const out = new Map<string, { realized: number; unrealized: number; holding: number; invested: number }>();
    for (const p of world().positions(u, t)) {
      if (p.chain.slug !== 'solana') continue;
      const s = positionState(p.events, t);
      const row = out.get(p.token.address) ?? { realized: 0, unrealized: 0, holding: 0, invested: 0 };
      row.realized += cents(s.realizedPnlUsd);
      row.unrealized += cents(unrealizedPnl(s, prices.at(p.token, t)));
      row.holding += s.amount;
      row.invested += cents(s.investedUsd);
      out.set(p.token.address, row);
    }
    return out;
  };

  afterEach(() => {
    sb.clockRef.t = NOW;
  });

  it.each([
    ['NOW', 0],
    ['three days later', 3 * DAY_MS],
  ])("every Solana coin's holders, authorities, top 10, developer and its share, price and market cap are Jupiter's (%s)", async (_label, shift) => {
    sb.clockRef.t = NOW + shift;
    const tokens = sb.market.solanaTokens();
    expect(tokens.length).toBeLessThanOrEqual(100);
    const jup = await jupiter(tokens.map((t) => t.address));
    expect(jup.size).toBe(tokens.length);
    for (const [mint, j] of jup) {
      const body = await st(`/tokens/${mint}`);
      expect(body.holders).toBe(j.holderCount);
      expect(body.risk.top10).toBe(j.audit.topHoldersPercentage);
      if (j.audit.devBalancePercentage !== undefined) expect(body.risk.dev.percentage).toBe(j.audit.devBalancePercentage);
      expect(body.token.creation?.creator ?? null).toBe(j.dev);
      if (j.usdPrice === null) {
        expect(body.pools).toEqual([]);
        continue;
      }
      expect(body.pools[0].security).toEqual({ mintAuthority: j.mintAuthority, freezeAuthority: j.freezeAuthority });
      expect(body.pools[0].price.usd).toBe(j.usdPrice);
      expect(body.pools[0].marketCap.usd).toBe(j.mcap);
      expect(body.pools[0].liquidity.usd).toBe(j.liquidity);
      expect(body.buys).toBe(j.stats24h.numBuys);
      expect(body.sells).toBe(j.stats24h.numSells);
      expect(body.events['24h'].priceChangePercentage).toBe(j.stats24h.priceChange);
    }
  });

  it("a launch's deployer is its FOMO developer, whose buy opens the first buyers with the insiders right behind", async () => {
    const launches = launched();
    expect(launches.length).toBeGreaterThanOrEqual(5);
    for (const l of launches.slice(0, 8)) {
      const dev = world().resolve(l.dev.userId)!;
      const [token, first, trade] = await Promise.all([st(`/tokens/${l.address}`), st(`/first-buyers/${l.address}`), fomo(`/v2/trades/${l.dev.tradeId}`)]);
      expect(token.token.creation).toMatchObject({ creator: dev.wallets.solana, created_time: Math.floor(Date.parse(l.launchedAt) / 1000) });
      expect(token.pools[0].deployer).toBe(dev.wallets.solana);
      // The creation transaction is the developer's launch buy, as FOMO's trade detail shows it.
      expect(token.token.creation.created_tx).toBe(trade.swaps[0].txHash);
      expect(first[0]).toMatchObject({ wallet: dev.wallets.solana, first_buy_time: Date.parse(l.launchedAt), first_buy: { signature: trade.swaps[0].txHash } });
      const book = fomoBook(dev, NOW).get(l.address)!;
      expect(first[0].realized).toBeCloseTo(book.realized, 2);
      expect(first[0].unrealized).toBeCloseTo(book.unrealized, 2);
      expect(first[0].holding).toBeCloseTo(book.holding, 6);
      // Its holding is the developer share both Jupiter and /tokens report.
      expect(token.risk.dev.percentage).toBeCloseTo((book.holding / sb.market.tokenByMintAddress(l.address)!.circSupply) * 100, 4);
      const insiders = world().activity.launches.launch(sb.market.tokenByMintAddress(l.address)!)!.insiders;
      for (const p of insiders) {
        const wallet = world().population.users[p.user].wallets.solana;
        const row = (first as Json[]).find((r) => r.wallet === wallet)!;
        expect(row.first_buy_time).toBe(p.events[0].at);
        expect(row.first_buy_time - Date.parse(l.launchedAt)).toBeLessThanOrEqual(4 * 60_000);
        expect(token.risk.insiders.wallets.map((w: Json) => w.wallet)).toContain(wallet);
      }
    }
  });

  it("a deployer's launches cover the devMints Jupiter reports, and a rugged developer holds nothing", async () => {
    const launches = launched();
    const jup = await jupiter(launches.map((l) => l.address));
    for (const l of launches.slice(0, 10)) {
      const wallet = world().resolve(l.dev.userId)!.wallets.solana;
      const deployed = await st(`/deployer/${wallet}`);
      const own = sb.market.solanaTokens().filter((t: Token) => sb.market.developer(t) === wallet);
      expect(deployed.tokens.map((t: Json) => t.mint)).toEqual(expect.arrayContaining(own.map((t) => t.address)));
      expect(deployed.total).toBe(own.reduce((a, t) => a + t.devMints, 0));
      expect(deployed.total).toBeGreaterThanOrEqual(jup.get(l.address)!.audit.devMints);
    }
    // RUGZ's developer dumped the launch bag within hours: what is left is whatever else it traded.
    const rugz = launches.find((l) => l.symbol === 'RUGZ')!;
    const [token, first] = await Promise.all([st(`/tokens/${rugz.address}`), st(`/first-buyers/${rugz.address}`)]);
    expect(token.risk.dev.percentage).toBe(jup.get(rugz.address)!.audit.devBalancePercentage);
    expect(first[0]).toMatchObject({ wallet: token.token.creation.creator, sell_transactions: expect.any(Number) });
    expect(first[0].sell_transactions).toBeGreaterThan(0);
    expect(token.risk.dev.percentage).toBeCloseTo((first[0].holding / sb.market.tokenByMintAddress(rugz.address)!.circSupply) * 100, 4);
  });

  it("an untracked developer's bag is the share Jupiter's audit gives it, in its /pnl too", async () => {
    const tracked = new Set(fomoFixtures(world()).launches.map((l) => l.address));
    const memes = sb.market.fixtures.memeMints.filter((m) => !tracked.has(m) && sb.market.tokenPrice(sb.market.tokenByMintAddress(m)!) !== null).slice(0, 5);
    expect(memes.length).toBeGreaterThan(0);
    const jup = await jupiter(memes);
    for (const mint of memes) {
      const tk = sb.market.tokenByMintAddress(mint)!;
      const j = jup.get(mint)!;
      expect(j.dev).toBe(tk.dev);
      const pnl = await st(`/pnl/${tk.dev}`);
      expect(pnl.tokens[mint].holding).toBeCloseTo((j.audit.devBalancePercentage / 100) * tk.circSupply, 0);
      expect(pnl.tokens[mint].sell_transactions).toBe(0);
    }
  });

  it("a leaderboard trader's wallet: /pnl sums their FOMO positions on Solana and holds what their balances hold", async () => {
    const board = (await fomo('/v2/leaderboard/7d?limit=30')).traders as Json[];
    let checked = 0;
    for (const row of board) {
      const u = world().resolve(row.userId)!;
      const book = fomoBook(u, NOW);
      if (book.size === 0) continue;
      const pnl = await st(`/pnl/${u.wallets.solana}`);
      expect(Object.keys(pnl.tokens).sort()).toEqual([...book.keys()].sort());
      let realized = 0;
      let unrealized = 0;
      for (const [mint, b] of book) {
        expect(pnl.tokens[mint].realized).toBeCloseTo(b.realized, 2);
        expect(pnl.tokens[mint].unrealized).toBeCloseTo(b.unrealized, 2);
        expect(pnl.tokens[mint].total_invested).toBeCloseTo(b.invested, 2);
        realized += b.realized;
        unrealized += b.unrealized;
      }
      expect(pnl.summary.realized).toBeCloseTo(realized, 2);
      expect(pnl.summary.unrealized).toBeCloseTo(unrealized, 2);
      const answer = await fomo(`/v2/users/${u.userId}/balances?chain=solana`);
      if (answer.capped) continue;
      const balances = answer.holdings as Json[];
      const held = new Map<string, number>();
      for (const h of balances) held.set(h.token.address, (held.get(h.token.address) ?? 0) + h.amount);
      const holding = Object.entries(pnl.tokens as Record<string, Json>).filter(([, t]) => t.holding > 0);
      expect(holding.map(([m]) => m).sort()).toEqual([...held.keys()].sort());
      for (const [mint, t] of holding) expect(t.holding).toBeCloseTo(held.get(mint)!, 6);
      if (++checked === 5) break;
    }
    expect(checked).toBe(5);
  });

  it("a coin's top traders: each tracked row is that trader's FOMO positions on the coin", async () => {
    const launch = launched()[2];
    const top = (await st(`/top-traders/${launch.address}`)) as Json[];
    const byWallet = new Map(world().population.traders.map((u) => [u.wallets.solana, u]));
    const tracked = top.filter((r) => byWallet.has(r.wallet));
    expect(tracked.length).toBeGreaterThan(0);
    for (const r of tracked) {
      const b = fomoBook(byWallet.get(r.wallet)!, NOW).get(launch.address)!;
      expect(r.realized).toBeCloseTo(b.realized, 2);
      expect(r.unrealized).toBeCloseTo(b.unrealized, 2);
      expect(r.total).toBeCloseTo(b.realized + b.unrealized, 1);
    }
  });

  it("a market-cap chart is the market's price path × circulating supply, FOMO's candles scaled, ending at Jupiter's mcap", async () => {
    const mint = launched()[0].address;
    const tk = sb.market.tokenByMintAddress(mint)!;
    const from = Math.floor((NOW - 2 * DAY_MS) / 1000);
    const [{ oclhv }, candles, jup] = await Promise.all([
      st(`/chart/${mint}?type=1h&time_from=${from}&marketCap=true`),
      fomo(`/v2/token/${mint}/candles?resolution=60&from=${from}&to=${Math.floor(NOW / 1000)}&countBack=1000`),
      jupiter([mint]),
    ]);
    expect(oclhv.length).toBeGreaterThan(10);
    const fomoByTime = new Map((candles.candles as Json[]).map((c) => [c.t, c]));
    for (const c of oclhv as Json[]) {
      expect(c.open).toBeCloseTo(sb.market.price(tk.asset, c.time * 1000)! * tk.circSupply, 1);
      const f = fomoByTime.get(c.time);
      if (f) expect(c.close).toBeCloseTo(f.c * tk.circSupply, 1);
    }
    expect(oclhv[oclhv.length - 1].close).toBeCloseTo(jup.get(mint)!.mcap, 1);
  });
});
