import type { Notification } from 'pg';
import type { FeedEvent } from '../feed-event';
import { FEED_CHANNEL } from '../feed-store';
import { feedKey, feedPredicate } from '../tools/feed-filter';
import { DELIVERY_SLICE, FeedHub, type Watcher } from './feed-hub';

/** The hub's delivery, driven without a database: notifications are handed to it as the LISTEN connection would. */

const TOKEN = 'So11111111111111111111111111111111111111112';

const event = (id: string): FeedEvent => ({
  eventId: id,
  side: 'buy',
  userId: 'u1',
  trader: 'alice',
  tradeId: null,
  tokenAddress: TOKEN,
  tokenSymbol: 'SOL',
  chain: 'solana',
  chainId: null,
  positionUsd: null,
  realizedPnlUsd: null,
  tradeUsd: 10,
  text: null,
  at: '2026-01-01T00:00:00.000Z',
});

/** The hub's private side, as a test reaches it. */
interface HubInside {
  watchers: { add(w: Watcher): void; delete(w: Watcher): boolean };
  dispatch(n: Pick<Notification, 'channel' | 'payload'>): void;
}

function harness() {
  const hub = new FeedHub('postgres://unused');
  const inside = hub as unknown as HubInside;
  const got = new Map<number, string[]>();
  const add = (id: number, filter: { token?: string; side?: 'buy' | 'sell' }) => {
    got.set(id, []);
    const w: Watcher = { key: feedKey(filter), matches: feedPredicate(filter), deliver: (e) => got.get(id)!.push(e.eventId), end: () => undefined };
    inside.watchers.add(w);
    return w;
  };
  const announce = (e: FeedEvent) => inside.dispatch({ channel: FEED_CHANNEL, payload: JSON.stringify(e) });
  return { hub, inside, got, add, announce };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('FeedHub delivery', () => {
  it('serves a slice of watchers per turn, every event to every matching watcher in the order announced', async () => {
    const h = harness();
    const count = DELIVERY_SLICE * 2 + 10;
    for (let i = 0; i < count; i++) h.add(i, i % 2 === 0 ? { token: TOKEN } : { side: 'buy' });
    h.add(-1, { token: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263' });
    h.announce(event('a'));
    h.announce(event('b'));
    // The first slice is served at once, the rest on later turns.
    const served = () => [...h.got.values()].reduce((n, ids) => n + ids.length, 0);
    expect(served()).toBe(DELIVERY_SLICE);
    for (let i = 0; i < 10; i++) await turn();
    for (let i = 0; i < count; i++) expect(h.got.get(i)).toEqual(['a', 'b']);
    expect(h.got.get(-1)).toEqual([]);
    expect(h.hub.delivered).toBe(count * 2);
  });

  it('skips a watcher that ended while the event was still being delivered', async () => {
    const h = harness();
    const watchers = Array.from({ length: DELIVERY_SLICE + 5 }, (_, i) => h.add(i, { token: TOKEN }));
    h.announce(event('a'));
    const last = watchers[watchers.length - 1];
    h.inside.watchers.delete(last);
    for (let i = 0; i < 5; i++) await turn();
    expect(h.got.get(watchers.length - 1)).toEqual([]);
    expect(h.got.get(0)).toEqual(['a']);
    expect(h.hub.delivered).toBe(watchers.length - 1);
  });

  it('goes on to the other watchers, and to later events, when one watcher throws', async () => {
    const h = harness();
    h.add(1, { token: TOKEN });
    h.inside.watchers.add({
      key: null,
      matches: () => true,
      deliver: () => {
        throw new Error('broken');
      },
      end: () => undefined,
    });
    h.add(2, { token: TOKEN });
    h.announce(event('a'));
    h.announce(event('b'));
    for (let i = 0; i < 3; i++) await turn();
    expect(h.got.get(1)).toEqual(['a', 'b']);
    expect(h.got.get(2)).toEqual(['a', 'b']);
  });
});
