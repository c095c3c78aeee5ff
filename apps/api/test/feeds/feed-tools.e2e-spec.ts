import { randomUUID } from 'node:crypto';
import { FeedHub, FeedStore, type FeedEvent } from '@scout/feeds';
import { ManualClock } from '../../../../test/manual-clock';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The feed tools over Scout's stored trade feed: events are written to feed_events through the
 * store (as the ingestion writes them), and the tools read them back by window.
 */

// An instant of this spec's own, a month before the other specs' SANDBOX_NOW: they store the
// sandbox's feed of that day in the shared test database, and the groupings and rankings read here
// must see only the events this spec stores.
const NOW = Date.parse('2026-10-20T12:00:00.000Z');
const MINUTE = 60_000;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
type Json = any;

let seq = 0;
/** A feed event `minutesAgo` before NOW; token and trader are names made unique to this run. */
function event(over: Partial<FeedEvent> & { minutesAgo: number; token: string; trader: string }): FeedEvent {
  seq += 1;
  const { minutesAgo, token, trader, ...rest } = over;
  return {
    eventId: `e2e-${RUN}-${seq}`,
    side: 'buy',
    userId: `user-${RUN}-${trader}`,
    trader: `${trader}${RUN}`,
    tradeId: `trade-${seq}`,
    tokenAddress: token,
    tokenSymbol: `SYM${token.slice(-3)}`,
    chain: 'solana',
    chainId: 1399811149,
    positionUsd: 5000,
    realizedPnlUsd: null,
    tradeUsd: 1000 + seq,
    text: null,
    at: new Date(NOW - minutesAgo * MINUTE).toISOString(),
    ...rest,
  };
}
const RUN = randomUUID().slice(0, 6);
/** A base58 mint-like address unique to this run. */
const mint = (n: number) => `Run${RUN.replace(/[0OIl]/g, 'x')}Mint${'1'.repeat(26)}${n}`.slice(0, 44);

