import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { PoolClient } from 'pg';
import { useTestPool } from '../../../test/test-pool';
import { verifyLedger } from './ledger-verify';
import { sortRollups } from './test/charge-batch-model';
import { type HoldCall, type HoldLedgerRows, type HoldWorld, type PostCall, predictHoldBatch, predictPostBatch } from './test/hold-batch-model';

/**
 * scout_hold_many and scout_post_many decide a batch in memory and write each table once
 * (BatchesAcrossAccounts). On random batches of holds over five accounts (one paid by a grant that
 * expires before a 30 s deadline, one with grants ending exactly at now and at a deadline, one
 * whose grant was cut below its pending holds, a suspended one, an unknown one), then random
 * batches posting some of them, some twice, with the holds posted, voided, pending and past their
 * deadline before, with Idempotency-Key claims held, taken over or used by another post, their
 * results and everything they write must be those a model predicts from the world's state before
 * each batch: test/hold-batch-model.ts, which places and posts the holds one at a time from the
 * rules of the call-by-call functions they replaced (BatchesAcrossAccounts.previous.ts).
 */
describe('scout_hold_many and scout_post_many: a batch is its holds and posts made one at a time', () => {
  const testDb = useTestPool({ max: 2 });
  /** The holds placed before the batches, by request id; each is posted once in every post batch. */
  const BEFORE = ['req-posted', 'req-voided', 'req-live', 'req-expired', 'req-deadline', 'req-cut-1', 'req-cut-2', 'req-suspended'];
  /** A hold id no hold has. */
  const NO_HOLD = '9000000000000000000';

  /**
   * Five accounts, their ids in the order `ranks` gives (first hex digit): paid (grants of 300 for
   * 20 s, 200 for 3 days, 500 forever; a hold posted, one voided, one pending, one past its
   * deadline), plain (600 for 30 days, 100 until exactly 30 s from now, 100 until exactly now; a
   * hold whose deadline is exactly now), cut (500, holds of 200 and 250, then 150 of the grant
   * deducted past them), suspended (500, a hold of 120), and one that does not exist.
   */
  async function world(client: PoolClient, ranks: number[]): Promise<string[]> {
    const ids = ranks.map((r) => `${r}${randomUUID().slice(1)}`);
    const [paid, plain, cut, suspended] = ids;
    for (const id of ids.slice(0, 4)) await client.query(`INSERT INTO accounts (id, name) VALUES ($1, 'hold batches')`, [id]);
    const grant = (id: string, credits: number, expires: string) =>
      client.query(`SELECT * FROM scout_grant($1, 'topup', $2, ${expires}, 'g', 'test')`, [id, credits]);
    const place = async (id: string, amount: number, requestId: string) =>
      (await client.query<{ hold_id: string }>(`SELECT hold_id FROM scout_hold($1, $2, 'tool_a', $3, 60000, 'rest')`, [id, amount, requestId])).rows[0].hold_id;
    await grant(paid, 300, `now() + interval '20 seconds'`);
    await grant(paid, 200, `now() + interval '3 days'`);
    await grant(paid, 500, 'NULL');
    await client.query(`SELECT * FROM scout_post($1)`, [await place(paid, 100, 'req-posted')]);
    await client.query(`SELECT * FROM scout_void($1, 'failed')`, [await place(paid, 50, 'req-voided')]);
    await place(paid, 100, 'req-live');
    await client.query(
      `INSERT INTO credit_holds (account_id, amount, tool, request_id, channel, created_at, expires_at)
       VALUES ($1, 80, 'tool_b', 'req-expired', 'mcp', now() - interval '40 seconds', now() - interval '10 seconds')`,
      [paid],
    );
    await grant(plain, 600, `now() + interval '30 days'`);
    await grant(plain, 100, `now() + interval '30 seconds'`);
    await grant(plain, 100, 'now()');
    await client.query(
      `INSERT INTO credit_holds (account_id, amount, tool, request_id, created_at, expires_at)
       VALUES ($1, 60, 'tool_a', 'req-deadline', now() - interval '30 seconds', now())`,
      [plain],
    );
    await grant(cut, 500, 'NULL');
    await place(cut, 200, 'req-cut-1');
    await place(cut, 250, 'req-cut-2');
    // The grant cut under its holds (scout_spend would refuse: they hold it), with the entry and
    // allocation that keep the ledger adding up.
    await client.query(
      `WITH g AS (UPDATE credit_grants SET remaining = remaining - 150 WHERE account_id = $1 RETURNING id),
            a AS (UPDATE accounts SET balance = balance - 150 WHERE id = $1 RETURNING balance),
            e AS (INSERT INTO credit_entries (account_id, kind, amount, balance_after, reason, actor)
                  SELECT $1, 'adjustment', -150, a.balance, 'cut', 'test' FROM a RETURNING id)
       INSERT INTO credit_allocations (entry_id, grant_id, credits) SELECT e.id, g.id, -150 FROM e, g`,
      [cut],
    );
    await grant(suspended, 500, 'NULL');
    await place(suspended, 120, 'req-suspended');
    await client.query(`UPDATE accounts SET status = 'suspended' WHERE id = $1`, [suspended]);
    return ids;
  }

  /** One hold of a batch: which account (index into the world's), how much, for how long. */
  interface Hold {
    account: number;
    amount: number;
    tool: string;
    ttl: number;
    channel: string | null;
  }
  const hold: fc.Arbitrary<Hold> = fc.record({
    account: fc.integer({ min: 0, max: 4 }),
    amount: fc.integer({ min: 1, max: 450 }),
    tool: fc.constantFrom('tool_a', 'tool_b'),
    ttl: fc.constantFrom(10_000, 30_000, 60_000),
    channel: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('rest', 'mcp') }, fc.constant(null)),
  });
  /**
   * One post: the first BEFORE.length name the holds placed before and the next one NO_HOLD; the
   * others a hold (mod the holds before and those the batch placed). `at` shuffles them. Its
   * Idempotency-Key: none, a running claim, one taken over, or the key and claim of a post before it.
   */
  type Idem = 'none' | 'claim' | 'taken' | { shared: number };
  interface Post {
    hold: number;
    idem: Idem;
    at: number;
  }
  const post: fc.Arbitrary<Post> = fc.record({
    hold: fc.nat({ max: 40 }),
    idem: fc.oneof(
      { weight: 3, arbitrary: fc.constant<Idem>('none') },
      { weight: 2, arbitrary: fc.constant<Idem>('claim') },
      fc.constant<Idem>('taken'),
      fc.nat({ max: 10 }).map<Idem>((n) => ({ shared: n })),
    ),
    at: fc.nat({ max: 100 }),
  });
  interface Batch {
    ranks: number[];
    holds: Hold[];
    posts: Post[];
  }
  const batch: fc.Arbitrary<Batch> = fc.record({
    ranks: fc.shuffledSubarray([0, 1, 2, 3, 4], { minLength: 5, maxLength: 5 }),
    holds: fc.array(hold, { minLength: 1, maxLength: 14 }),
    posts: fc.array(post, { minLength: BEFORE.length + 1, maxLength: BEFORE.length + 13 }),
  });

  /** A batch that meets every case the runs must meet. */
  const none = (n: number): Post[] => Array.from({ length: n }, () => ({ hold: 0, idem: 'none', at: 0 }));
  const everyCase: Batch = {
    ranks: [0, 1, 2, 3, 4],
    holds: [
      { account: 0, amount: 450, tool: 'tool_a', ttl: 30_000, channel: 'mcp' }, // 600 outlive it: 700 granted, 100 held
      { account: 0, amount: 200, tool: 'tool_a', ttl: 30_000, channel: 'rest' }, // 350 spendable now, 150 at its deadline
      { account: 0, amount: 150, tool: 'tool_b', ttl: 10_000, channel: null }, // the grant of 20 s backs it
      { account: 1, amount: 300, tool: 'tool_b', ttl: 60_000, channel: 'rest' },
      { account: 1, amount: 100, tool: 'tool_a', ttl: 10_000, channel: 'mcp' },
      { account: 1, amount: 250, tool: 'tool_a', ttl: 30_000, channel: 'mcp' }, // 200 left without the grant ending at its deadline
      { account: 2, amount: 10, tool: 'tool_a', ttl: 30_000, channel: 'rest' }, // 350 left, 450 held
      { account: 3, amount: 10, tool: 'tool_a', ttl: 30_000, channel: 'rest' },
      { account: 4, amount: 10, tool: 'tool_a', ttl: 30_000, channel: 'rest' },
    ],
    posts: [
      { hold: 0, idem: 'claim', at: 0 }, // req-posted: posted before, its claim left running
      ...none(BEFORE.length), // the other holds from before, NO_HOLD: req-cut-1 posts, so req-cut-2 finds 150 left
      { hold: BEFORE.length, idem: 'claim', at: 0 }, // the hold of 450: from the grants of 20 s, 3 days and forever
      { hold: BEFORE.length, idem: 'none', at: 0 },
      { hold: BEFORE.length + 1, idem: 'taken', at: 0 },
      { hold: BEFORE.length + 1, idem: 'none', at: 0 },
      { hold: BEFORE.length + 2, idem: 'claim', at: 0 },
      { hold: BEFORE.length + 3, idem: { shared: 3 }, at: 0 }, // the claim of the hold of 300, posted first
    ],
  };

  const ms = (column: string) => `(extract(epoch from ${column} - now()) * 1000)::float8`;
  const numbered = `numbered AS (SELECT id, row_number() OVER (ORDER BY id)::int AS n FROM credit_entries WHERE account_id = ANY ($1))`;

  /** Everything the batches write, for the world's accounts, without generated ids. */
  async function written(client: PoolClient, accounts: string[]): Promise<HoldLedgerRows> {
    const rows = async <T>(sql: string) => (await client.query(sql, [accounts])).rows as T[];
    return {
      holds: await rows(
        `SELECT request_id, account_id, amount::int, tool, channel, state, void_reason, ${ms('expires_at')} AS expires_in_ms, resolved_at = now() AS resolved
           FROM credit_holds WHERE account_id = ANY ($1) ORDER BY id`,
      ),
      entries: await rows(
        `SELECT e.account_id, e.kind, e.amount::int, e.balance_after::int, e.tool, e.request_id, e.channel, h.request_id AS hold, e.charge_key
           FROM credit_entries e LEFT JOIN credit_holds h ON h.id = e.hold_id WHERE e.account_id = ANY ($1) ORDER BY e.id`,
      ),
      allocations: await rows(
        `WITH ${numbered} SELECT e.n AS entry, a.grant_id, a.credits::int FROM credit_allocations a JOIN numbered e ON e.id = a.entry_id ORDER BY e.n, a.grant_id`,
      ),
      grants: await rows(`SELECT id, remaining::int FROM credit_grants WHERE account_id = ANY ($1) ORDER BY id`),
      accounts: await rows(`SELECT id, balance::int, status FROM accounts WHERE id = ANY ($1) ORDER BY id`),
      rollups: sortRollups(
        await rows(
          `SELECT account_id, tool, channel, calls::int, credits::int FROM usage_rollups WHERE account_id = ANY ($1) AND day = (now() AT TIME ZONE 'UTC')::date`,
        ),
      ),
      idempotency: await rows(
        `WITH ${numbered} SELECT k.account_id, k.key, k.claim_id, k.state, k.status_code, k.response::text AS response, e.n AS entry, k.completed_at = now() AS completed
           FROM idempotency_keys k LEFT JOIN numbered e ON e.id = k.usage_entry_id WHERE k.account_id = ANY ($1) ORDER BY k.key COLLATE "C"`,
      ),
    };
  }

  /** The world as the model needs it: its rows, its holds' ids and its grants' terms. */
  async function state(client: PoolClient, accounts: string[]): Promise<HoldWorld> {
    const holdIds = await client.query<{ id: string }>(`SELECT h.id::text FROM credit_holds h WHERE h.account_id = ANY ($1) ORDER BY h.id`, [accounts]);
    const grantTerms = await client.query(
      `SELECT id, account_id, ${ms('expires_at')} AS expires_in_ms, ${ms('created_at')} AS created_in_ms, seq::int FROM credit_grants WHERE account_id = ANY ($1)`,
      [accounts],
    );
    return { rows: await written(client, accounts), holdIds: holdIds.rows.map((h) => h.id), grantTerms: grantTerms.rows };
  }

  it('gives the results and writes the model predicts from the rules, call by call in account order', async () => {
    // What the runs met, so a generator that stops reaching a case fails rather than passes vacuously.
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(batch, async ({ ranks, holds, posts }: Batch) => {
        const client = await testDb.pool.connect();
        try {
          await client.query('BEGIN');
          const accounts = await world(client, ranks);
          const calls: HoldCall[] = holds.map((h, i) => ({
            account: accounts[h.account],
            amount: h.amount,
            tool: h.tool,
            requestId: `hold-${i}`,
            ttlMs: h.ttl,
            channel: h.channel,
          }));
          const { cases: holdCases, ...holdsPredicted } = predictHoldBatch(await state(client, accounts), calls);
          const placed = await client.query(
            `SELECT ord::int, hold_id::text, remaining::int, status, ${ms('expires_at')} AS expires_in_ms
               FROM scout_hold_many($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::int[], $6::text[])`,
            (['account', 'amount', 'tool', 'requestId', 'ttlMs', 'channel'] as const).map((k) => calls.map((c) => c[k])),
          );
          const afterHolds = await state(client, accounts);
          const requestOf = new Map(afterHolds.holdIds.map((id, i) => [id, afterHolds.rows.holds[i].request_id]));
          const idOf = new Map(afterHolds.holdIds.map((id, i) => [afterHolds.rows.holds[i].request_id, id]));
          // Holds are read in id order: the new ones must come in the order they were decided.
          expect({
            results: placed.rows
              .map(({ hold_id, ...r }) => ({ ...r, hold: hold_id === null ? null : (requestOf.get(hold_id) ?? hold_id) }))
              .sort((a, b) => a.ord - b.ord),
            written: afterHolds.rows,
          }).toEqual(holdsPredicted);

          // The posts: each hold placed before, a hold that does not exist, then picks of every hold.
          const candidates = [...BEFORE, ...holdsPredicted.results.flatMap((r) => (r.hold === null ? [] : [r.hold]))];
          const named = posts.map((p, i) =>
            i < BEFORE.length ? idOf.get(BEFORE[i])! : i === BEFORE.length ? NO_HOLD : idOf.get(candidates[p.hold % candidates.length])!,
          );
          const accountOf = new Map(afterHolds.holdIds.map((id, i) => [id, afterHolds.rows.holds[i].account_id]));
          const postCalls: PostCall[] = [];
          for (const i of posts.map((_, i) => i).sort((i, j) => posts[i].at - posts[j].at || i - j)) {
            const { idem } = posts[i];
            let key: string | null = null;
            let claim: string | null = null;
            if (named[i] !== NO_HOLD && (idem === 'claim' || idem === 'taken')) {
              [key, claim] = [`key-${postCalls.length}`, randomUUID()];
              await client.query(
                `INSERT INTO idempotency_keys (account_id, key, claim_id, tool, fingerprint, state) VALUES ($1, $2, $3, 'tool_a', 'f', 'running')`,
                [accountOf.get(named[i]), key, idem === 'claim' ? claim : randomUUID()],
              );
            } else if (typeof idem === 'object') {
              const keyed = postCalls.filter((p) => p.key !== null);
              if (keyed.length > 0) ({ key, claim } = keyed[idem.shared % keyed.length]);
            }
            const response = key === null ? null : JSON.stringify({ call: postCalls.length });
            postCalls.push({ hold: named[i], key, claim, statusCode: key === null ? null : 200, response });
          }
          const { cases: postCases, ...postsPredicted } = predictPostBatch(await state(client, accounts), postCalls);
          const postRows = await client.query<{ hold_id: string; status: string; entry_id: string | null }>(
            `SELECT hold_id::text, status, entry_id::text FROM scout_post_many($1::bigint[], $2::text[], $3::uuid[], $4::int[], $5::json[])`,
            (['hold', 'key', 'claim', 'statusCode', 'response'] as const).map((k) => postCalls.map((p) => p[k])),
          );
          const entries = await client.query<{ id: string }>(`SELECT e.id::text FROM credit_entries e WHERE e.account_id = ANY ($1) ORDER BY e.id`, [accounts]);
          const entryOf = new Map(entries.rows.map((e, n) => [e.id, n + 1]));
          expect({
            results: postRows.rows.map((r) => ({
              hold: requestOf.get(r.hold_id) ?? r.hold_id,
              status: r.status,
              entry: r.entry_id === null ? null : entryOf.get(r.entry_id),
            })),
            written: await written(client, accounts),
          }).toEqual(postsPredicted);
          expect(await verifyLedger(async (sql, params) => (await client.query(sql, params)).rows, { accountIds: accounts.slice(0, 4) })).toEqual([]);
          for (const c of [...holdCases, ...postCases]) seen.add(c);
        } finally {
          await client.query('ROLLBACK');
          client.release();
        }
      }),
      { numRuns: Number(process.env.HOLD_BATCH_RUNS ?? 40), examples: [[everyCase]] },
    );
    expect([...seen].sort()).toEqual(
      [
        ...['ok', 'insufficient', 'suspended', 'no_account'].map((s) => `hold ${s}`),
        'hold refused by its deadline',
        'hold refused for holds earlier in the batch',
        'hold refused with less than nothing',
        "hold refused at a grant's expiry",
        'hold without a channel',
        ...['posted', 'voided', 'expired', 'claim_lost', 'insufficient'].map((s) => `post ${s}`),
        'post of no hold',
        'post of a hold posted before',
        'post of a hold voided before',
        'post naming a hold again after it was posted',
        'post naming a hold again after it was voided',
        'post whose claim an earlier post used',
        'post refused for the posts before it',
        'post split across grants',
        'post storing its Idempotency-Key answer',
      ].sort(),
    );
  }, 120_000);
});
