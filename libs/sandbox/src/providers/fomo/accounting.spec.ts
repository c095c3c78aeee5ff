/**
 * The accounting identities, on thousands of random positions (buys, sells, transfers, partial
 * and full exits) over a random price path: all-time PnL is realized + unrealized, window PnL adds
 * up across adjacent windows, and a position's cost basis is conserved.
 */
import { createMarket } from '../../market';
import { mulberry32 } from '../../prng';
import { amountAt, positionState, unrealizedPnl, windowPnl, type EventKind, type PositionEvent } from './accounting';
import { TraderActivity } from './activity';
import { FOMO_CHAINS } from './types';
import { INSIDER_WINDOW_MS } from './launches';
import { FomoPopulation } from './population';

function randomPosition(rand: () => number, price: (t: number) => number): PositionEvent[] {
  const events: PositionEvent[] = [];
  let held = 0;
  let t = Math.floor(rand() * 1e6);
  const n = 1 + Math.floor(rand() * 8);
  for (let i = 0; i < n; i++) {
    t += 1 + Math.floor(rand() * 1e5);
    const incoming = held === 0 || rand() < 0.5;
    const kind: EventKind = incoming ? (rand() < 0.15 ? 'transferIn' : 'buy') : rand() < 0.15 ? 'transferOut' : 'sell';
    const amount = incoming ? 1 + rand() * 1000 : rand() < 0.3 ? held : held * rand();
    held = incoming ? held + amount : held - amount;
    events.push({ kind, at: t, amount, usd: Math.round(amount * price(t) * 100) / 100, seq: i });
  }
  return events;
}

describe('FOMO accounting', () => {
  const price = (t: number) => 1 + 0.5 * Math.sin(t / 7e4) + t / 1e7;
  const rand = mulberry32(7);
  const positions = Array.from({ length: 3000 }, () => randomPosition(rand, price));

  it('all-time window PnL = realized + unrealized, at every instant', () => {
    for (const ev of positions) {
      for (const t of [ev[0].at, ev[Math.floor(ev.length / 2)].at + 5, ev[ev.length - 1].at + 1e5]) {
        const s = positionState(ev, t);
        const all = windowPnl(ev, -Infinity, t, price);
        expect(Math.abs(all - (s.realizedPnlUsd + unrealizedPnl(s, price(t))))).toBeLessThan(1e-6 * (1 + Math.abs(all)));
      }
    }
  });

  it('PnL over (a, c] = PnL over (a, b] + PnL over (b, c]', () => {
    for (const ev of positions) {
      const a = ev[0].at - 10;
      const c = ev[ev.length - 1].at + 10;
      const b = a + Math.floor(rand() * (c - a));
      const whole = windowPnl(ev, a, c, price);
      expect(Math.abs(whole - windowPnl(ev, a, b, price) - windowPnl(ev, b, c, price))).toBeLessThan(1e-6 * (1 + Math.abs(whole)));
    }
  });

  it('cost basis is conserved: what went in = basis held + basis removed; closed means nothing held', () => {
    for (const ev of positions) {
      const s = positionState(ev, Infinity);
      const proceeds = ev.filter((e) => e.kind === 'sell' || e.kind === 'transferOut').reduce((x, e) => x + e.usd, 0);
      // realized = proceeds − basis removed, so basis removed + basis held = invested.
      expect(Math.abs(proceeds - s.realizedPnlUsd + s.openCostUsd - s.investedUsd)).toBeLessThan(1e-6 * (1 + s.investedUsd));
      expect(s.amount).toBe(amountAt(ev, Infinity));
      expect(s.closedAt === null).toBe(s.amount > 0);
      expect(s.swapCount).toBe(ev.filter((e) => e.kind === 'buy' || e.kind === 'sell').length);
    }
  });

  it('launch positions (devs, insiders) obey the same identities, in time order, from the launch on', () => {
    for (const seed of [1, 42, 777]) {
      const market = createMarket({ seed, now: () => Date.UTC(2026, 5, 15) });
      const population = new FomoPopulation();
      const launches = new TraderActivity(market, population).launches;
      const all = launches.all();
      expect(all.length).toBeGreaterThan(10);
      for (const p of all) {
        const ev = p.events;
        const launch = launches.launch(p.token)!;
        expect(p.chain).toBe(FOMO_CHAINS[0]);
        expect(population.users[p.user].createdAt).toBeLessThanOrEqual(launch.at);
        if (p.role === 'dev') expect(ev[0].at).toBe(launch.at);
        else expect([ev[0].at - launch.at > 0, ev[0].at - launch.at <= INSIDER_WINDOW_MS]).toEqual([true, true]);
        for (let i = 1; i < ev.length; i++) expect(ev[i].at).toBeGreaterThanOrEqual(ev[i - 1].at);
        const s = positionState(ev, Infinity);
        const price = market.price(p.token.asset)!;
        expect(Math.abs(windowPnl(ev, -Infinity, Date.now() * 2, () => price) - (s.realizedPnlUsd + unrealizedPnl(s, price)))).toBeLessThan(
          1e-6 * (1 + s.investedUsd),
        );
        expect(s.amount).toBe(amountAt(ev, Infinity));
      }
      expect(launches.withDevs().length).toBeGreaterThan(5);
    }
  });
});
