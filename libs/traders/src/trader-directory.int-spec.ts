import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@scout/database';
import { testDatabaseUrl } from '../../../test/test-database';
import { TraderDirectory, type SeenTrader } from './trader-directory.service';

/** The trader directory on PostgreSQL (embedded or server): recording, resolution and counting. */
describe('trader directory (PostgreSQL)', () => {
  let db: DataSource;
  let sql: Pool;
  let directory: TraderDirectory;

  beforeAll(async () => {
    db = new DataSource(dataSourceOptions({ url: testDatabaseUrl(), poolMax: 4, entities: [] }));
    await db.initialize();
    sql = new Pool({ connectionString: testDatabaseUrl(), max: 2 });
    directory = new TraderDirectory(db);
  });
  afterAll(async () => {
    await sql.end();
    await db.destroy();
  });

  /** A trader with a handle unique to this run. */
  const trader = (handle: string, overrides: Partial<SeenTrader> = {}): SeenTrader => ({
    userId: randomUUID(),
    handle: `${handle}_${randomUUID().slice(0, 8)}`,
    displayName: handle,
    wallets: { solana: `So1${randomUUID().replace(/-/g, '')}`, evm: `0x${randomUUID().replace(/-/g, '')}` },
    verified: false,
    ...overrides,
  });

  it('resolves a recorded handle in any case, with or without @, and by user id in any case', async () => {
    const t = trader('PricedIn', { verified: true });
    expect(await directory.record([t])).toBe(1);
    for (const asked of [t.handle, t.handle.toLowerCase(), t.handle.toUpperCase(), `@${t.handle}`, ` ${t.handle} `, t.userId, t.userId.toUpperCase()]) {
      expect({ asked, found: (await directory.resolve(asked))?.userId }).toEqual({ asked, found: t.userId });
    }
    expect(await directory.resolve(t.handle)).toMatchObject({ handle: t.handle, displayName: 'PricedIn', wallets: t.wallets, verified: true });
    expect(await directory.resolve(`${t.handle}x`)).toBeNull();
    expect(await directory.resolve(randomUUID())).toBeNull();
    expect(await directory.resolve('@')).toBeNull();
  });

  it('refreshes a trader seen again: new handle and flags, wallets kept when the new sighting lacks them, first sighting kept', async () => {
    const t = trader('Mover');
    await directory.record([t], new Date('2026-11-01T00:00:00Z'));
    const renamed = { ...t, handle: `${t.handle}_v2`, verified: true, wallets: { solana: null, evm: '0xabc' } };
    await directory.record([renamed], new Date('2026-11-02T00:00:00Z'));
    const found = await directory.resolve(t.userId);
    expect(found).toMatchObject({ handle: renamed.handle, verified: true, wallets: { solana: t.wallets.solana, evm: '0xabc' } });
    expect(found!.firstSeenAt.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(found!.lastSeenAt.toISOString()).toBe('2026-11-02T00:00:00.000Z');
    // An older sighting changes nothing: not the handle, not last_seen_at.
    expect(await directory.record([t], new Date('2026-10-01T00:00:00Z'))).toBe(0);
    expect(await directory.resolve(t.userId)).toMatchObject({ handle: renamed.handle, lastSeenAt: new Date('2026-11-02T00:00:00Z') });
  });

  it('a handle that moved to another user resolves to the user last seen with it', async () => {
    const first = trader('Taken');
    await directory.record([first], new Date('2026-11-01T00:00:00Z'));
    const second = { ...trader('Other'), handle: first.handle.toUpperCase() };
    await directory.record([second], new Date('2026-11-03T00:00:00Z'));
    expect((await directory.resolve(first.handle))!.userId).toBe(second.userId);
  });

  it('records a whole board in one statement, a trader on it twice once, and counts what it holds', async () => {
    const board = Array.from({ length: 150 }, (_, i) => trader(`board${i}`));
    const written = await directory.record([...board, board[0], board[1]]);
    expect(written).toBe(150);
    const { rows } = await sql.query(`SELECT count(*)::int AS n FROM traders WHERE user_id = ANY($1::text[])`, [board.map((t) => t.userId)]);
    expect(rows[0].n).toBe(150);
    const total = Number((await sql.query(`SELECT count(*) AS n FROM traders`)).rows[0].n);
    expect(await directory.count()).toBe(total);
  });
});
