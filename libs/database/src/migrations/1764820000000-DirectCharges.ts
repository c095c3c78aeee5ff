import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A charge without a hold, for a call whose answer is already in hand when it is charged (a tool
 * that only reads, answered from cached upstream answers: ToolCallService). A hold protects the
 * work a call is about to do; with the answer already made there is none, so one grouped debit
 * replaces the hold and the post: one transaction per batch of such calls instead of two, and no
 * hold row written and then rewritten.
 *
 * scout_charge is scout_spend's usage path plus the channel: the usage entry, paid by grants
 * soonest expiry first, only if what the account could spend now (its unexpired grants less what
 * pending holds set aside) covers it, so it never spends credits a running call holds. Like a usage
 * entry written before holds existed, it has no hold_id. status: ok | insufficient | no_account |
 * suspended; nothing is written unless ok. scout_charge_many charges several in account order (the
 * lock order of every batch), each exactly as scout_charge would.
 *
 * Each charge carries a key the server makes (credit_entries.charge_key, unique): charging the same
 * key again returns the first charge, so a charge whose connection was lost can be sent again
 * without charging twice (the request id cannot serve: a client may send the same one twice).
 */
export class DirectCharges1764820000000 implements MigrationInterface {
  name = 'DirectCharges1764820000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE credit_entries ADD COLUMN charge_key uuid`);
    await q.query(`CREATE UNIQUE INDEX uq_credit_entries_charge_key ON credit_entries (charge_key) WHERE charge_key IS NOT NULL`);
    await q.query(`ALTER TABLE credit_entries ADD CONSTRAINT ck_credit_entries_charge_key CHECK (charge_key IS NULL OR (kind = 'usage' AND hold_id IS NULL))`);
    for (const statement of CHARGE_BY_CHARGE_FUNCTIONS) await q.query(statement);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION scout_charge_many(uuid[], bigint[], text[], text[], text[], uuid[])`);
    await q.query(`DROP FUNCTION scout_charge(uuid, bigint, text, text, text, uuid)`);
    await q.query(`ALTER TABLE credit_entries DROP CONSTRAINT ck_credit_entries_charge_key`);
    await q.query(`DROP INDEX uq_credit_entries_charge_key`);
    await q.query(`ALTER TABLE credit_entries DROP COLUMN charge_key`);
  }
}

/** scout_charge and scout_charge_many as this migration made them (SetBasedCharges' down() restores them). */
export const CHARGE_BY_CHARGE_FUNCTIONS = [
  `
      CREATE FUNCTION scout_charge(p_account uuid, p_amount bigint, p_tool text, p_request_id text, p_channel text, p_charge_key uuid)
      RETURNS TABLE (entry_id bigint, remaining bigint, status text) LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE
        v_status text;
        v_spendable bigint;
        v_balance bigint;
        v_entry bigint;
        v_left bigint := p_amount;
        v_take bigint;
        g record;
      BEGIN
        IF p_amount <= 0 OR p_tool IS NULL OR p_charge_key IS NULL THEN
          RAISE EXCEPTION 'scout_charge: bad amount %, no tool or no charge key', p_amount;
        END IF;
        SELECT a.status INTO v_status FROM accounts a WHERE a.id = p_account FOR UPDATE;
        IF NOT FOUND THEN
          RETURN QUERY SELECT NULL::bigint, NULL::bigint, 'no_account'::text; RETURN;
        END IF;
        -- Sent again after a lost connection: the first charge stands.
        SELECT e.id INTO v_entry FROM credit_entries e WHERE e.charge_key = p_charge_key;
        IF FOUND THEN
          RETURN QUERY SELECT v_entry, scout_spendable(p_account), 'ok'::text; RETURN;
        END IF;
        IF v_status <> 'active' THEN
          RETURN QUERY SELECT NULL::bigint, scout_spendable(p_account), 'suspended'::text; RETURN;
        END IF;
        v_spendable := scout_spendable(p_account);
        IF v_spendable < p_amount THEN
          RETURN QUERY SELECT NULL::bigint, greatest(v_spendable, 0), 'insufficient'::text; RETURN;
        END IF;
        UPDATE accounts SET balance = balance - p_amount, updated_at = now()
          WHERE id = p_account RETURNING balance INTO v_balance;
        INSERT INTO credit_entries (account_id, kind, amount, balance_after, tool, request_id, channel, charge_key)
          VALUES (p_account, 'usage', -p_amount, v_balance, p_tool, p_request_id, p_channel, p_charge_key)
          RETURNING id INTO v_entry;
        FOR g IN
          SELECT id, credit_grants.remaining AS left_over FROM credit_grants
          WHERE account_id = p_account AND credit_grants.remaining > 0 AND (expires_at IS NULL OR expires_at > now())
          ORDER BY expires_at ASC NULLS LAST, created_at, seq
          FOR UPDATE
        LOOP
          v_take := least(g.left_over, v_left);
          UPDATE credit_grants SET remaining = credit_grants.remaining - v_take WHERE id = g.id;
          INSERT INTO credit_allocations (entry_id, grant_id, credits) VALUES (v_entry, g.id, -v_take);
          v_left := v_left - v_take;
          EXIT WHEN v_left = 0;
        END LOOP;
        RETURN QUERY SELECT v_entry, v_spendable - p_amount, 'ok'::text;
      END $$`,
  `
      CREATE FUNCTION scout_charge_many(p_accounts uuid[], p_amounts bigint[], p_tools text[], p_request_ids text[], p_channels text[], p_charge_keys uuid[])
      RETURNS TABLE (ord bigint, entry_id bigint, remaining bigint, status text) LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE
        i record;
        r record;
      BEGIN
        FOR i IN
          SELECT u.account, u.n FROM unnest(p_accounts) WITH ORDINALITY AS u(account, n) ORDER BY u.account, u.n
        LOOP
          SELECT * INTO r FROM scout_charge(i.account, p_amounts[i.n], p_tools[i.n], p_request_ids[i.n], p_channels[i.n], p_charge_keys[i.n]);
          RETURN QUERY SELECT i.n, r.entry_id, r.remaining, r.status;
        END LOOP;
      END $$`,
];
