import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, type Notification } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@scout/database';
import { testDatabaseUrl } from '../../../test/test-database';
import type { FeedEvent } from './feed-event';
import { FEED_CHANNEL, FeedStore } from './feed-store';

/** The stored feed on PostgreSQL: each event once, announced once, purged by age. */
describe('feed store (PostgreSQL)', () => {
  let db: DataSource;
  let store: FeedStore;
  let listener: Client;
  const heard: Notification[] = [];
  const run = randomUUID().slice(0, 8);
  const event = (n: number, at: string): FeedEvent => ({
    eventId: `store-${run}-${n}`,
    side: n % 2 ? 'buy' : 'sell',
    userId: `u${n}`,
    trader: `t${n}`,
    tradeId: null,
    tokenAddress: `StoreToken${run}`,
    tokenSymbol: 'ST',
    chain: 'solana',
    chainId: 1399811149,
    positionUsd: n % 2 ? 10.5 : null,
    realizedPnlUsd: n % 2 ? null : -3.25,
    tradeUsd: 7,
    text: 'x'.repeat(2000),
    at,
  });

  beforeAll(async () => {
    db = new DataSource(dataSourceOptions({ url: testDatabaseUrl(), poolMax: 3, entities: [] }));
    await db.initialize();
    store = new FeedStore(db);
    listener = new Client({ connectionString: testDatabaseUrl() });
    await listener.connect();
    listener.on('notification', (n) => heard.push(n));
    await listener.query(`LISTEN ${FEED_CHANNEL}`);
  });
  afterAll(async () => {
    await listener.end();
    await db.destroy();
  });

  /**
   * Notifies a marker on the channel and waits until the listener hears it: PostgreSQL delivers a
   * listener's notifications in commit order, so every one committed before has been heard too.
   */
  async function heardAllSoFar(): Promise<void> {
    const marker = JSON.stringify({ eventId: `marker-${run}-${randomUUID()}` });
    await db.query(`SELECT pg_notify($1, $2)`, [FEED_CHANNEL, marker]);
    for (let i = 0; !heard.some((n) => n.payload === marker); i++) {
      if (i > 400) throw new Error('the marker notification was never heard');
      await sleep(25);
    }
  }

  it('stores each event once, announces only the new ones, and gives back their figures', async () => {
    const a = event(1, '2026-11-20T10:00:00.000Z');
    const b = event(2, '2026-11-20T10:01:00.000Z');
    expect((await store.insert([a, b, a], 'stream')).map((e) => e.eventId)).toEqual([a.eventId, b.eventId]);
    expect(await store.insert([a, b], 'backfill')).toEqual([]);
    await heardAllSoFar();
    const mine = heard.map((n) => JSON.parse(n.payload!)).filter((p) => p.eventId.startsWith(`store-${run}`));
    expect(mine.map((p) => p.eventId)).toEqual([a.eventId, b.eventId]);
    // The notification carries the event as the watchers read it (its text cut to stay small).
    expect(mine[0]).toMatchObject({ side: 'buy', positionUsd: 10.5, realizedPnlUsd: null, tradeUsd: 7, at: a.at, chain: 'solana' });
    expect(mine[0].text).toHaveLength(500);
    expect(mine[1]).toMatchObject({ side: 'sell', positionUsd: null, realizedPnlUsd: -3.25 });
  });

  it('purges by age only', async () => {
    const old = event(3, '2026-11-01T00:00:00.000Z');
    const young = event(4, '2026-11-19T00:00:00.000Z');
    await store.insert([old, young], 'stream');
    expect(await store.purgeBefore(new Date('2026-11-02T00:00:00.000Z'))).toBeGreaterThanOrEqual(1);
    const left = await db.query(`SELECT event_id FROM feed_events WHERE event_id = ANY($1::text[])`, [[old.eventId, young.eventId]]);
    expect(left.map((r: { event_id: string }) => r.event_id)).toEqual([young.eventId]);
  });
});
