import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@scout/database';
import { SANDBOX_KEYS, startSandbox, type RunningSandbox } from '@scout/sandbox';
import { fomoSourceOptions, FomoTokenClient, HttpUpstreamSource, type FomoAlertsQuery } from '@scout/upstream';
import { testDatabaseUrl } from '../../../../test/test-database';
import { FeedStore } from '../feed-store';
import { FeedIngestor, type FeedIngestorOptions } from './feed-ingestor';
import { fomoFeedSource } from './fomo-feed-source';
import { Lease } from './lease';

/**
 * The feed ingestion against the sandbox's real WebSocket and REST feed, on PostgreSQL: the replay
 * and live events stored once, a dropped or refused connection reconnected and its gap backfilled,
 * and one ingestor at a time across processes (the lease), taken over when its holder dies.
 */

const FAST: FeedIngestorOptions = { leaseTtlMs: 1_500, reconnectFirstMs: 100, reconnectMaxMs: 400, healthyAfterMs: 5_000, backfillMaxPages: 5 };
const quiet = { log: () => undefined, warn: () => undefined };
/** A fixed noon UTC: the sandbox feed replayed and passed is the same on every day the spec runs. */
const T0 = Date.parse('2026-11-20T12:00:00.000Z');

async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 8_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe('feed ingestion (sandbox feed, PostgreSQL)', () => {
  let db: DataSource;
  let sql: Pool;
  let sandbox: RunningSandbox;
  let store: FeedStore;
  const running: FeedIngestor[] = [];
  const leaseName = `feed-ingestion-test-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    db = new DataSource(dataSourceOptions({ url: testDatabaseUrl(), poolMax: 4, entities: [] }));
    await db.initialize();
    sql = new Pool({ connectionString: testDatabaseUrl(), max: 2 });
    sandbox = await startSandbox({ now: () => T0, fomoStream: { pingMs: 200, tickMs: 25 } });
    store = new FeedStore(db);
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((i) => i.stop()));
    sandbox.control.clear();
  });
  afterAll(async () => {
    await sandbox.close();
    await sql.end();
    await db.destroy();
  });

  function ingestor(holder: string, options: FeedIngestorOptions = FAST): FeedIngestor {
    const rest = new FomoTokenClient(
      new HttpUpstreamSource(fomoSourceOptions({ baseUrl: sandbox.urls.fomo, keys: [SANDBOX_KEYS.fomo], timeoutMs: 3000, retries: 0 })),
    );
    const source = fomoFeedSource(
      { alerts: (q: FomoAlertsQuery, o: { fresh?: boolean }) => rest.alerts(q, o) },
      { baseUrl: sandbox.urls.fomo, keys: [SANDBOX_KEYS.fomo], heartbeatTimeoutMs: 5_000 },
    );
    const i = new FeedIngestor(source, store, new Lease(db, leaseName, holder, options.leaseTtlMs), quiet, options);
    running.push(i);
    return i;
  }

  /** Which of these event ids feed_events holds. */
  async function stored(ids: readonly string[]): Promise<Set<string>> {
    const { rows } = await sql.query(`SELECT event_id FROM feed_events WHERE event_id = ANY($1::text[])`, [ids]);
    return new Set(rows.map((r) => r.event_id as string));
  }
  const idsBetween = (from: number, to: number) => sandbox.fomo.feed.between(from, to).map((e) => e.body.eventId);
  const pin = (t: number) => sandbox.clock.pin(t);

  it('stores the ring replayed on connect, then every event as the clock passes it, each once with its figures', async () => {
    pin(T0);
    const i = ingestor('a');
    i.start();
    const ring = sandbox.fomo.feed.ring(T0).map((e) => e.body.eventId);
    await until(async () => (await stored(ring)).size === ring.length, 'the ring stored');
    // The app feed carries large events only: a few an hour per tracked trader, dozens in all.
    pin(T0 + 40 * 60_000);
    const live = idsBetween(T0, T0 + 40 * 60_000);
    expect(live.length).toBeGreaterThanOrEqual(5);
    await until(async () => (await stored(live)).size === live.length, 'the live events stored');
    // The two USD meanings are stored apart.
    const one = sandbox.fomo.feed.between(T0, T0 + 40 * 60_000)[0].body;
    const { rows } = await sql.query(`SELECT side, position_usd, realized_pnl_usd, trade_usd, token_address FROM feed_events WHERE event_id = $1`, [
      one.eventId,
    ]);
    expect(rows[0]).toMatchObject({ side: one.type, trade_usd: String(one.tradeUsd) });
    expect(Number(one.type === 'buy' ? rows[0].position_usd : rows[0].realized_pnl_usd)).toBe(one.usdValue);
    expect(one.type === 'buy' ? rows[0].realized_pnl_usd : rows[0].position_usd).toBeNull();
    // The lease is renewed all along: one connection, never closed for a lost lease.
    await sleep(FAST.leaseTtlMs * 2);
    expect(i.stats).toMatchObject({ holdsLease: true, connected: true, connections: 1 });
    const { rows: counted } = await sql.query(`SELECT count(*)::int AS n FROM feed_events WHERE event_id = ANY($1::text[])`, [[...ring, ...live]]);
    expect(counted[0].n).toBe(new Set([...ring, ...live]).size);
  });

  it('a dropped connection is reconnected and the events of the gap are stored, none twice', async () => {
    const start = T0 + 60 * 60_000;
    pin(start);
    const i = ingestor('b');
    i.start();
    await until(() => i.stats.connected, 'connected');
    // Cut the socket and refuse the next two upgrades while half an hour of trading happens
    // (fewer events than the provider's ring of 100, so the backfill can reach them all).
    sandbox.control.add({ provider: 'fomo', route: '/ws/alerts', status: 503, times: 2 });
    sandbox.fomo.dropStreams('terminate');
    await until(() => !i.stats.connected, 'disconnected');
    pin(start + 30 * 60_000);
    await until(() => i.stats.connections >= 2 && i.stats.connected, 'reconnected', 10_000);
    pin(start + 40 * 60_000);
    const gap = idsBetween(start, start + 30 * 60_000);
    expect(gap.length).toBeGreaterThanOrEqual(3);
    const all = idsBetween(start - 60 * 60_000, start + 40 * 60_000);
    await until(async () => (await stored(all)).size === all.length, 'every event of the span stored', 10_000);
    const { rows } = await sql.query(`SELECT count(*)::int AS n FROM feed_events WHERE event_id = ANY($1::text[])`, [all]);
    expect(rows[0].n).toBe(all.length);
    expect(i.stats.backfills).toBeGreaterThanOrEqual(2);
  });

  it('one ingestor at a time: the second stands by, and takes over when the lease of a dead holder lapses', async () => {
    pin(T0 + 120 * 60_000);
    // A holder that died: its lease runs out in a second and is never renewed.
    await sql.query(
      `INSERT INTO feed_leases (name, holder, expires_at) VALUES ($1, 'dead', now() + interval '1 second')
       ON CONFLICT (name) DO UPDATE SET holder = 'dead', expires_at = now() + interval '1 second'`,
      [leaseName],
    );
    const a = ingestor('c1');
    const b = ingestor('c2');
    a.start();
    b.start();
    await until(() => a.stats.holdsLease || b.stats.holdsLease, 'a lease taken over', 6_000);
    await sleep(FAST.leaseTtlMs);
    // Exactly one holds it and is connected; the other never connected.
    expect([a.stats.holdsLease, b.stats.holdsLease].filter(Boolean)).toHaveLength(1);
    const [holder, standby] = a.stats.holdsLease ? [a, b] : [b, a];
    expect(holder.stats.connected).toBe(true);
    expect(standby.stats.connections).toBe(0);
    // The holder stops (and gives the lease up): the one standing by takes over.
    await holder.stop();
    await until(() => standby.stats.holdsLease && standby.stats.connected, 'the standby to take over', 6_000);
  });
});
