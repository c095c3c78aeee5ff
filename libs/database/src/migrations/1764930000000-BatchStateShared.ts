import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CHARGE_MANY as CHARGE_MANY_BEFORE, ENTRY_POINT_SETTINGS } from './1764900000000-BatchesAcrossAccounts';
import { HOLD_MANY as HOLD_MANY_BEFORE, POST_MANY as POST_MANY_BEFORE } from './1764900000000-BatchesAcrossAccounts.holds';
import { CHARGE_MANY_ARGS } from './1764850000000-SetBasedCharges';
import { HOLD_MANY, POST_MANY } from './1764930000000-BatchStateShared.holds';

/**
 * The batch functions of BatchesAcrossAccounts with less to keep in step, and the same behaviour:
 *  - scout_charge_many, scout_hold_many and scout_post_many each read their accounts' state with a
 *    copy of one query; they now all read it from scout_account_states, so the three cannot drift.
 *  - scout_charge_many and scout_post_many kept each account's running total beside the calls that
 *    go through (ok_account, ok_amount), which already say it; the account update now sums those.
 * Same results, writes, order of decisions and lock order: the helper is inlined into each caller's
 * statement (same plan, same snapshot), and every account is locked before any total is summed.
 */
export class BatchStateShared1764930000000 implements MigrationInterface {
  name = 'BatchStateShared1764930000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(ACCOUNT_STATES);
    await q.query(CHARGE_MANY);
    await q.query(HOLD_MANY);
    await q.query(POST_MANY);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(CHARGE_MANY_BEFORE);
    await q.query(HOLD_MANY_BEFORE);
    await q.query(POST_MANY_BEFORE);
    await q.query(`DROP FUNCTION scout_account_states(uuid[])`);
  }
}

/**
 * What a batch decides its accounts' calls by: status, balance, live (what the unexpired grants
 * have left) and held (the pending holds not past their deadline); spendable is live - held.
 * Plain SQL, STABLE, not STRICT and without SET clauses, so PostgreSQL inlines it into the
 * caller's query (planned under the caller's settings; columns the caller does not read are not
 * computed) instead of running it as a function of its own.
 */
const ACCOUNT_STATES = `
      CREATE OR REPLACE FUNCTION scout_account_states(p_accounts uuid[])
      RETURNS TABLE (id uuid, status text, balance bigint, live bigint, held bigint) LANGUAGE sql STABLE AS $$
        SELECT a.id, a.status, a.balance,
               (SELECT coalesce(sum(g.remaining), 0) FROM credit_grants g
                 WHERE g.account_id = a.id AND g.remaining > 0 AND (g.expires_at IS NULL OR g.expires_at > now()))::bigint,
               (SELECT coalesce(sum(h.amount), 0) FROM credit_holds h
                 WHERE h.account_id = a.id AND h.state = 'pending' AND h.expires_at > now())::bigint
          FROM accounts a WHERE a.id = ANY (p_accounts)
      $$`;

