import { randomUUID } from 'node:crypto';
import { useTestPool } from '../../../test/test-pool';
import { verifyLedger } from './ledger-verify';

/** scout_charge (DirectCharges migration): one debit for a call whose answer is already in hand. */
describe('scout_charge: a charge without a hold', () => {
  const testDb = useTestPool({ max: 3 });

  async function account(credits: number): Promise<string> {
    const { rows } = await testDb.pool.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ('direct charges') RETURNING id`);
    await testDb.pool.query(`SELECT * FROM scout_grant($1, 'topup', $2, NULL, 'direct', 'test')`, [rows[0].id, credits]);
    return rows[0].id;
  }
  const charge = async (accountId: string, key: string, amount = 250, channel = 'rest') =>
    (
      await testDb.pool.query(`SELECT entry_id::int, remaining::int, status FROM scout_charge($1, $2, 'tool_a', 'req-direct', $3, $4)`, [
        accountId,
        amount,
        channel,
        key,
      ])
    ).rows[0] as {
      entry_id: number | null;
      remaining: number;
      status: string;
    };
  const entries = async (accountId: string) =>
    (
      await testDb.pool.query(`SELECT amount::int, hold_id, channel, charge_key FROM credit_entries WHERE account_id = $1 AND kind = 'usage' ORDER BY id`, [
        accountId,
      ])
    ).rows;

  it('writes one usage entry on its channel, paid by the grants; the same key again returns that charge', async () => {
    const id = await account(1_000);
    const key = randomUUID();
    const first = await charge(id, key, 250, 'mcp');
    expect(first).toMatchObject({ status: 'ok', remaining: 750 });
    const again = await charge(id, key, 250, 'mcp');
    expect(again).toEqual({ ...first, remaining: 750 });
    expect(await entries(id)).toEqual([{ amount: -250, hold_id: null, channel: 'mcp', charge_key: key }]);
    await expect(verifyLedger(async (sql, params) => (await testDb.pool.query(sql, params)).rows, { accountIds: [id] })).resolves.toEqual([]);
  });

  it('refuses what the account cannot spend now, credits held by running calls included, writing nothing', async () => {
    const id = await account(500);
    await testDb.pool.query(`SELECT * FROM scout_hold($1, 300, 'tool_b', 'req-held', 60000, 'rest')`, [id]);
    await expect(charge(id, randomUUID(), 250)).resolves.toMatchObject({ status: 'insufficient', entry_id: null, remaining: 200 });
    expect(await entries(id)).toEqual([]);
    await expect(charge(id, randomUUID(), 200)).resolves.toMatchObject({ status: 'ok', remaining: 0 });
  });

  it('refuses a suspended account and an unknown one', async () => {
    const id = await account(500);
    await testDb.pool.query(`UPDATE accounts SET status = 'suspended' WHERE id = $1`, [id]);
    await expect(charge(id, randomUUID())).resolves.toMatchObject({ status: 'suspended', entry_id: null });
    await expect(charge(randomUUID(), randomUUID())).resolves.toMatchObject({ status: 'no_account', entry_id: null });
    expect(await entries(id)).toEqual([]);
  });

  it('a charge key cannot mark a held call, nor any entry but a usage entry', async () => {
    const id = await account(500);
    const held = await testDb.pool.query(`SELECT hold_id FROM scout_hold($1, 250, 'tool_b', 'req-held', 60000, 'rest')`, [id]);
    await testDb.pool.query(`SELECT * FROM scout_post($1)`, [held.rows[0].hold_id]);
    const client = await testDb.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`ALTER TABLE credit_entries DISABLE TRIGGER trg_credit_entries_append_only`);
      await expect(client.query(`UPDATE credit_entries SET charge_key = $2 WHERE account_id = $1 AND kind = 'usage'`, [id, randomUUID()])).rejects.toThrow(
        /ck_credit_entries_charge_key/,
      );
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
