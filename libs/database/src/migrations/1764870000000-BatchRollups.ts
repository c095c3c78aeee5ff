import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CHARGE_MANY_ARGS, INDEX_SCANS_ONLY, SET_BASED_CHARGE_MANY } from './1764850000000-SetBasedCharges';
import { GENERIC_PLANS } from './1764860000000-GenericLedgerPlans';

const CHARGE_MANY = 'scout_charge_many(uuid[], bigint[], text[], text[], text[], uuid[])';

/**
 * A batch of direct charges rolls its usage up once per account, tool and channel, instead of once
 * per entry.
 *
 * The usage-rollup trigger (UsageRollups) ran a PL/pgSQL function and an upsert for every usage
 * entry, and a grouped charge inserts one entry per call: pgbench on a batch of eight charges to one
 * account (one connection, synchronous_commit off) spent about 0.7 of its 2.5 ms there.
 * scout_charge_many now upserts the batch's rollup rows itself, after the entries, in the same
 * statement sequence, and the trigger skips entries that carry a charge key (only
 * scout_charge_many writes those: ck_credit_entries_charge_key). Every other entry (a posted hold,
 * a spend, a refund) is still rolled up by the trigger, and an update of any entry still moves its
 * share (trg_credit_entries_usage_rollup_moved). The rollup rows are an account's own, written with
 * the account's row locked, as before; `ledger:verify` checks them against the entries.
 *
 * The function also finds each new entry's id by joining the inserted rows to the batch positions,
 * instead of a search through the batch's keys per row.
 */
export class BatchRollups1764870000000 implements MigrationInterface {
  name = 'BatchRollups1764870000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER trg_credit_entries_usage_rollup ON credit_entries`);
    await q.query(`CREATE TRIGGER trg_credit_entries_usage_rollup AFTER INSERT ON credit_entries
      FOR EACH ROW WHEN (NEW.kind IN ('usage', 'refund') AND NEW.charge_key IS NULL) EXECUTE FUNCTION scout_roll_up_usage()`);
    await q.query(CHARGE_MANY_ROLLING_UP);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(SET_BASED_CHARGE_MANY);
    // CREATE OR REPLACE keeps only the SET clauses it names: GenericLedgerPlans' setting comes back.
    await q.query(`ALTER FUNCTION ${CHARGE_MANY} ${GENERIC_PLANS}`);
    await q.query(`DROP TRIGGER trg_credit_entries_usage_rollup ON credit_entries`);
    await q.query(`CREATE TRIGGER trg_credit_entries_usage_rollup AFTER INSERT ON credit_entries
      FOR EACH ROW WHEN (NEW.kind IN ('usage', 'refund')) EXECUTE FUNCTION scout_roll_up_usage()`);
  }
}

