import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import { AppConfig, OutOfCreditsError, type CallChannel } from '@scout/core';
import { ledgerInvariantViolations } from '../../../test/ledger-invariants';
import { ledgerRows } from '../../../test/ledger-rows';
import { useTestPool } from '../../../test/test-pool';
import { CreditHoldsService, HoldNotPostedError, type CallToCharge, type Hold } from './credit-holds.service';
import { verifyLedger } from './ledger-verify';

/**
 * Two-phase charges straight against PostgreSQL (CreditHolds migration): scout_hold, scout_post,
 * scout_void and the expiry sweep, and CreditHoldsService's retries when a connection is lost.
 */

const SECOND = 1_000;

describe('credit holds (PostgreSQL): two-phase charges of tool calls', () => {
  const testDb = useTestPool({ max: 30 });
  let holds: CreditHoldsService;

  beforeAll(() => {
    holds = serviceOn((sql, params) => testDb.pool.query(sql, params).then((r) => r.rows));
  });

  /** The service over any query function: the one seam the retry tests need. */
  function serviceOn(query: (sql: string, params?: unknown[]) => Promise<unknown>): CreditHoldsService {
    const config = AppConfig.fromEnv({ TOOL_DEADLINE_MS: '2000', HOLD_GRACE_MS: '1000' });
    return new CreditHoldsService({ query } as unknown as DataSource, config);
  }

  async function newAccount(credits: number, expiresAt: Date | null = null): Promise<string> {
    const { rows } = await testDb.pool.query<{ id: string }>(`INSERT INTO accounts (name) VALUES ('holds int-spec') RETURNING id`);
    if (credits > 0) await testDb.pool.query(`SELECT * FROM scout_grant($1, 'topup', $2, $3, 'int-spec', 'test')`, [rows[0].id, credits, expiresAt]);
    return rows[0].id;
  }
  const spendable = async (accountId: string) => Number((await testDb.pool.query(`SELECT scout_spendable($1) AS s`, [accountId])).rows[0].s);
  const holdRow = async (id: number) => (await testDb.pool.query(`SELECT state, void_reason FROM credit_holds WHERE id = $1`, [id])).rows[0];
  const usageEntries = async (accountId: string) => (await ledgerRows(testDb.pool, accountId)).filter((e) => e.kind === 'usage');
  const place = (accountId: string, amount = 250, ttlMs = 3_000) =>
    holds.place({ accountId, tool: 'int_tool', amount, requestId: `req-${Date.now()}`, channel: 'rest', ttlMs });

  describe('place', () => {
    it('sets the cost aside without a ledger entry: spendable drops, the balance does not', async () => {
      const accountId = await newAccount(1_000);
      const hold = await place(accountId);
      expect(hold.remaining).toBe(750);
      expect(await spendable(accountId)).toBe(750);
      expect(await ledgerRows(testDb.pool, accountId)).toHaveLength(1);
      expect(Number((await testDb.pool.query(`SELECT balance FROM accounts WHERE id = $1`, [accountId])).rows[0].balance)).toBe(1_000);
      expect(await holdRow(hold.id)).toEqual({ state: 'pending', void_reason: null });
    });

    it("200 parallel holds of 250 on 12,500 credits: exactly 50 placed, and held credits are no one else's", async () => {
      const accountId = await newAccount(12_500);
      const results = await Promise.allSettled(Array.from({ length: 200 }, () => place(accountId, 250, 10_000)));
      const placed = results.filter((r) => r.status === 'fulfilled');
      expect(placed).toHaveLength(50);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(OutOfCreditsError);
      expect(await spendable(accountId)).toBe(0);
      // An admin deduction cannot take held credits either.
      const { rows } = await testDb.pool.query(`SELECT status FROM scout_spend($1, 1, 'adjustment', NULL, NULL, 'x', 'test')`, [accountId]);
      expect(rows[0].status).toBe('insufficient');
    });

    it('counts only grants that outlive the hold: credits expiring mid-call cannot pay for it', async () => {
      const accountId = await newAccount(1_000, new Date(Date.now() + 2 * SECOND));
      await expect(place(accountId, 250, 5_000)).rejects.toBeInstanceOf(OutOfCreditsError);
      expect(await spendable(accountId)).toBe(1_000);
      await expect(place(accountId, 250, 500)).resolves.toMatchObject({ remaining: 750 });
    });

    it('refuses a suspended account and writes nothing', async () => {
      const accountId = await newAccount(1_000);
      await testDb.pool.query(`UPDATE accounts SET status = 'suspended' WHERE id = $1`, [accountId]);
      await expect(place(accountId)).rejects.toMatchObject({ code: 'unauthorized' });
      expect((await testDb.pool.query(`SELECT count(*)::int AS n FROM credit_holds WHERE account_id = $1`, [accountId])).rows[0].n).toBe(0);
    });
  });

  describe('post', () => {
    it('writes one usage entry for the hold, paid by grants soonest expiry first; posting again returns it', async () => {
      const accountId = await newAccount(1_000);
      await testDb.pool.query(`SELECT * FROM scout_grant($1, 'topup', 300, $2, 'soon', 'test')`, [accountId, new Date(Date.now() + 3_600 * SECOND)]);
      const hold = await place(accountId, 500);
      const entryId = await holds.post(hold);
      expect(await holds.post(hold)).toBe(entryId);
      const usage = await usageEntries(accountId);
      expect(usage).toEqual([expect.objectContaining({ id: entryId, amount: -500, tool: 'int_tool' })]);
      const { rows } = await testDb.pool.query(
        `SELECT g.reason, -a.credits AS took FROM credit_allocations a JOIN credit_grants g ON g.id = a.grant_id WHERE a.entry_id = $1 ORDER BY 2 DESC`,
        [entryId],
      );
      expect(rows.map((r) => [r.reason, Number(r.took)])).toEqual([
        ['soon', 300],
        ['int-spec', 200],
      ]);
      expect(await spendable(accountId)).toBe(800);
      expect(await holdRow(hold.id)).toEqual({ state: 'posted', void_reason: null });
      expect(await ledgerInvariantViolations(testDb.pool, accountId)).toEqual([]);
      // Too late to void: the call stays charged once.
      await holds.void(hold, 'late');
      expect(await usageEntries(accountId)).toHaveLength(1);
    });

    it('is refused past the deadline: the hold is voided, nothing charged', async () => {
      const accountId = await newAccount(1_000);
      const hold = await place(accountId, 250, 200);
      await sleep(300);
      expect(await spendable(accountId)).toBe(1_000);
      await expect(holds.post(hold)).rejects.toMatchObject({ refusal: 'expired', code: 'service_unavailable' });
      expect(await holdRow(hold.id)).toEqual({ state: 'voided', void_reason: 'expired before it was posted' });
      expect(await usageEntries(accountId)).toEqual([]);
    });

    it('a void whose reason quotes control characters (NUL) still goes through', async () => {
      const accountId = await newAccount(1_000);
      const hold = await place(accountId);
      expect(await holds.void(hold, 'not_found: No protocol "a\u0000b\u001b"')).toBe(1_000);
      expect(await holdRow(hold.id)).toEqual({ state: 'voided', void_reason: 'not_found: No protocol "a b "' });
    });

    it('is refused after a void, and a void after a void changes nothing', async () => {
      const accountId = await newAccount(1_000);
      const hold = await place(accountId);
      expect(await holds.void(hold, 'tool_error: upstream down')).toBe(1_000);
      expect(await holds.void(hold, 'again')).toBe(1_000);
      expect(await holdRow(hold.id)).toEqual({ state: 'voided', void_reason: 'tool_error: upstream down' });
      await expect(holds.post(hold)).rejects.toBeInstanceOf(HoldNotPostedError);
      expect(await usageEntries(accountId)).toEqual([]);
    });

    it('stores the answer under its Idempotency-Key claim in the same transaction, or voids when the claim was taken over', async () => {
      const accountId = await newAccount(1_000);
      const claim = async (key: string) =>
        (
          await testDb.pool.query(
            `INSERT INTO idempotency_keys (account_id, key, tool, fingerprint, state) VALUES ($1, $2, 'int_tool', 'f', 'running') RETURNING claim_id`,
            [accountId, key],
          )
        ).rows[0].claim_id as string;
      const mine = await claim('k1');
      const hold = await place(accountId);
      const entryId = await holds.post(hold, { key: 'k1', claimId: mine, statusCode: 200, response: { data: { n: 1 } } });
      const { rows } = await testDb.pool.query(
        `SELECT state, status_code, response::text, usage_entry_id FROM idempotency_keys WHERE account_id = $1 AND key = 'k1'`,
        [accountId],
      );
      expect(rows).toEqual([{ state: 'done', status_code: 200, response: '{"data":{"n":1}}', usage_entry_id: String(entryId) }]);

      await claim('k2');
      const other = await place(accountId);
      await expect(holds.post(other, { key: 'k2', claimId: mine, statusCode: 200, response: {} })).rejects.toMatchObject({ refusal: 'claim_lost' });
      expect(await holdRow(other.id)).toEqual({ state: 'voided', void_reason: 'its Idempotency-Key claim was taken over' });
      expect(await usageEntries(accountId)).toHaveLength(1);
    });
  });

  describe('group commit', () => {
    it('holds and posts many calls in few transactions, each caller getting its own hold, durable entry or refusal', async () => {
      const accounts = await Promise.all([newAccount(50_000), newAccount(50_000), newAccount(50_000)]);
      let batches = 0;
      let holdBatches = 0;
      const counted = serviceOn(async (sql, params) => {
        if (sql.includes('scout_post_many')) batches++;
        if (sql.includes('scout_hold_many')) holdBatches++;
        return (await testDb.pool.query(sql, params)).rows;
      });
      const placed = await Promise.all(
        Array.from({ length: 90 }, (_, i) =>
          counted.place({
            accountId: accounts[i % 3],
            tool: 'int_tool',
            amount: 250,
            requestId: `req-batch-${i}`,
            channel: 'rest',
            ttlMs: i === 7 ? 300 : 5_000,
          }),
        ),
      );
      expect(holdBatches).toBeLessThan(90);
      await sleep(400); // hold 7 is past its deadline now
      const outcomes = await Promise.allSettled(placed.map((hold) => counted.post(hold)));
      expect(batches).toBeLessThan(90);
      expect(outcomes[7]).toMatchObject({ status: 'rejected', reason: { refusal: 'expired' } });
      const entryIds = outcomes.filter((o, i) => i !== 7).map((o) => (o as PromiseFulfilledResult<number>).value);
      expect(new Set(entryIds).size).toBe(89);
      const { rows } = await testDb.pool.query(
        `SELECT count(*)::int AS entries, count(DISTINCT hold_id)::int AS holds FROM credit_entries WHERE account_id = ANY($1::uuid[]) AND kind = 'usage'`,
        [accounts],
      );
      expect(rows[0]).toEqual({ entries: 89, holds: 89 });
      for (const accountId of accounts) expect(await ledgerInvariantViolations(testDb.pool, accountId)).toEqual([]);
    });
  });

  describe('the channel of a call (rest | mcp)', () => {
    const channels = async (accountId: string) =>
      (
        await testDb.pool.query<{ kind: string; channel: string; hold_channel: string | null }>(
          `SELECT e.kind, e.channel, h.channel AS hold_channel FROM credit_entries e LEFT JOIN credit_holds h ON h.id = e.hold_id
            WHERE e.account_id = $1 ORDER BY e.id`,
          [accountId],
        )
      ).rows;
    const holdChannel = async (id: number) => (await testDb.pool.query(`SELECT channel FROM credit_holds WHERE id = $1`, [id])).rows[0].channel as string;

    it("a hold placed with 'mcp' posts a usage entry with channel 'mcp', one with 'rest' one with 'rest'", async () => {
      const accountId = await newAccount(1_000);
      const mcp = await holds.place({ accountId, tool: 'int_tool', amount: 250, requestId: 'req-mcp', channel: 'mcp' });
      const rest = await holds.place({ accountId, tool: 'int_tool', amount: 250, requestId: 'req-rest', channel: 'rest' });
      expect([mcp.channel, rest.channel]).toEqual(['mcp', 'rest']);
      expect([await holdChannel(mcp.id), await holdChannel(rest.id)]).toEqual(['mcp', 'rest']);
      await holds.post(mcp);
      await holds.post(rest);
      expect(await channels(accountId)).toEqual([
        { kind: 'grant', channel: 'rest', hold_channel: null },
        { kind: 'usage', channel: 'mcp', hold_channel: 'mcp' },
        { kind: 'usage', channel: 'rest', hold_channel: 'rest' },
      ]);
      expect(await verifyLedger((sql, params) => testDb.pool.query(sql, params).then((r) => r.rows), { accountIds: [accountId] })).toEqual([]);
    });

    it("in one group-committed batch over several accounts, each entry carries its own hold's channel", async () => {
      const accounts = await Promise.all([newAccount(10_000), newAccount(10_000)]);
      // Accounts interleaved and channels alternating against them: scout_hold_many places holds in
      // account order, so a channel taken from the wrong position would show.
      const placed = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          holds.place({ accountId: accounts[i % 2], tool: 'int_tool', amount: 250, requestId: `req-mixed-${i}`, channel: i % 3 === 0 ? 'mcp' : 'rest' }),
        ),
      );
      await Promise.all(placed.map((hold) => holds.post(hold)));
      const { rows } = await testDb.pool.query<{ request_id: string; channel: string }>(
        `SELECT request_id, channel FROM credit_entries WHERE account_id = ANY($1::uuid[]) AND kind = 'usage' ORDER BY request_id`,
        [accounts],
      );
      const expected = Array.from({ length: 12 }, (_, i) => ({ request_id: `req-mixed-${i}`, channel: i % 3 === 0 ? 'mcp' : 'rest' }));
      expect(rows).toEqual(expected.sort((a, b) => a.request_id.localeCompare(b.request_id)));
    });

    it('a call charged without a hold (charge) records its channel on its usage entry', async () => {
      const accountId = await newAccount(1_000);
      await holds.charge({ accountId, tool: 'int_tool', amount: 250, requestId: 'req-charge-mcp', channel: 'mcp' });
      await holds.charge({ accountId, tool: 'int_tool', amount: 250, requestId: 'req-charge-rest', channel: 'rest' });
      expect(await channels(accountId)).toEqual([
        { kind: 'grant', channel: 'rest', hold_channel: null },
        { kind: 'usage', channel: 'mcp', hold_channel: null },
        { kind: 'usage', channel: 'rest', hold_channel: null },
      ]);
    });

    it('a call without its channel (a caller past the type check) is refused, and nothing is written', async () => {
      const accountId = await newAccount(1_000);
      const call = { accountId, tool: 'int_tool', amount: 250, requestId: 'req-no-channel' } as CallToCharge;
      await expect(holds.place(call)).rejects.toThrow(/needs its channel/);
      await expect(holds.charge(call)).rejects.toThrow(/needs its channel/);
      await expect(holds.charge({ ...call, channel: 'grpc' as CallChannel })).rejects.toThrow(/needs its channel/);
      expect(await channels(accountId)).toEqual([{ kind: 'grant', channel: 'rest', hold_channel: null }]);
      expect((await testDb.pool.query(`SELECT count(*)::int AS n FROM credit_holds WHERE account_id = $1`, [accountId])).rows[0].n).toBe(0);
    });

    it("an 'mcp' hold that is voided, or expires, posts nothing", async () => {
      const accountId = await newAccount(1_000);
      const voided = await holds.place({ accountId, tool: 'int_tool', amount: 250, requestId: 'req-mcp-void', channel: 'mcp' });
      await holds.void(voided, 'tool_error: upstream down');
      await expect(holds.post(voided)).rejects.toMatchObject({ refusal: 'voided' });
      const expired = await holds.place({ accountId, tool: 'int_tool', amount: 250, requestId: 'req-mcp-expired', channel: 'mcp', ttlMs: 200 });
      await sleep(300);
      await expect(holds.post(expired)).rejects.toMatchObject({ refusal: 'expired' });
      const swept = await holds.place({ accountId, tool: 'int_tool', amount: 250, requestId: 'req-mcp-swept', channel: 'mcp', ttlMs: 200 });
      await sleep(300);
      await holds.voidExpired();
      expect(await holdRow(swept.id)).toEqual({ state: 'voided', void_reason: 'expired: never posted by its deadline' });
      expect(await channels(accountId)).toEqual([{ kind: 'grant', channel: 'rest', hold_channel: null }]);
      expect(await spendable(accountId)).toBe(1_000);
    });

    it("a refund of an 'mcp' call is 'mcp' too", async () => {
      const accountId = await newAccount(1_000);
      const entryId = await holds.post(await holds.place({ accountId, tool: 'int_tool', amount: 250, requestId: 'req-mcp-refund', channel: 'mcp' }));
      await testDb.pool.query(`SELECT * FROM scout_refund($1, 'correction')`, [entryId]);
      expect((await channels(accountId)).map((r) => [r.kind, r.channel])).toEqual([
        ['grant', 'rest'],
        ['usage', 'mcp'],
        ['refund', 'mcp'],
      ]);
    });

    it('refuses an unknown channel, a channel changed on a hold, and an entry that is not a call marked mcp', async () => {
      const accountId = await newAccount(1_000);
      await expect(testDb.pool.query(`SELECT * FROM scout_hold($1, 250, 'int_tool', 'req-x', 3000, 'grpc')`, [accountId])).rejects.toMatchObject({
        code: '23514',
        constraint: 'ck_credit_holds_channel',
      });
      const pending = await holds.place({ accountId, tool: 'int_tool', amount: 250, requestId: 'req-switch', channel: 'rest' });
      await expect(testDb.pool.query(`UPDATE credit_holds SET channel = 'mcp' WHERE id = $1`, [pending.id])).rejects.toMatchObject({ code: '42501' });
      // Posting it must not be the moment a channel changes either.
      await expect(
        testDb.pool.query(`UPDATE credit_holds SET state = 'posted', resolved_at = now(), channel = 'mcp' WHERE id = $1`, [pending.id]),
      ).rejects.toMatchObject({ code: '42501' });
      await expect(
        testDb.pool.query(`INSERT INTO credit_entries (account_id, kind, amount, balance_after, channel) VALUES ($1, 'adjustment', 5, 1005, 'mcp')`, [
          accountId,
        ]),
      ).rejects.toMatchObject({ code: '23514', constraint: 'ck_credit_entries_channel_call' });
      expect(await holdChannel(pending.id)).toBe('rest');
    });
  });

  describe('a hold moves once: pending -> posted | voided', () => {
    it('refuses any other change and any delete', async () => {
      const accountId = await newAccount(1_000);
      const hold = await place(accountId);
      await holds.post(hold);
      for (const sql of [
        `UPDATE credit_holds SET state = 'voided', void_reason = 'x' WHERE id = $1`,
        `UPDATE credit_holds SET amount = 1 WHERE id = $1`,
        `DELETE FROM credit_holds WHERE id = $1`,
      ]) {
        await expect(testDb.pool.query(sql, [hold.id])).rejects.toMatchObject({ code: '42501' });
      }
      const pending = await place(accountId);
      await expect(testDb.pool.query(`UPDATE credit_holds SET expires_at = now() + interval '1 day' WHERE id = $1`, [pending.id])).rejects.toMatchObject({
        code: '42501',
      });
    });
  });

  describe('the sweep', () => {
    it('records holds past their deadline as voided, skips live ones, and runs twice harmlessly', async () => {
      const accountId = await newAccount(1_000);
      const crashed = await place(accountId, 250, 200);
      const live = await place(accountId, 250, 60_000);
      await sleep(300);
      expect(await holds.voidExpired()).toBeGreaterThanOrEqual(1);
      expect(await holdRow(crashed.id)).toEqual({ state: 'voided', void_reason: 'expired: never posted by its deadline' });
      expect(await holdRow(live.id)).toEqual({ state: 'pending', void_reason: null });
      await holds.voidExpired();
      expect(await holdRow(live.id)).toEqual({ state: 'pending', void_reason: null });
      expect(await spendable(accountId)).toBe(750);
      await holds.void(live, 'done');
      expect(await verifyLedger((sql, params) => testDb.pool.query(sql, params).then((r) => r.rows), { accountIds: [accountId] })).toEqual([]);
    });
  });

  describe('lost connections', () => {
    const connectionLost = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

    it('a post whose connection dies before it reaches the database is retried: charged once', async () => {
      const accountId = await newAccount(1_000);
      let failures = 2;
      const flaky = serviceOn(async (sql, params) => {
        if (sql.includes('scout_post') && failures-- > 0) throw connectionLost();
        return (await testDb.pool.query(sql, params)).rows;
      });
      const hold = await flaky.place({ accountId, tool: 'int_tool', amount: 250, requestId: 'req-flaky', channel: 'rest', ttlMs: 3_000 });
      expect(await flaky.post(hold)).toEqual(expect.any(Number));
      expect(await usageEntries(accountId)).toHaveLength(1);
    });

    it('a post that committed but whose answer was lost is retried and finds the same entry: charged once', async () => {
      const accountId = await newAccount(1_000);
      let lostAnswers = 1;
      const flaky = serviceOn(async (sql, params) => {
        const rows = (await testDb.pool.query(sql, params)).rows;
        if (sql.includes('scout_post') && lostAnswers-- > 0) throw connectionLost();
        return rows;
      });
      const hold: Hold = await flaky.place({ accountId, tool: 'int_tool', amount: 250, requestId: 'req-lost-ack', channel: 'rest', ttlMs: 3_000 });
      const entryId = await flaky.post(hold);
      expect(await usageEntries(accountId)).toEqual([expect.objectContaining({ id: entryId })]);
    });

    it('a void that cannot reach the database gives up at the deadline; the hold then charges nothing anyway', async () => {
      const accountId = await newAccount(1_000);
      const down = serviceOn(async (sql, params) => {
        if (sql.includes('scout_void')) throw connectionLost();
        return (await testDb.pool.query(sql, params)).rows;
      });
      const hold = await down.place({ accountId, tool: 'int_tool', amount: 250, requestId: 'req-down', channel: 'rest', ttlMs: 400 });
      expect(await down.void(hold, 'tool_error')).toBeNull();
      expect(Date.now()).toBeGreaterThanOrEqual(hold.expiresAt.getTime());
      expect(await spendable(accountId)).toBe(1_000);
      expect(await usageEntries(accountId)).toEqual([]);
    });
  });
});
