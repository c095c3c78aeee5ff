import { useTestPool } from '../../../test/test-pool';
import { verifyLedger } from './ledger-verify';

/**
 * The channel of each call (rest | mcp, CallChannel migration) in the billing views of
 * docs/ledger.md, against PostgreSQL. One account's history is scripted through the scout_*
 * functions and the views are read filtered to it.
 */
describe('billing views (PostgreSQL): the channel of each call', () => {
  const testDb = useTestPool({ max: 5 });
  let accountId: string;
  const entries: Record<string, number> = {};
  const holds: Record<string, number> = {};

  /** A call as the gateway makes it: a hold on its channel, then posted (charged) or voided. */
  async function call(name: string, channel: 'rest' | 'mcp', tool: string, credits: number, outcome: 'post' | 'void' = 'post'): Promise<void> {
    const { rows } = await testDb.pool.query(`SELECT hold_id, status FROM scout_hold($1, $2, $3, $4, 60000, $5)`, [
      accountId,
      credits,
      tool,
      `req-${name}`,
      channel,
    ]);
    expect(rows[0].status).toBe('ok');
    holds[name] = Number(rows[0].hold_id);
    if (outcome === 'void') {
      await testDb.pool.query(`SELECT * FROM scout_void($1, 'tool_error: upstream 502')`, [holds[name]]);
      return;
    }
    const { rows: posted } = await testDb.pool.query(`SELECT status, entry_id FROM scout_post($1)`, [holds[name]]);
    expect(posted[0].status).toBe('posted');
    entries[name] = Number(posted[0].entry_id);
  }

  beforeAll(async () => {
    const { rows } = await testDb.pool.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ('billing views channel') RETURNING id`);
    accountId = rows[0].id;
    await testDb.pool.query(`SELECT * FROM scout_grant($1, 'free', 20000, NULL, 'channel int-spec', 'test')`, [accountId]);
    await call('r1', 'rest', 'tool_a', 250);
    await call('r2', 'rest', 'tool_a', 250);
    await call('m1', 'mcp', 'tool_a', 250);
    await call('m2', 'mcp', 'tool_a', 250);
    await call('m3', 'mcp', 'tool_b', 2_500);
    await call('mFailed', 'mcp', 'tool_b', 2_500, 'void');
    await testDb.pool.query(`SELECT * FROM scout_refund($1, 'correction')`, [entries.m2]);
    await testDb.pool.query(`SELECT * FROM scout_refund($1, 'correction')`, [entries.r2]);
    // A usage entry written without a hold (before holds existed) is a REST call.
    const { rows: spent } = await testDb.pool.query(`SELECT entry_id FROM scout_spend($1, 250, 'usage', 'tool_b', 'req-legacy', NULL, NULL)`, [accountId]);
    entries.legacy = Number(spent[0].entry_id);
  });

  it('monthly_usage: one row per month, account and tool still, the net figures split into rest_* and mcp_*', async () => {
    const { rows } = await testDb.pool.query(
      `SELECT tool, calls::int, credits::int, gross_calls::int, refunded_calls::int,
              rest_calls::int, rest_credits::int, mcp_calls::int, mcp_credits::int
         FROM billing.monthly_usage WHERE account_id = $1 ORDER BY tool`,
      [accountId],
    );
    expect(rows).toEqual([
      // r1, r2 (refunded), m1, m2 (refunded)
      { tool: 'tool_a', calls: 2, credits: 500, gross_calls: 4, refunded_calls: 2, rest_calls: 1, rest_credits: 250, mcp_calls: 1, mcp_credits: 250 },
      // m3, the legacy call; the voided call charged nothing
      { tool: 'tool_b', calls: 2, credits: 2_750, gross_calls: 2, refunded_calls: 0, rest_calls: 1, rest_credits: 250, mcp_calls: 1, mcp_credits: 2_500 },
    ]);
  });

  it('refunds: the channel of the refunded call', async () => {
    const { rows } = await testDb.pool.query(`SELECT usage_entry_id::int, channel FROM billing.refunds WHERE account_id = $1 ORDER BY refund_entry_id`, [
      accountId,
    ]);
    expect(rows).toEqual([
      { usage_entry_id: entries.m2, channel: 'mcp' },
      { usage_entry_id: entries.r2, channel: 'rest' },
    ]);
  });

  it('ledger_entries: each entry with its channel; entries that are not calls are rest', async () => {
    const { rows } = await testDb.pool.query(`SELECT kind, request_id, channel FROM billing.ledger_entries WHERE account_id = $1 ORDER BY entry_id`, [
      accountId,
    ]);
    expect(rows.map((r) => [r.kind, r.request_id, r.channel])).toEqual([
      ['grant', null, 'rest'],
      ['usage', 'req-r1', 'rest'],
      ['usage', 'req-r2', 'rest'],
      ['usage', 'req-m1', 'mcp'],
      ['usage', 'req-m2', 'mcp'],
      ['usage', 'req-m3', 'mcp'],
      ['refund', 'req-m2', 'mcp'],
      ['refund', 'req-r2', 'rest'],
      ['usage', 'req-legacy', 'rest'],
    ]);
  });

  it('holds: every hold with its channel, the failed MCP call voided and uncharged', async () => {
    const { rows } = await testDb.pool.query(
      `SELECT request_id, state, channel, usage_entry_id::int FROM billing.holds WHERE account_id = $1 ORDER BY hold_id`,
      [accountId],
    );
    expect(rows).toEqual([
      { request_id: 'req-r1', state: 'posted', channel: 'rest', usage_entry_id: entries.r1 },
      { request_id: 'req-r2', state: 'posted', channel: 'rest', usage_entry_id: entries.r2 },
      { request_id: 'req-m1', state: 'posted', channel: 'mcp', usage_entry_id: entries.m1 },
      { request_id: 'req-m2', state: 'posted', channel: 'mcp', usage_entry_id: entries.m2 },
      { request_id: 'req-m3', state: 'posted', channel: 'mcp', usage_entry_id: entries.m3 },
      { request_id: 'req-mFailed', state: 'voided', channel: 'mcp', usage_entry_id: null },
    ]);
  });

  it('the ledger of mixed channels is clean', async () => {
    await expect(verifyLedger(async (sql, params) => (await testDb.pool.query(sql, params)).rows, { accountIds: [accountId] })).resolves.toEqual([]);
  });
});
