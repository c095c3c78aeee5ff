import type { Pool } from 'pg';

/** Tools the filled history spreads its calls over (names of the catalog, all at 250 credits). */
const HISTORY_TOOLS = ['service_chain_health', 'service_token_price', 'service_fomo_leaderboard', 'service_defi_overview', 'service_wallet_age'];
const CALL_CREDITS = 250;

/**
 * Gives an account a long history fast, as the gateway would have left it: `calls` posted holds,
 * their usage entries (REST, 250 credits each) and allocations, spread evenly over the `days`
 * before now and paid from one grant made before them, with the usage rollups summed once. Written
 * set-based in one transaction: the per-entry rollup trigger is set aside inside it (no other
 * session sees that) and the rollups are added in one statement. The account passes ledger:verify
 * afterwards. Run it while nothing else writes to the account.
 */
export async function fillLedger(pool: Pool, accountId: string, calls: number, days: number): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ balance: string }>(`SELECT balance FROM accounts WHERE id = $1 FOR UPDATE`, [accountId]);
    const before = BigInt(rows[0].balance);
    // Room for the history and for every call a bench makes afterwards.
    const credits = BigInt(calls) * BigInt(CALL_CREDITS) + 10n ** 12n;
    const start = new Date(Date.now() - days * 86_400_000);
    const grant = await client.query<{ id: string }>(
      `INSERT INTO credit_grants (account_id, kind, credits, remaining, expires_at, reason, actor, created_at)
       VALUES ($1, 'topup', $2, $3, NULL, 'bench history', 'bench', $4) RETURNING id`,
      [accountId, credits.toString(), (credits - BigInt(calls) * BigInt(CALL_CREDITS)).toString(), start],
    );
    const grantId = grant.rows[0].id;
    const grantEntry = await client.query<{ id: string }>(
      `INSERT INTO credit_entries (account_id, kind, amount, balance_after, grant_id, reason, actor, created_at)
       VALUES ($1, 'grant', $2, $3, $4, 'bench history', 'bench', $5) RETURNING id`,
      [accountId, credits.toString(), (before + credits).toString(), grantId, start],
    );
    await client.query(`INSERT INTO credit_allocations (entry_id, grant_id, credits) VALUES ($1, $2, $3)`, [
      grantEntry.rows[0].id,
      grantId,
      credits.toString(),
    ]);

    await client.query(`ALTER TABLE credit_entries DISABLE TRIGGER trg_credit_entries_usage_rollup`);
    // Holds and their usage entries in call order: entry ids follow the holds', so each entry's
    // balance_after is the running sum.
    await client.query(
      `WITH calls AS (
         SELECT i, $3::timestamptz + (i * ($4::float8 / $2)) * interval '1 second' AS at, ($5::text[])[1 + i % cardinality($5::text[])] AS tool
           FROM generate_series(1, $2::int) AS i
       ), holds AS (
         INSERT INTO credit_holds (account_id, amount, tool, request_id, state, created_at, expires_at, resolved_at, channel)
         SELECT $1, ${CALL_CREDITS}, tool, 'bench-history-' || i, 'posted', at, at + interval '30 seconds', at + interval '20 milliseconds', 'rest'
           FROM calls ORDER BY i
         RETURNING id, tool, request_id, resolved_at
       )
       INSERT INTO credit_entries (account_id, kind, amount, balance_after, tool, request_id, hold_id, channel, created_at)
       SELECT $1, 'usage', -${CALL_CREDITS}, $6::bigint - ${CALL_CREDITS} * row_number() OVER (ORDER BY id), tool, request_id, id, 'rest', resolved_at
         FROM holds ORDER BY id`,
      [accountId, calls, start, days * 86_400, HISTORY_TOOLS, (before + credits).toString()],
    );
    await client.query(
      `INSERT INTO credit_allocations (entry_id, grant_id, credits)
       SELECT id, $2, -${CALL_CREDITS} FROM credit_entries WHERE account_id = $1 AND id > $3 AND kind = 'usage'`,
      [accountId, grantId, grantEntry.rows[0].id],
    );
    await client.query(
      `INSERT INTO usage_rollups AS r (account_id, day, tool, channel, calls, credits)
       SELECT account_id, (created_at AT TIME ZONE 'UTC')::date, tool, channel, count(*), -sum(amount)
         FROM credit_entries WHERE account_id = $1 AND id > $2 AND kind = 'usage'
        GROUP BY 1, 2, 3, 4
       ON CONFLICT (account_id, day, tool, channel) DO UPDATE SET calls = r.calls + EXCLUDED.calls, credits = r.credits + EXCLUDED.credits`,
      [accountId, grantEntry.rows[0].id],
    );
    await client.query(`ALTER TABLE credit_entries ENABLE TRIGGER trg_credit_entries_usage_rollup`);
    await client.query(`UPDATE accounts SET balance = balance + $2::bigint - $3::bigint, updated_at = now() WHERE id = $1`, [
      accountId,
      credits.toString(),
      (BigInt(calls) * BigInt(CALL_CREDITS)).toString(),
    ]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
  // A ledger that grew over months has had its statistics and visibility map kept by autovacuum.
  for (const table of ['credit_holds', 'credit_entries', 'credit_allocations', 'credit_grants', 'usage_rollups', 'accounts']) {
    await pool.query(`VACUUM ANALYZE ${table}`);
  }
}