describe('feed tools (end to end over the stored feed)', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;
  let store: FeedStore;
  const A = mint(1);
  const B = mint(2);
  const C = mint(3);
  const D = mint(4);

  beforeAll(async () => {
    t = await startTestApp({ clock: new ManualClock(new Date(NOW)) });
    ({ apiKey: key, accountId } = await t.createAccount('feeds'));
    await t.setBalance(accountId, 100_000);
    store = t.app.get(FeedStore);
    await store.insert(
      [
        // Token A: four distinct traders bought in the last hour (one of them twice), one sold.
        event({ minutesAgo: 50, token: A, trader: 'ann' }),
        event({ minutesAgo: 40, token: A, trader: 'bo' }),
        event({ minutesAgo: 30, token: A, trader: 'cy' }),
        event({ minutesAgo: 20, token: A, trader: 'ann' }),
        event({ minutesAgo: 10, token: A, trader: 'dee', tradeUsd: 50_000 }),
        event({ minutesAgo: 5, token: A, trader: 'eve', side: 'sell', positionUsd: null, realizedPnlUsd: -120 }),
        // Token B: three traders, but two of them 20 hours ago: only inside a day-long window.
        event({ minutesAgo: 20 * 60, token: B, trader: 'ann' }),
        event({ minutesAgo: 19 * 60, token: B, trader: 'bo' }),
        event({ minutesAgo: 15, token: B, trader: 'cy' }),
        // Token C: on base, one trader.
        event({ minutesAgo: 25, token: C, trader: 'fay', chain: 'base', chainId: 8453 }),
        // Token D: two traders sold it in the last hour.
        event({ minutesAgo: 35, token: D, trader: 'gus', side: 'sell', positionUsd: null, realizedPnlUsd: 310.5 }),
        event({ minutesAgo: 33, token: D, trader: 'hal', side: 'sell', positionUsd: null, realizedPnlUsd: -42 }),
        // Older than a day: never in a window.
        event({ minutesAgo: 25 * 60, token: A, trader: 'old' }),
      ],
      'backfill',
    );
  });
  afterAll(() => t.close());

  const call = (tool: string, body: object) => t.http().post(`/api/v1/tools/${tool}`).set(bearer(key)).send(body);
  const mine = (events: Json[]) => events.filter((e) => [A, B, C].includes(e.token.address));

  describe('service_fomo_alerts', () => {
    it('the window newest first, trade size kept apart from position value and realized PnL; 125 credits', async () => {
      const before = await t.spendable(accountId);
      const res = await call('service_fomo_alerts', { windowMinutes: 60, limit: 100 });
      expect(res.status).toBe(200);
      const events = mine(res.body.data.events);
      expect(events.map((e: Json) => e.trader)).toEqual(['eve', 'dee', 'cy', 'ann', 'fay', 'cy', 'bo', 'ann'].map((n) => `${n}${RUN}`));
      expect(events[0]).toMatchObject({ side: 'sell', realizedPnlUsd: -120, positionUsd: null });
      expect(events[1]).toMatchObject({ side: 'buy', tradeUsd: 50_000, positionUsd: 5000, realizedPnlUsd: null });
      expect(res.body.data).toMatchObject({ coveredTo: new Date(NOW).toISOString() });
      expect(res.body.data.eventsScanned).toBeGreaterThanOrEqual(8);
      expect(await t.spendable(accountId)).toBe(before - 125);
    });

    it('filters: type, chain, trader (handle or user id), token (address or symbol), minUsd, since', async () => {
      const pick = async (body: object) =>
        mine((await call('service_fomo_alerts', { windowMinutes: 1440, limit: 100, ...body })).body.data.events).map((e: Json) => e.trader);
      expect(await pick({ type: 'sell' })).toEqual([`eve${RUN}`]);
      expect(await pick({ chain: 'base' })).toEqual([`fay${RUN}`]);
      expect(await pick({ trader: `@ANN${RUN}` })).toEqual([`ann${RUN}`, `ann${RUN}`, `ann${RUN}`]);
      expect(await pick({ trader: `user-${RUN}-bo` })).toEqual([`bo${RUN}`, `bo${RUN}`]);
      expect((await pick({ token: B })).length).toBe(3);
      expect((await pick({ token: `sym${B.slice(-3)}`.toLowerCase() })).length).toBeGreaterThanOrEqual(1);
      expect(await pick({ minUsd: 10_000 })).toEqual([`dee${RUN}`]);
      expect((await pick({ since: new Date(NOW - 12 * MINUTE).toISOString() })).sort()).toEqual([`dee${RUN}`, `eve${RUN}`]);
      expect((await pick({ since: Math.floor((NOW - 12 * MINUTE) / 1000) })).sort()).toEqual([`dee${RUN}`, `eve${RUN}`]);
    });

    it.each([
      [{ windowMinutes: 0 }, 'windowMinutes'],
      [{ windowMinutes: 1441 }, 'windowMinutes'],
      [{ limit: 101 }, 'limit'],
      [{ type: 'thesis' }, 'type'],
      [{ since: 'yesterday' }, 'since'],
      [{ since: new Date(NOW - 1441 * MINUTE).toISOString() }, 'since'],
      // Not a real instant (the fuzzer's 1e308 was once a 500), far future, before 2009.
      [{ since: 1e308 }, 'since'],
      [{ since: '9999-12-31T00:00:00Z' }, 'since'],
      [{ since: 99_999_999_999 }, 'since'],
      [{ since: '2008-12-31' }, 'since'],
      [{ minUsd: -1 }, 'minUsd'],
      [{ token: 'two words' }, 'token'],
      [{ chain: 'tron' }, 'chain'],
    ])('400 for %j, uncharged', async (body, field) => {
      const before = await t.spendable(accountId);
      const res = await call('service_fomo_alerts', body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.error)).toContain(field);
      expect(await t.spendable(accountId)).toBe(before);
    });
  });

  describe('service_fomo_multi_trader_entries and service_fomo_coordinated_activity', () => {
    it('groups by token, counting distinct traders; a day-long window is covered in full', async () => {
      const hour = (await call('service_fomo_multi_trader_entries', { windowMinutes: 60, minTraders: 3 })).body.data;
      const a = hour.matches.find((m: Json) => m.tokenAddress === A);
      expect(a).toMatchObject({
        distinctTraders: 4,
        firstEntryAt: new Date(NOW - 50 * MINUTE).toISOString(),
        lastEntryAt: new Date(NOW - 10 * MINUTE).toISOString(),
      });
      // Each trader once, with their latest buy.
      expect(a.traders.map((x: Json) => [x.handle, x.at])).toEqual([
        [`dee${RUN}`, new Date(NOW - 10 * MINUTE).toISOString()],
        [`ann${RUN}`, new Date(NOW - 20 * MINUTE).toISOString()],
        [`cy${RUN}`, new Date(NOW - 30 * MINUTE).toISOString()],
        [`bo${RUN}`, new Date(NOW - 40 * MINUTE).toISOString()],
      ]);
      // The peer's names beside Scout's: usdValue is the provider's figure (a buy's position value), alertsScanned the events read.
      expect(a.traders.map((x: Json) => x.usdValue)).toEqual(a.traders.map((x: Json) => x.positionUsd));
      expect(hour.alertsScanned).toBe(hour.eventsScanned);
      expect(hour.matches.find((m: Json) => m.tokenAddress === B)).toBeUndefined();
      const day = (await call('service_fomo_multi_trader_entries', { windowMinutes: 1440, minTraders: 3 })).body.data;
      expect(day.matches.find((m: Json) => m.tokenAddress === B)).toMatchObject({ distinctTraders: 3 });
      expect(day).toMatchObject({ side: 'buy', minTraders: 3, windowMinutes: 1440, coveredTo: new Date(NOW).toISOString() });
      const sells = (await call('service_fomo_multi_trader_entries', { windowMinutes: 60, minTraders: 2, side: 'sell' })).body.data;
      expect(sells.matches.find((m: Json) => m.tokenAddress === A)).toBeUndefined();
      // On a sell, usdValue is the realized PnL (FOMO's one usdValue means that there).
      const d = sells.matches.find((m: Json) => m.tokenAddress === D);
      expect(d.traders.map((x: Json) => [x.handle, x.usdValue, x.positionUsd])).toEqual([
        [`hal${RUN}`, -42, null],
        [`gus${RUN}`, 310.5, null],
      ]);
    });

    it('coordinated activity ranks the same groups by traders, then the tightest spread', async () => {
      const res = await call('service_fomo_coordinated_activity', { windowMinutes: 1440, minTraders: 3 });
      expect(res.status).toBe(200);
      const ours = res.body.data.matches.filter((m: Json) => [A, B].includes(m.tokenAddress));
      expect(ours.map((m: Json) => [m.tokenAddress, m.distinctTraders, m.spreadMinutes])).toEqual([
        [A, 4, 40],
        [B, 3, 20 * 60 - 15],
      ]);
      expect(res.body.credits.creditsSpent).toBe(125);
    });

    it.each([
      ['service_fomo_multi_trader_entries', { minTraders: 1 }, 'minTraders'],
      ['service_fomo_multi_trader_entries', { minTraders: 51 }, 'minTraders'],
      ['service_fomo_multi_trader_entries', { limit: 51 }, 'limit'],
      ['service_fomo_coordinated_activity', { limit: 101 }, 'limit'],
      ['service_fomo_coordinated_activity', { windowMinutes: 1441 }, 'windowMinutes'],
      ['service_fomo_coordinated_activity', { side: 'hold' }, 'side'],
    ])('%s: 400 for %j', async (tool, body, field) => {
      const res = await call(tool, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.error)).toContain(field);
    });
  });

  it('the watch hub is one listener in this process', () => {
    expect(t.app.get(FeedHub).size).toBe(0);
  });
});