/** Direct charges: BatchesAcrossAccounts' scout_charge_many, its state from scout_account_states. */
const CHARGE_MANY = `
      CREATE OR REPLACE FUNCTION scout_charge_many(${CHARGE_MANY_ARGS})
      RETURNS TABLE (ord bigint, entry_id bigint, remaining bigint, status text) LANGUAGE plpgsql ${ENTRY_POINT_SETTINGS} AS $$
      #variable_conflict use_column
      DECLARE
        n_all integer := coalesce(array_length(p_accounts, 1), 0);
        -- Per charge (by input position): its result.
        r_entry bigint[] := array_fill(NULL::bigint, ARRAY[n_all]);
        r_remaining bigint[] := array_fill(NULL::bigint, ARRAY[n_all]);
        r_status text[] := array_fill('no_account'::text, ARRAY[n_all]);
        r_repeat_of integer[] := array_fill(NULL::integer, ARRAY[n_all]);
        -- Keys charged so far in this batch, and where.
        done_keys uuid[] := '{}';
        done_n integer[] := '{}';
        v_done integer;
        c record;
        v_account uuid;
        v_balance bigint;
        v_spendable bigint;
        -- The charges that go through, in account then input order.
        ok_n integer[] := '{}';
        ok_account uuid[] := '{}';
        ok_balance bigint[] := '{}';
        ok_amount bigint[] := '{}';
        ok_tool text[] := '{}';
        ok_channel text[] := '{}';
        ok_entry bigint[];
      BEGIN
        FOR i IN 1 .. n_all LOOP
          IF p_amounts[i] IS NULL OR p_amounts[i] <= 0 OR p_tools[i] IS NULL OR p_charge_keys[i] IS NULL THEN
            RAISE EXCEPTION 'scout_charge: bad amount %, no tool or no charge key', p_amounts[i];
          END IF;
        END LOOP;

        -- Every account of the batch locked first, in id order; only then are keys looked up, so a
        -- charge sent again by another transaction that committed meanwhile is found.
        PERFORM 1 FROM accounts a WHERE a.id = ANY (p_accounts) ORDER BY a.id FOR UPDATE;
        -- Each charge with its account's state (read once per account) and its key's earlier entry
        -- (one index probe per key: a subquery, not a join, which could read the whole key index).
        FOR c IN
          SELECT u.n::integer AS n, acc.id AS account, acc.status, acc.balance, acc.live - acc.held AS spendable,
                 (SELECT e.id FROM credit_entries e WHERE e.charge_key = p_charge_keys[u.n]) AS existing
            FROM unnest(p_accounts) WITH ORDINALITY AS u(account, n)
            JOIN scout_account_states(p_accounts) acc ON acc.id = u.account
           ORDER BY acc.id, u.n
        LOOP
          IF c.account IS DISTINCT FROM v_account THEN
            v_account := c.account;
            v_balance := c.balance;
            v_spendable := c.spendable;
          END IF;
          v_done := array_position(done_keys, p_charge_keys[c.n]);
          IF c.existing IS NOT NULL THEN
            -- Sent again after a lost connection: the first charge stands.
            r_entry[c.n] := c.existing;
            r_remaining[c.n] := v_spendable;
            r_status[c.n] := 'ok';
          ELSIF v_done IS NOT NULL THEN
            -- A key charged earlier in this batch: this is that charge, sent again.
            r_repeat_of[c.n] := done_n[v_done];
            r_remaining[c.n] := v_spendable;
            r_status[c.n] := 'ok';
          ELSIF c.status <> 'active' THEN
            r_remaining[c.n] := v_spendable;
            r_status[c.n] := 'suspended';
          ELSIF v_spendable < p_amounts[c.n] THEN
            r_remaining[c.n] := greatest(v_spendable, 0);
            r_status[c.n] := 'insufficient';
          ELSE
            v_balance := v_balance - p_amounts[c.n];
            v_spendable := v_spendable - p_amounts[c.n];
            ok_n := ok_n || c.n;
            ok_account := ok_account || v_account;
            ok_balance := ok_balance || v_balance;
            ok_amount := ok_amount || p_amounts[c.n];
            ok_tool := ok_tool || p_tools[c.n];
            ok_channel := ok_channel || p_channels[c.n];
            done_keys := done_keys || p_charge_keys[c.n];
            done_n := done_n || c.n;
            r_remaining[c.n] := v_spendable;
            r_status[c.n] := 'ok';
          END IF;
        END LOOP;

        IF array_length(ok_n, 1) > 0 THEN
          -- Each account's total, in id order as before (its row is locked already, above).
          UPDATE accounts a SET balance = a.balance - t.total, updated_at = now()
            FROM (SELECT o.account, sum(o.amount)::bigint AS total FROM unnest(ok_account, ok_amount) AS o(account, amount)
                   GROUP BY o.account ORDER BY o.account) t
           WHERE a.id = t.account;
          -- Each entry's id back to its charge's position, through its key (unique in the batch).
          FOR c IN
            WITH inserted AS (
              INSERT INTO credit_entries (account_id, kind, amount, balance_after, tool, request_id, channel, charge_key)
              SELECT o.account, 'usage', -p_amounts[o.n], o.balance_after, p_tools[o.n], p_request_ids[o.n], p_channels[o.n], p_charge_keys[o.n]
                FROM unnest(ok_account, ok_n, ok_balance) WITH ORDINALITY AS o(account, n, balance_after, pos)
               ORDER BY o.pos
              RETURNING id, charge_key)
            SELECT o.n, i.id FROM inserted i JOIN unnest(ok_n) AS o(n) ON p_charge_keys[o.n] = i.charge_key
          LOOP
            r_entry[c.n] := c.id;
          END LOOP;
          ok_entry := ARRAY(SELECT r_entry[o.n] FROM unnest(ok_n) WITH ORDINALITY AS o(n, pos) ORDER BY o.pos);
          PERFORM scout_roll_up_calls(ok_account, ok_tool, ok_channel, ok_amount);
          PERFORM scout_allocate_grants(ok_account, ok_entry, ok_amount);
        END IF;

        FOR i IN 1 .. n_all LOOP
          IF r_repeat_of[i] IS NOT NULL THEN r_entry[i] := r_entry[r_repeat_of[i]]; END IF;
        END LOOP;
        RETURN QUERY SELECT u.n, u.entry_id, u.remaining, u.status
          FROM unnest(r_entry, r_remaining, r_status) WITH ORDINALITY AS u(entry_id, remaining, status, n);
      END $$`;
