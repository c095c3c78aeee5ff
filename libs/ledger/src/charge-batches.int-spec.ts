import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { PoolClient } from 'pg';
import { useTestPool } from '../../../test/test-pool';
import { verifyLedger } from './ledger-verify';
import { type ChargeCall, type ChargeWorld, type LedgerRows, predictChargeBatch, sortRollups } from './test/charge-batch-model';

/**
 * scout_charge_many decides a batch per account, in memory, and writes each account once
 * (SetBasedCharges migration). On random batches over an account paid by three grants, one with a
 * running call's hold, a suspended one and an unknown one, with keys new, repeated in the batch, or
 * charged before it, its results and everything it writes must be those a model predicts from the
 * world's starting state: test/charge-batch-model.ts, which charges the calls one at a time from
 * the rules in docs/ledger.md (not scout_charge, which is this same function with a batch of one).
 */
describe('scout_charge_many: a batch is its charges made one at a time', () => {
  const testDb = useTestPool({ max: 2 });

  interface World {
    accounts: string[];
    /** A charge made before the batch: sending its key again must return it. */
    chargedKey: string;
  }

  async function world(client: PoolClient): Promise<World> {
    const make = async (name: string) => (await client.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ($1) RETURNING id`, [name])).rows[0].id;
    const [paid, held, suspended] = [await make('two grants'), await make('held'), await make('suspended')];
    await client.query(`SELECT * FROM scout_grant($1, 'topup', 400, now() + interval '10 days', 'later', 'test')`, [paid]);
    await client.query(`SELECT * FROM scout_grant($1, 'topup', 300, now() + interval '3 days', 'soon', 'test')`, [paid]);
    await client.query(`SELECT * FROM scout_grant($1, 'topup', 900, NULL, 'never', 'test')`, [paid]);
    await client.query(`SELECT * FROM scout_grant($1, 'topup', 600, now() + interval '30 days', 'one', 'test')`, [held]);
    await client.query(`SELECT * FROM scout_hold($1, 250, 'tool_held', 'req-held', 60000, 'rest')`, [held]);
    await client.query(`SELECT * FROM scout_grant($1, 'topup', 500, NULL, 'one', 'test')`, [suspended]);
    await client.query(`UPDATE accounts SET status = 'suspended' WHERE id = $1`, [suspended]);
    const chargedKey = randomUUID();
    await client.query(`SELECT * FROM scout_charge($1, 100, 'tool_a', 'req-before', 'rest', $2)`, [paid, chargedKey]);
    return { accounts: [paid, held, suspended, randomUUID()], chargedKey };
  }

  /** One charge of a batch: which account (index into World.accounts), how much, which key. */
  interface Charge {
    account: number;
    amount: number;
    tool: string;
    channel: string;
    key: 'new' | 'before' | { repeat: number };
  }
  const charge: fc.Arbitrary<Charge> = fc.record({
    account: fc.integer({ min: 0, max: 3 }),
    amount: fc.integer({ min: 1, max: 450 }),
    tool: fc.constantFrom('tool_a', 'tool_b'),
    channel: fc.constantFrom('rest', 'mcp'),
    key: fc.oneof(
      { weight: 6, arbitrary: fc.constant<'new'>('new') },
      fc.constant<'before'>('before'),
      fc.nat({ max: 20 }).map((n) => ({ repeat: n })),
    ),
  });

  /** A batch that meets every case the runs must meet (random batches miss one about once in a thousand runs of 40). */
  const everyCase: Charge[] = [
    { account: 0, amount: 350, tool: 'tool_a', channel: 'rest', key: 'new' }, // 300 from the grant of 3 days, 50 from the one of 10
    { account: 0, amount: 50, tool: 'tool_b', channel: 'mcp', key: 'before' },
    { account: 0, amount: 10, tool: 'tool_a', channel: 'mcp', key: { repeat: 0 } },
    { account: 1, amount: 400, tool: 'tool_a', channel: 'rest', key: 'new' }, // 600 granted, 250 held
    { account: 2, amount: 10, tool: 'tool_a', channel: 'rest', key: 'new' },
    { account: 3, amount: 10, tool: 'tool_a', channel: 'rest', key: 'new' },
  ];

  /** Everything a charge writes, for the world's accounts, without generated ids. */
  async function written(client: PoolClient, accounts: string[]): Promise<LedgerRows> {
    const rows = async <T>(sql: string) => (await client.query(sql, [accounts])).rows as T[];
    return {
      entries: await rows(
        `SELECT account_id, amount::int, balance_after::int, tool, request_id, channel, charge_key FROM credit_entries WHERE account_id = ANY ($1) ORDER BY id`,
      ),
      allocations: await rows(
        `SELECT e.charge_key, a.grant_id, a.credits::int FROM credit_allocations a JOIN credit_entries e ON e.id = a.entry_id
          WHERE e.account_id = ANY ($1) ORDER BY e.id, a.grant_id`,
      ),
      grants: await rows(`SELECT id, remaining::int FROM credit_grants WHERE account_id = ANY ($1) ORDER BY id`),
      accounts: await rows(`SELECT id, balance::int, status FROM accounts WHERE id = ANY ($1) ORDER BY id`),
      rollups: sortRollups(await rows(`SELECT account_id, tool, channel, calls::int, credits::int FROM usage_rollups WHERE account_id = ANY ($1)`)),
    };
  }

  /** The world as the model needs it: its rows, and the grants' terms and holds it decides by. */
  async function startingState(client: PoolClient, accounts: string[]): Promise<ChargeWorld> {
    const utc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
    const now = await client.query<{ now: string }>(`SELECT ${utc('now()')} AS now`);
    const grantTerms = await client.query<{ id: string; account_id: string; expires_at: string | null; created_at: string; seq: string }>(
      `SELECT id, account_id, ${utc('expires_at')} AS expires_at, ${utc('created_at')} AS created_at, seq::text FROM credit_grants WHERE account_id = ANY ($1)`,
      [accounts],
    );
    const holds = await client.query<{ account_id: string; amount: number; state: string; expires_at: string }>(
      `SELECT account_id, amount::int, state, ${utc('expires_at')} AS expires_at FROM credit_holds WHERE account_id = ANY ($1)`,
      [accounts],
    );
    return {
      now: now.rows[0].now,
      rows: await written(client, accounts),
      grantTerms: grantTerms.rows.map((g) => ({ ...g, seq: Number(g.seq) })),
      holds: holds.rows,
    };
  }

  /** Each charge's result, its entry named by its charge key (entry ids are generated). */
  async function results(client: PoolClient, rows: Array<{ ord: number; entry_id: string | null; remaining: string | null; status: string }>) {
    const keys = new Map<string, string>();
    for (const { entry_id } of rows) {
      if (entry_id === null || keys.has(entry_id)) continue;
      const entry = await client.query<{ charge_key: string }>(`SELECT charge_key FROM credit_entries WHERE id = $1`, [entry_id]);
      keys.set(entry_id, entry.rows[0].charge_key);
    }
    return rows
      .map((r) => ({
        ord: Number(r.ord),
        entry: r.entry_id === null ? null : keys.get(r.entry_id),
        remaining: r.remaining === null ? null : Number(r.remaining),
        status: r.status,
      }))
      .sort((a, b) => a.ord - b.ord);
  }

  it('gives the results and writes the model predicts from the rules, charge by charge in account order', async () => {
    // What the runs met, so a generator that stops reaching a case fails rather than passes vacuously.
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(charge, { minLength: 1, maxLength: 14 }), async (batch: Charge[]) => {
        const client = await testDb.pool.connect();
        try {
          await client.query('BEGIN');
          const w = await world(client);
          const keys: string[] = [];
          for (const c of batch) {
            const key = c.key === 'new' ? randomUUID() : c.key === 'before' ? w.chargedKey : (keys[c.key.repeat % Math.max(keys.length, 1)] ?? randomUUID());
            keys.push(key);
          }
          const calls: ChargeCall[] = batch.map((c, i) => ({
            account: w.accounts[c.account],
            amount: c.amount,
            tool: c.tool,
            requestId: `req-${i}`,
            channel: c.channel,
            key: keys[i],
          }));
          const predicted = predictChargeBatch(await startingState(client, w.accounts), calls);

          const many = await client.query(`SELECT * FROM scout_charge_many($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::uuid[])`, [
            calls.map((c) => c.account),
            calls.map((c) => c.amount),
            calls.map((c) => c.tool),
            calls.map((c) => c.requestId),
            calls.map((c) => c.channel),
            calls.map((c) => c.key),
          ]);
          const actual = { results: await results(client, many.rows), written: await written(client, w.accounts) };
          expect(actual).toEqual(predicted);
          expect(await verifyLedger(async (sql, params) => (await client.query(sql, params)).rows, { accountIds: w.accounts.slice(0, 3) })).toEqual([]);

          for (const r of predicted.results) seen.add(r.status);
          const first = new Map<string, number>();
          predicted.results.forEach((r, i) => {
            if (r.status !== 'ok') return;
            if (keys[i] === w.chargedKey) seen.add('key charged before');
            else if (first.has(keys[i])) seen.add('key repeated in the batch');
            else first.set(keys[i], i);
          });
          const perEntry = new Map<string | null, number>();
          for (const a of predicted.written.allocations) perEntry.set(a.charge_key, (perEntry.get(a.charge_key) ?? 0) + 1);
          if ([...perEntry.values()].some((n) => n > 1)) seen.add('charge split across grants');
        } finally {
          await client.query('ROLLBACK');
          client.release();
        }
      }),
      { numRuns: Number(process.env.CHARGE_BATCH_RUNS ?? 40), examples: [[everyCase]] },
    );
    // 40 runs: about 1 s on a PostgreSQL server, 3 s on the embedded database.
    expect([...seen].sort()).toEqual(
      ['charge split across grants', 'insufficient', 'key charged before', 'key repeated in the batch', 'no_account', 'ok', 'suspended'].sort(),
    );
  }, 120_000);

  it('pays each charge from the grants that expire soonest, splitting a charge across grants', async () => {
    const { rows } = await testDb.pool.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ('grant order') RETURNING id`);
    const id = rows[0].id;
    const grant = async (credits: number, expires: string | null) =>
      (await testDb.pool.query<{ grant_id: string }>(`SELECT grant_id FROM scout_grant($1, 'topup', $2, ${expires ?? 'NULL'}, 'order', 'test')`, [id, credits]))
        .rows[0].grant_id;
    const never = await grant(900, null);
    const tenDays = await grant(400, `now() + interval '10 days'`);
    const threeDays = await grant(300, `now() + interval '3 days'`);
    const keys = [randomUUID(), randomUUID(), randomUUID()];
    const { rows: results } = await testDb.pool.query(
      `SELECT ord::int, remaining::int, status FROM scout_charge_many($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::uuid[]) ORDER BY ord`,
      [[id, id, id], [250, 250, 250], ['tool_a', 'tool_a', 'tool_b'], ['r1', 'r2', 'r3'], ['rest', 'rest', 'mcp'], keys],
    );
    expect(results).toEqual([
      { ord: 1, remaining: 1350, status: 'ok' },
      { ord: 2, remaining: 1100, status: 'ok' },
      { ord: 3, remaining: 850, status: 'ok' },
    ]);
    const { rows: paid } = await testDb.pool.query(
      `SELECT e.charge_key, e.balance_after::int, a.grant_id, a.credits::int FROM credit_allocations a JOIN credit_entries e ON e.id = a.entry_id
        WHERE e.account_id = $1 AND e.kind = 'usage' ORDER BY e.id, a.credits`,
      [id],
    );
    expect(paid).toEqual([
      { charge_key: keys[0], balance_after: 1350, grant_id: threeDays, credits: -250 },
      { charge_key: keys[1], balance_after: 1100, grant_id: tenDays, credits: -200 },
      { charge_key: keys[1], balance_after: 1100, grant_id: threeDays, credits: -50 },
      { charge_key: keys[2], balance_after: 850, grant_id: tenDays, credits: -200 },
      { charge_key: keys[2], balance_after: 850, grant_id: never, credits: -50 },
    ]);
    const { rows: grants } = await testDb.pool.query(`SELECT id, remaining::int FROM credit_grants WHERE account_id = $1`, [id]);
    expect(new Map(grants.map((g) => [g.id, g.remaining]))).toEqual(
      new Map([
        [never, 850],
        [tenDays, 0],
        [threeDays, 0],
      ]),
    );
    await expect(verifyLedger(async (sql, params) => (await testDb.pool.query(sql, params)).rows, { accountIds: [id] })).resolves.toEqual([]);
  });

  it('refuses a charge without an amount, a tool or a key, writing nothing', async () => {
    const { rows } = await testDb.pool.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ('bad charges') RETURNING id`);
    await testDb.pool.query(`SELECT * FROM scout_grant($1, 'topup', 1000, NULL, 'one', 'test')`, [rows[0].id]);
    const many = (amount: number, tool: string | null, key: string | null) =>
      testDb.pool.query(`SELECT * FROM scout_charge_many($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::uuid[])`, [
        [rows[0].id, rows[0].id],
        [100, amount],
        ['tool_a', tool],
        ['r1', 'r2'],
        ['rest', 'rest'],
        [randomUUID(), key],
      ]);
    await expect(many(0, 'tool_a', randomUUID())).rejects.toThrow(/bad amount/);
    await expect(many(100, null, randomUUID())).rejects.toThrow(/no tool/);
    await expect(many(100, 'tool_a', null)).rejects.toThrow(/no charge key/);
    const entries = await testDb.pool.query(`SELECT count(*)::int AS n FROM credit_entries WHERE account_id = $1 AND kind = 'usage'`, [rows[0].id]);
    expect(entries.rows[0].n).toBe(0);
  });

  // The three batch functions read their accounts' state through scout_account_states
  // (BatchStateShared). Made volatile, strict, SET-configured or PL/pgSQL, it would still answer
  // right but run as a function of its own, slowing every batch: its plan must stay the caller's.
  it('reads the accounts through a state function PostgreSQL inlines into the statement', async () => {
    const plan = await testDb.pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT * FROM scout_account_states(ARRAY[$1::uuid])`, [randomUUID()]);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/accounts/);
    expect(text).not.toMatch(/Function Scan on scout_account_states/);
  });
});
