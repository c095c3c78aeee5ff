import type { MigrationInterface, QueryRunner } from 'typeorm';
import { PREVIOUS_BATCH_FUNCTIONS } from './1764900000000-BatchesAcrossAccounts.previous';
import { CHARGE_MANY_ARGS, INDEX_SCANS_ONLY } from './1764850000000-SetBasedCharges';
import { GENERIC_PLANS } from './1764860000000-GenericLedgerPlans';
import { HOLD_FUNCTIONS } from './1764900000000-BatchesAcrossAccounts.holds';

/** The SET clauses of every entry point this migration writes (CREATE OR REPLACE keeps only those it names). */
export const ENTRY_POINT_SETTINGS = `${INDEX_SCANS_ONLY} ${GENERIC_PLANS}`;

/**
 * A batch costs a fixed number of statements however many accounts it spans.
 *
 * The grouped charge, hold and post batches carry whatever accounts are calling at once, but they
 * wrote account by account: scout_charge_many ran its spendable sums, account update, entry
 * insert, rollup upsert, grant walk, grant update and allocation insert once per account;
 * scout_hold_many and scout_post_many ran scout_hold and scout_post once per call. `npm run
 * bench:charges` timed a batch of 64 charges at 3.00 ms on one account against 18.16 ms over 64
 * accounts (PostgreSQL 15 on this machine, one connection, medians of 300 batches).
 *
 * Now each batch locks its accounts in id order, reads every account's state in one statement,
 * decides each call in memory in the order it did before (accounts in id order, calls in input
 * order for charges and holds, hold id order for posts), and writes with one statement per table:
 * the accounts, the entries or holds, the rollups (scout_roll_up_calls), the grants and their
 * allocations (scout_allocate_grants: each account's calls pay its grants soonest expiry first, as
 * the overlap of the calls' and the grants' running totals). The results are unchanged; the single
 * call functions (scout_hold, scout_post) become batches of one, as scout_charge already was.
 *
 * A posted hold's usage entry is rolled up by scout_post_many itself now, so the rollup trigger
 * also skips entries with a hold (only scout_post_many writes those).
 */
export class BatchesAcrossAccounts1764900000000 implements MigrationInterface {
  name = 'BatchesAcrossAccounts1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(ROLL_UP_CALLS);
    await q.query(ALLOCATE_GRANTS);
    await q.query(CHARGE_MANY);
    for (const statement of HOLD_FUNCTIONS) await q.query(statement);
    await q.query(`DROP TRIGGER trg_credit_entries_usage_rollup ON credit_entries`);
    await q.query(`CREATE TRIGGER trg_credit_entries_usage_rollup AFTER INSERT ON credit_entries
      FOR EACH ROW WHEN (NEW.kind IN ('usage', 'refund') AND NEW.charge_key IS NULL AND NEW.hold_id IS NULL) EXECUTE FUNCTION scout_roll_up_usage()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER trg_credit_entries_usage_rollup ON credit_entries`);
    await q.query(`CREATE TRIGGER trg_credit_entries_usage_rollup AFTER INSERT ON credit_entries
      FOR EACH ROW WHEN (NEW.kind IN ('usage', 'refund') AND NEW.charge_key IS NULL) EXECUTE FUNCTION scout_roll_up_usage()`);
    for (const statement of PREVIOUS_BATCH_FUNCTIONS) await q.query(statement);
    await q.query(`DROP FUNCTION scout_allocate_grants(uuid[], bigint[], bigint[])`);
    await q.query(`DROP FUNCTION scout_roll_up_calls(uuid[], text[], text[], bigint[])`);
  }
}

/**
 * Adds calls just charged to today's (UTC) usage rollups: one upsert of a row per account, tool and
 * channel, in that order (the order every batch takes its row locks in).
 */
const ROLL_UP_CALLS = `
      CREATE OR REPLACE FUNCTION scout_roll_up_calls(p_accounts uuid[], p_tools text[], p_channels text[], p_credits bigint[])
      RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO usage_rollups AS r (account_id, day, tool, channel, calls, credits)
        SELECT c.account, (now() AT TIME ZONE 'UTC')::date, c.tool, c.channel, count(*), sum(c.credits)
          FROM unnest(p_accounts, p_tools, p_channels, p_credits) AS c(account, tool, channel, credits)
         GROUP BY c.account, c.tool, c.channel
         ORDER BY c.account, c.tool, c.channel
        ON CONFLICT (account_id, day, tool, channel) DO UPDATE
          SET calls = r.calls + EXCLUDED.calls, credits = r.credits + EXCLUDED.credits;
      END $$`;

/**
 * Pays usage entries from their accounts' unexpired grants, soonest expiry first, entries in the
 * order given (p_accounts, p_entries and p_amounts are parallel; an account's entries in spend
 * order). Each entry takes the stretch of its account's grants that its running total covers:
 * entry [lo, hi) of the calls' running sum against grant [lo, lo + remaining) of the grants'. The
 * grants are locked first (their accounts already are, by the caller). Raises when the grants do
 * not cover the entries: the caller checked they do, so that is a bug, and nothing is written.
 */