/** SetBasedCharges' scout_charge_many with the batch's rollup upsert, and entry ids found by a join; BatchesAcrossAccounts.down() restores it. */
export const CHARGE_MANY_ROLLING_UP = `
      CREATE OR REPLACE FUNCTION scout_charge_many(${CHARGE_MANY_ARGS})
      RETURNS TABLE (ord bigint, entry_id bigint, remaining bigint, status text) LANGUAGE plpgsql ${INDEX_SCANS_ONLY} ${GENERIC_PLANS} AS $$
      #variable_conflict use_column
      DECLARE
        n_all integer := coalesce(array_length(p_accounts, 1), 0);
        -- Per charge (by input position): its result, and for an ok one its entry's balance.
        r_entry bigint[] := array_fill(NULL::bigint, ARRAY[n_all]);
        r_remaining bigint[] := array_fill(NULL::bigint, ARRAY[n_all]);
        r_status text[] := array_fill('no_account'::text, ARRAY[n_all]);
        r_repeat_of integer[] := array_fill(NULL::integer, ARRAY[n_all]);
        existing bigint[];
        -- Keys charged so far in this batch, and where.
        done_keys uuid[] := '{}';
        done_n integer[] := '{}';
        v_done integer;
        -- The account being charged, and its charges made in this batch.
        acc record;
        c record;
        v_account uuid;
        v_active boolean;
        v_balance bigint;
        v_spendable bigint;
        v_total bigint;
        ok_n integer[];
        ok_balance bigint[];
        -- The grant walk.
        g record;
        k integer;
        v_need bigint;
        v_take bigint;
        v_taken bigint;
        g_ids uuid[];
        g_takes bigint[];
        a_entries bigint[];
        a_grants uuid[];
        a_credits bigint[];
      BEGIN
        FOR i IN 1 .. n_all LOOP
          IF p_amounts[i] IS NULL OR p_amounts[i] <= 0 OR p_tools[i] IS NULL OR p_charge_keys[i] IS NULL THEN
            RAISE EXCEPTION 'scout_charge: bad amount %, no tool or no charge key', p_amounts[i];
          END IF;
        END LOOP;

        -- Every account of the batch locked first, in id order; only then are keys looked up, so a
        -- charge sent again by another transaction that committed meanwhile is found.
        PERFORM 1 FROM accounts a WHERE a.id = ANY (p_accounts) ORDER BY a.id FOR UPDATE;
        -- One index probe per key (a subquery, not a join: planned as a join over a batch of
        -- several keys, it can read the whole charge-key index, which grows with every charge).
        SELECT array_agg((SELECT e.id FROM credit_entries e WHERE e.charge_key = u.key) ORDER BY u.n) INTO existing
          FROM unnest(p_charge_keys) WITH ORDINALITY AS u(key, n);

        FOR acc IN SELECT a.id, a.status, a.balance FROM accounts a WHERE a.id = ANY (p_accounts) ORDER BY a.id LOOP
          v_account := acc.id;
          v_active := acc.status = 'active';
          v_balance := acc.balance;
          v_spendable := scout_spendable(v_account);
          v_total := 0;
          ok_n := '{}';
          ok_balance := '{}';
          FOR c IN SELECT u.n::integer AS n FROM unnest(p_accounts) WITH ORDINALITY AS u(account, n) WHERE u.account = v_account ORDER BY u.n LOOP
            v_done := array_position(done_keys, p_charge_keys[c.n]);
            IF existing[c.n] IS NOT NULL THEN
              -- Sent again after a lost connection: the first charge stands.
              r_entry[c.n] := existing[c.n];
              r_remaining[c.n] := v_spendable;
              r_status[c.n] := 'ok';
            ELSIF v_done IS NOT NULL THEN
              -- A key charged earlier in this batch: this is that charge, sent again.
              r_repeat_of[c.n] := done_n[v_done];
              r_remaining[c.n] := v_spendable;
              r_status[c.n] := 'ok';
            ELSIF NOT v_active THEN
              r_remaining[c.n] := v_spendable;
              r_status[c.n] := 'suspended';
            ELSIF v_spendable < p_amounts[c.n] THEN
              r_remaining[c.n] := greatest(v_spendable, 0);
              r_status[c.n] := 'insufficient';
            ELSE
              v_balance := v_balance - p_amounts[c.n];
              v_spendable := v_spendable - p_amounts[c.n];
              v_total := v_total + p_amounts[c.n];
              ok_n := ok_n || c.n;
              done_keys := done_keys || p_charge_keys[c.n];
              done_n := done_n || c.n;
              ok_balance := ok_balance || v_balance;
              r_remaining[c.n] := v_spendable;
              r_status[c.n] := 'ok';
            END IF;
          END LOOP;
          CONTINUE WHEN v_total = 0;

          UPDATE accounts SET balance = balance - v_total, updated_at = now() WHERE id = v_account;
          -- Each entry's id back to its charge's position, through its key (unique in the batch).
          FOR c IN
            WITH inserted AS (
              INSERT INTO credit_entries (account_id, kind, amount, balance_after, tool, request_id, channel, charge_key)
              SELECT v_account, 'usage', -p_amounts[o.n], o.balance_after, p_tools[o.n], p_request_ids[o.n], p_channels[o.n], p_charge_keys[o.n]
                FROM unnest(ok_n, ok_balance) WITH ORDINALITY AS o(n, balance_after, pos)
               ORDER BY o.pos
              RETURNING id, charge_key)
            SELECT o.n, i.id FROM inserted i JOIN unnest(ok_n) AS o(n) ON p_charge_keys[o.n] = i.charge_key
          LOOP
            r_entry[c.n] := c.id;
          END LOOP;
          -- The batch's calls in the rollups, one row per tool and channel of today (UTC), as the
          -- row trigger would have added them one by one (it skips entries with a charge key).
          INSERT INTO usage_rollups AS r (account_id, day, tool, channel, calls, credits)
          SELECT v_account, (now() AT TIME ZONE 'UTC')::date, p_tools[o.n], p_channels[o.n], count(*), sum(p_amounts[o.n])
            FROM unnest(ok_n) AS o(n)
           GROUP BY p_tools[o.n], p_channels[o.n]
           ORDER BY p_tools[o.n], p_channels[o.n]
          ON CONFLICT (account_id, day, tool, channel) DO UPDATE
            SET calls = r.calls + EXCLUDED.calls, credits = r.credits + EXCLUDED.credits;

          -- The grants pay the entries in entry order, each grant soonest expiry first.
          k := 1;
          v_need := p_amounts[ok_n[1]];
          g_ids := '{}'; g_takes := '{}'; a_entries := '{}'; a_grants := '{}'; a_credits := '{}';
          FOR g IN
            SELECT cg.id, cg.remaining AS left_over FROM credit_grants cg
             WHERE cg.account_id = v_account AND cg.remaining > 0 AND (cg.expires_at IS NULL OR cg.expires_at > now())
             ORDER BY cg.expires_at ASC NULLS LAST, cg.created_at, cg.seq
               FOR UPDATE
          LOOP
            v_taken := 0;
            WHILE k <= array_length(ok_n, 1) AND v_taken < g.left_over LOOP
              v_take := least(g.left_over - v_taken, v_need);
              a_entries := a_entries || r_entry[ok_n[k]];
              a_grants := a_grants || g.id;
              a_credits := a_credits || -v_take;
              v_taken := v_taken + v_take;
              v_need := v_need - v_take;
              IF v_need = 0 THEN
                k := k + 1;
                IF k <= array_length(ok_n, 1) THEN v_need := p_amounts[ok_n[k]]; END IF;
              END IF;
            END LOOP;
            g_ids := g_ids || g.id;
            g_takes := g_takes || v_taken;
            EXIT WHEN k > array_length(ok_n, 1);
          END LOOP;
          IF k <= array_length(ok_n, 1) THEN
            RAISE EXCEPTION 'scout_charge_many: the grants of account % do not cover its charges', v_account;
          END IF;
          UPDATE credit_grants cg SET remaining = cg.remaining - g_takes[array_position(g_ids, cg.id)] WHERE cg.id = ANY (g_ids);
          INSERT INTO credit_allocations (entry_id, grant_id, credits) SELECT * FROM unnest(a_entries, a_grants, a_credits);
        END LOOP;

        FOR i IN 1 .. n_all LOOP
          IF r_repeat_of[i] IS NOT NULL THEN r_entry[i] := r_entry[r_repeat_of[i]]; END IF;
        END LOOP;
        RETURN QUERY SELECT u.n, u.entry_id, u.remaining, u.status
          FROM unnest(r_entry, r_remaining, r_status) WITH ORDINALITY AS u(entry_id, remaining, status, n);
      END $$`;
