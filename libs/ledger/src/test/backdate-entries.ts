import type { Pool } from 'pg';

/**
 * Moves ledger entries to other instants (ISO text or Date) in one transaction, with the
 * append-only trigger set aside for it (the rollups follow by their update trigger): for specs that
 * need a history spread over time.
 */
export async function backdateEntries(pool: Pool, moves: Array<[number, string | Date]>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`ALTER TABLE credit_entries DISABLE TRIGGER trg_credit_entries_append_only`);
    for (const [id, at] of moves) await client.query(`UPDATE credit_entries SET created_at = $2 WHERE id = $1`, [id, at]);
    await client.query(`ALTER TABLE credit_entries ENABLE TRIGGER trg_credit_entries_append_only`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
