import type { FeedEvent } from '../feed-event';
import type { FeedStore } from '../feed-store';
import type { FeedHub, Watcher } from './feed-hub';
import { FeedStream, resumePoint, STREAM_REPLAY_MS } from './feed-stream';

/** The joint between the replay and the live part, with a hub and a store that the test drives. */

const event = (id: string, over: Partial<FeedEvent> = {}): FeedEvent => ({
  eventId: id,
  side: 'buy',
  userId: 'u1',
  trader: 'alice',
  tradeId: null,
  tokenAddress: 'So11111111111111111111111111111111111111112',
  tokenSymbol: 'SOL',
  chain: 'solana',
  chainId: null,
  positionUsd: null,
  realizedPnlUsd: null,
  tradeUsd: 10,
  text: null,
  at: '2025-01-01T00:00:00.000Z',
  ...over,
});

function harness(pages: FeedEvent[][]) {
  const watchers = new Set<Watcher>();
  const hub = {
    watch: async (w: Watcher) => {
      watchers.add(w);
      return () => watchers.delete(w);
    },
  } as unknown as FeedHub;
  const announce = (e: FeedEvent) => {
    for (const w of watchers) if (w.matches(e)) w.deliver(e);
  };
  const calls: { after: string | null; withinMs: number }[] = [];
  /** Runs while a replay query is "in flight": events stored meanwhile are announced then. */
  let duringQuery: (() => void) | undefined;
  const store = {
    storedAfter: async (q: { after: string | null; withinMs: number }) => {
      calls.push({ after: q.after, withinMs: q.withinMs });
      duringQuery?.();
      return pages.shift() ?? [];
    },
  } as unknown as FeedStore;
  const sent: string[] = [];
  return {
    hub,
    store,
    announce,
    calls,
    sent,
    watchers,
    whileQuerying: (f: () => void) => (duringQuery = f),
    send: (e: FeedEvent) => void sent.push(e.eventId),
  };
}

describe('FeedStream', () => {
  it('sends an event stored while the replay query runs once, after the replay, and skips one the replay already had', async () => {
    const h = harness([[event('a'), event('b')]]);
    const stream = await FeedStream.open(h.hub, h.store, { filter: {}, resume: { after: 'x' }, send: h.send, end: () => undefined });
    // b is announced before the query reads it (so the replay has it too); c only live.
    h.whileQuerying(() => {
      h.announce(event('b'));
      h.announce(event('c'));
    });
    await stream.start();
    expect(h.sent).toEqual(['a', 'b', 'c']);
    expect(h.calls).toEqual([{ after: 'x', withinMs: STREAM_REPLAY_MS }]);
    // A late notice of a replayed event is not sent again; new events are.
    h.announce(event('a'));
    h.announce(event('d'));
    expect(h.sent).toEqual(['a', 'b', 'c', 'd']);
    stream.close();
    expect(h.watchers.size).toBe(0);
  });

  it('pages through a long replay by the last id of each page', async () => {
    const first = Array.from({ length: 500 }, (_, i) => event(`p${i}`));
    const h = harness([first, [event('q')]]);
    const stream = await FeedStream.open(h.hub, h.store, { filter: {}, resume: { after: 'x' }, send: h.send, end: () => undefined });
    await stream.start();
    expect(h.sent).toHaveLength(501);
    expect(h.calls.map((c) => c.after)).toEqual(['x', 'p499']);
    stream.close();
  });

  it('an unplaceable id replays the whole window (after: null); no resume point means no replay', async () => {
    const h = harness([[event('a')]]);
    const resumed = await FeedStream.open(h.hub, h.store, { filter: {}, resume: { after: '' }, send: h.send, end: () => undefined });
    await resumed.start();
    expect(h.calls).toEqual([{ after: null, withinMs: STREAM_REPLAY_MS }]);
    resumed.close();
    const fresh = await FeedStream.open(h.hub, h.store, { filter: {}, resume: null, send: h.send, end: () => undefined });
    await fresh.start();
    expect(h.calls).toHaveLength(1);
    h.announce(event('live'));
    expect(h.sent).toEqual(['a', 'live']);
    fresh.close();
  });

  it('live events follow the filter', async () => {
    const h = harness([]);
    const stream = await FeedStream.open(h.hub, h.store, { filter: { side: 'sell' }, resume: null, send: h.send, end: () => undefined });
    await stream.start();
    h.announce(event('buy'));
    h.announce(event('sell', { side: 'sell' }));
    expect(h.sent).toEqual(['sell']);
    stream.close();
  });

  it('a closed stream sends nothing more, not even what it held', async () => {
    const h = harness([[event('a'), event('b')]]);
    let stream!: FeedStream;
    const send = (e: FeedEvent) => {
      h.sent.push(e.eventId);
      stream.close();
    };
    stream = await FeedStream.open(h.hub, h.store, { filter: {}, resume: { after: 'x' }, send, end: () => undefined });
    h.whileQuerying(() => h.announce(event('c')));
    await stream.start();
    expect(h.sent).toEqual(['a']);
  });
});

describe('resumePoint', () => {
  it('takes the header before the query, and treats an id Scout could not have sent as unknown', () => {
    expect(resumePoint(undefined, undefined)).toBeNull();
    expect(resumePoint('', undefined)).toBeNull();
    expect(resumePoint('h1', 'q1')).toEqual({ after: 'h1' });
    expect(resumePoint(undefined, 'q1')).toEqual({ after: 'q1' });
    expect(resumePoint('', 'q1')).toEqual({ after: 'q1' });
    expect(resumePoint('x'.repeat(201), undefined)).toEqual({ after: '' });
    expect(resumePoint('a\u0001b', undefined)).toEqual({ after: '' });
    expect(resumePoint(['h1', 'h2'], undefined)).toEqual({ after: 'h1' });
  });
});
