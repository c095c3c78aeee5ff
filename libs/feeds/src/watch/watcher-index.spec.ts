import type { FeedEvent } from '../feed-event';
import { feedFilterId, feedKey, feedPredicate, type FeedFilter } from '../tools/feed-filter';
import { WatcherIndex } from './watcher-index';

/** The index must find exactly the watchers a test of every open one would. */

const SOLANA = ['So11111111111111111111111111111111111111112', 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263'];
const EVM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
  return { next, pick };
}

function randomEvent(r: ReturnType<typeof random>, i: number): FeedEvent {
  return {
    eventId: `e${i}`,
    side: r.pick(['buy', 'sell'] as const),
    userId: r.pick(['u1', 'U2', 'alice', null]),
    trader: r.pick(['alice', 'Bob', 'u1', null]),
    tradeId: null,
    tokenAddress: r.pick([...SOLANA, EVM.toLowerCase()]),
    tokenSymbol: r.pick(['SOL', 'usdc', 'Bonk', '', null]),
    chain: r.pick(['solana', 'ethereum', null] as const),
    chainId: null,
    positionUsd: null,
    realizedPnlUsd: null,
    tradeUsd: r.pick([null, 5, 50, 500]),
    text: null,
    at: '2026-01-01T00:00:00.000Z',
  };
}

function randomFilter(r: ReturnType<typeof random>): FeedFilter {
  const filter: FeedFilter = {};
  if (r.next() < 0.3) filter.side = r.pick(['buy', 'sell'] as const);
  if (r.next() < 0.2) filter.chain = r.pick(['solana', 'ethereum'] as const);
  if (r.next() < 0.4) filter.trader = r.pick(['alice', '@Alice', ' bob ', 'U1', 'u2', '@', 'nobody']);
  if (r.next() < 0.5) filter.token = r.pick([...SOLANA, EVM, EVM.toLowerCase(), 'sol', '$USDC', 'bonk', '$', ' ', 'none']);
  if (r.next() < 0.2) filter.minUsd = r.pick([0, 10, 100]);
  return filter;
}

interface TestWatcher {
  id: number;
  key: string | null;
  filterId?: string;
  matches(e: FeedEvent): boolean;
}

/** A watcher of `filter`; `grouped`: with its filterId, as the hub's watches and streams have. */
const watcher = (id: number, filter: FeedFilter, grouped = true): TestWatcher => ({
  id,
  key: feedKey(filter),
  ...(grouped ? { filterId: feedFilterId(filter) } : {}),
  matches: feedPredicate(filter),
});
const ids = (ws: TestWatcher[]) => ws.map((w) => w.id).sort((a, b) => a - b);

describe('WatcherIndex', () => {
  it('finds, for random filters and events, exactly the watchers a linear scan finds, each once', () => {
    const r = random(22);
    const index = new WatcherIndex<TestWatcher>();
    const open: TestWatcher[] = [];
    for (let i = 0; i < 600; i++) {
      // Some without a filterId: each is tested on its own.
      const w = watcher(i, randomFilter(r), i % 5 !== 0);
      index.add(w);
      open.push(w);
    }
    let matched = 0;
    for (let i = 0; i < 400; i++) {
      const e = randomEvent(r, i);
      const expected = ids(open.filter((w) => w.matches(e)));
      expect(ids(index.matching(e))).toEqual(expected);
      matched += expected.length;
    }
    // The comparison means something only if events did match some watchers and not others.
    expect(matched).toBeGreaterThan(400);
    expect(matched).toBeLessThan(400 * 600);
  });

  it('tests one watcher per filter and event, and forgets a filter whose watchers all left', () => {
    let tests = 0;
    const counted = (id: number, filter: FeedFilter): TestWatcher => {
      const w = watcher(id, filter);
      const matches = w.matches;
      return { ...w, matches: (e) => ((tests += 1), matches(e)) };
    };
    const index = new WatcherIndex<TestWatcher>();
    const same = Array.from({ length: 50 }, (_, i) => counted(i, { token: SOLANA[0], minUsd: 10 }));
    same.forEach((w) => index.add(w));
    index.add(counted(50, { token: ` ${SOLANA[0]}`, minUsd: 10 }));
    index.add(counted(51, { token: SOLANA[0], minUsd: 100 }));
    const e = { ...randomEvent(random(3), 0), tokenAddress: SOLANA[0], tradeUsd: 50 };
    expect(ids(index.matching(e))).toEqual([...same.map((w) => w.id), 50]);
    // Two filters under the key: the first 51 share one (the address is trimmed), the last has its own.
    expect(tests).toBe(2);
    same.forEach((w) => index.delete(w));
    expect(ids(index.matching(e))).toEqual([50]);
  });

  it('gives filters the same id only when they test the same', () => {
    expect(feedFilterId({ token: ` ${EVM}`, trader: '@Alice' })).toBe(feedFilterId({ token: EVM.toLowerCase(), trader: 'alice' }));
    expect(feedFilterId({})).not.toBe(feedFilterId({ minUsd: 0 }));
    expect(feedFilterId({ minUsd: Number.NaN })).not.toBe(feedFilterId({ minUsd: null as unknown as number }));
    expect(feedFilterId({ side: 'buy' })).not.toBe(feedFilterId({ side: 'sell' }));
    expect(feedFilterId({ token: 'bonk' })).not.toBe(feedFilterId({ trader: 'bonk' }));
  });

  it('keys a filter by its token address (any case for EVM), else symbol, else trader; none for the rest', () => {
    expect(feedKey({ token: EVM, trader: 'alice' })).toBe(`address:${EVM.toLowerCase()}`);
    expect(feedKey({ token: SOLANA[0] })).toBe(`address:${SOLANA[0]}`);
    expect(feedKey({ token: '$Bonk', trader: 'alice' })).toBe('symbol:bonk');
    expect(feedKey({ trader: '@Alice' })).toBe('trader:alice');
    expect(feedKey({ side: 'buy', chain: 'solana', minUsd: 5 })).toBeNull();
    expect(feedKey({ token: ' ', trader: '@' })).toBeNull();
  });

  it('forgets a removed watcher, and counts what is open', () => {
    const index = new WatcherIndex<TestWatcher>();
    const keyed = watcher(1, { token: SOLANA[0] });
    const unkeyed = watcher(2, {});
    index.add(keyed);
    index.add(unkeyed);
    index.add(keyed);
    expect(index.size).toBe(2);
    const e = randomEvent(random(1), 0);
    e.tokenAddress = SOLANA[0];
    expect(ids(index.matching(e))).toEqual([1, 2]);
    expect(index.delete(keyed)).toBe(true);
    expect(index.delete(keyed)).toBe(false);
    expect(ids(index.matching(e))).toEqual([2]);
    expect([...index]).toEqual([unkeyed]);
    index.clear();
    expect(index.size).toBe(0);
    expect(index.matching(e)).toEqual([]);
  });
});