const ALLOCATE_GRANTS = `
      CREATE OR REPLACE FUNCTION scout_allocate_grants(p_accounts uuid[], p_entries bigint[], p_amounts bigint[])
      RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        a_entries bigint[];
        a_grants uuid[];
        a_credits bigint[];
        v_paid bigint;
      BEGIN
        WITH g AS (
          SELECT l.id, l.account_id, l.remaining,
                 (sum(l.remaining) OVER (PARTITION BY l.account_id ORDER BY l.expires_at ASC NULLS LAST, l.created_at, l.seq
                                         ROWS UNBOUNDED PRECEDING))::bigint - l.remaining AS lo
            FROM (SELECT cg.id, cg.account_id, cg.remaining, cg.expires_at, cg.created_at, cg.seq FROM credit_grants cg
                   WHERE cg.account_id = ANY (p_accounts) AND cg.remaining > 0 AND (cg.expires_at IS NULL OR cg.expires_at > now())
                   ORDER BY cg.account_id, cg.expires_at ASC NULLS LAST, cg.created_at, cg.seq
                     FOR UPDATE) l),
        c AS (
          SELECT o.account, o.entry, o.pos,
                 (sum(o.amount) OVER (PARTITION BY o.account ORDER BY o.pos ROWS UNBOUNDED PRECEDING))::bigint AS hi, o.amount
            FROM unnest(p_accounts, p_entries, p_amounts) WITH ORDINALITY AS o(account, entry, amount, pos)),
        a AS (
          SELECT c.account, c.entry, c.pos, g.id AS grant_id, g.lo AS grant_lo,
                 least(c.hi, g.lo + g.remaining) - greatest(c.hi - c.amount, g.lo) AS credits
            FROM c JOIN g ON g.account_id = c.account AND g.lo < c.hi AND c.hi - c.amount < g.lo + g.remaining)
        SELECT array_agg(a.entry ORDER BY a.account, a.grant_lo, a.pos), array_agg(a.grant_id ORDER BY a.account, a.grant_lo, a.pos),
               array_agg(-a.credits ORDER BY a.account, a.grant_lo, a.pos), coalesce(sum(a.credits), 0)::bigint
          INTO a_entries, a_grants, a_credits, v_paid
          FROM a;
        IF v_paid <> (SELECT coalesce(sum(x), 0) FROM unnest(p_amounts) AS x) THEN
          RAISE EXCEPTION 'scout_allocate_grants: the grants cover % of % credits', v_paid, (SELECT sum(x) FROM unnest(p_amounts) AS x);
        END IF;
        UPDATE credit_grants cg SET remaining = cg.remaining + t.took
          FROM (SELECT x.grant_id, sum(x.credits)::bigint AS took FROM unnest(a_grants, a_credits) AS x(grant_id, credits) GROUP BY x.grant_id) t
         WHERE cg.id = t.grant_id;
        INSERT INTO credit_allocations (entry_id, grant_id, credits) SELECT * FROM unnest(a_entries, a_grants, a_credits);
      END $$`;

/** Direct charges (DirectCharges), decided per account in memory as before and written set-based. */
export const CHARGE_MANY = `
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
        -- The charges that go through, in account then input order, and each account's total.
        ok_n integer[] := '{}';
        ok_account uuid[] := '{}';
        ok_balance bigint[] := '{}';
        ok_amount bigint[] := '{}';
        ok_tool text[] := '{}';
        ok_channel text[] := '{}';
        ok_entry bigint[];
        t_account uuid[] := '{}';
        t_total bigint[] := '{}';
        k integer;
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
          WITH acc AS (
            SELECT a.id, a.status, a.balance,
                   (SELECT coalesce(sum(g.remaining), 0) FROM credit_grants g
                     WHERE g.account_id = a.id AND g.remaining > 0 AND (g.expires_at IS NULL OR g.expires_at > now()))::bigint
                   - (SELECT coalesce(sum(h.amount), 0) FROM credit_holds h
                       WHERE h.account_id = a.id AND h.state = 'pending' AND h.expires_at > now())::bigint AS spendable
              FROM accounts a WHERE a.id = ANY (p_accounts))
          SELECT u.n::integer AS n, acc.id AS account, acc.status, acc.balance, acc.spendable,
                 (SELECT e.id FROM credit_entries e WHERE e.charge_key = p_charge_keys[u.n]) AS existing
            FROM unnest(p_accounts) WITH ORDINALITY AS u(account, n)
            JOIN acc ON acc.id = u.account
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
            k := coalesce(array_length(t_account, 1), 0);
            IF k > 0 AND t_account[k] = v_account THEN
              t_total[k] := t_total[k] + p_amounts[c.n];
            ELSE
              t_account := t_account || v_account;
              t_total := t_total || p_amounts[c.n];
            END IF;
            r_remaining[c.n] := v_spendable;
            r_status[c.n] := 'ok';
          END IF;
        END LOOP;

        IF array_length(ok_n, 1) > 0 THEN
          UPDATE accounts a SET balance = a.balance - t.total, updated_at = now()
            FROM unnest(t_account, t_total) AS t(id, total) WHERE a.id = t.id;
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
