import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { SystemClock } from '@scout/core';
import { dataSourceOptions } from '@scout/database';
import { startSandbox, SANDBOX_KEYS, type RunningSandbox } from '@scout/sandbox';
import { FomoClient, fomoSourceOptions, HttpUpstreamSource } from '@scout/upstream';
import { testDatabaseUrl } from '../../../../test/test-database';
import { TraderDirectory } from '../trader-directory.service';
import { TraderDirectoryRefresher } from './trader-directory-refresher';
import { directoryMismatches, directoryRows, sandboxBoards } from '../../../../test/trader-boards';

const HOUR_MS = 3_600_000;

/**
 * The directory refresh against a real sandbox and PostgreSQL (embedded or server). The sandbox's
 * traders are the same in every test file (a fixed universe), so its clock is pinned a week ahead:
 * these captures are then the latest sightings of them in the shared test database, and no other
 * test's sighting can overwrite what is checked here. Each test pins a later hour than the last.
 */
describe('TraderDirectoryRefresher over the sandbox', () => {
  let sandbox: RunningSandbox;
  let db: DataSource;
  let sql: Pool;
  let sources: HttpUpstreamSource[] = [];
  const weekAhead = Math.ceil((Date.now() + 7 * 24 * HOUR_MS) / HOUR_MS) * HOUR_MS;
  let hour = 0;

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 42 });
    db = new DataSource(dataSourceOptions({ url: testDatabaseUrl(), poolMax: 4, entities: [] }));
    await db.initialize();
    sql = new Pool({ connectionString: testDatabaseUrl(), max: 2 });
  });
  beforeEach(() => sandbox.clock.pin(weekAhead + ++hour * HOUR_MS));
  afterEach(async () => {
    sandbox.control.clear();
    await Promise.all(sources.map((source) => source.close()));
    sources = [];
  });
  afterAll(async () => {
    await sql?.end();
    await db?.destroy();
    await sandbox?.close();
  });

  /** A refresher on a client of its own (an empty cache), no retries: a fault fails a board at once. */
  function refresher(): TraderDirectoryRefresher {
    const source = new HttpUpstreamSource(fomoSourceOptions({ baseUrl: sandbox.urls.fomo, keys: [SANDBOX_KEYS.fomo], timeoutMs: 10_000, retries: 0 }));
    sources.push(source);
    return new TraderDirectoryRefresher(new FomoClient(source), new TraderDirectory(db), new SystemClock());
  }

  it('fills the directory from all four boards, every trader as the boards show them, seen at the capture', async () => {
    const boards = await sandboxBoards(sandbox);
    const capturedAt = new Date(sandbox.clock.now()).toISOString();

    const result = await refresher().refresh();

    expect(result).toEqual({
      boards: [
        { window: '24h', capturedAt, traders: 150 },
        { window: '7d', capturedAt, traders: 150 },
        { window: '30d', capturedAt, traders: 150 },
        { window: 'all', capturedAt, traders: 100 },
      ],
      failed: [],
      written: 550,
    });
    for (const board of Object.values(boards)) {
      expect(board.capturedAt).toBe(capturedAt);
      expect(await directoryMismatches(sql, board)).toEqual([]);
    }
    const userIds = [...new Set(Object.values(boards).flatMap((b) => b.traders.map((t) => t.userId)))];
    const rows = await directoryRows(sql, userIds);
    expect(rows.size).toBe(userIds.length);
    for (const row of rows.values()) expect(row.last_seen_at.toISOString()).toBe(capturedAt);
  });

  it('a second run changes nothing', async () => {
    const first = await refresher().refresh();
    const userIds = [...new Set(Object.values(await sandboxBoards(sandbox)).flatMap((b) => b.traders.map((t) => t.userId)))];
    const before = await directoryRows(sql, userIds);

    const second = await refresher().refresh();

    expect(second.boards).toEqual(first.boards);
    expect(second.failed).toEqual([]);
    expect(await directoryRows(sql, userIds)).toEqual(before);
    expect(before.size).toBe(userIds.length);
  });

  it('a board that cannot be read is reported, and the other three are still recorded', async () => {
    const boards = await sandboxBoards(sandbox);
    const capturedAt = boards['24h'].capturedAt;
    sandbox.control.add({ provider: 'fomo', route: '/v2/leaderboard/7d', status: 500 });

    const result = await refresher().refresh();

    expect(result.boards.map((b) => b.window)).toEqual(['24h', '30d', 'all']);
    expect(result.failed).toEqual([{ window: '7d', error: expect.stringMatching(/\S/) }]);
    expect(result.written).toBe(400);
    for (const window of ['24h', '30d', 'all'] as const) expect(await directoryMismatches(sql, boards[window])).toEqual([]);
    // Those only on the unread board were not seen at this capture.
    const elsewhere = new Set([...boards['24h'].traders, ...boards['30d'].traders, ...boards.all.traders].map((t) => t.userId));
    const onlyOn7d = boards['7d'].traders.map((t) => t.userId).filter((id) => !elsewhere.has(id));
    expect(onlyOn7d.length).toBeGreaterThan(0);
    for (const row of (await directoryRows(sql, onlyOn7d)).values()) expect(row.last_seen_at.toISOString()).not.toBe(capturedAt);
  });

  it('fails, naming every board, when none can be read (so the queue retries the job)', async () => {
    sandbox.control.add({ provider: 'fomo', route: '/v2/leaderboard', status: 503 });

    await expect(refresher().refresh()).rejects.toThrow(/^no leaderboard could be read \(24h: .+; 7d: .+; 30d: .+; all: .+\)$/);
  });
});
