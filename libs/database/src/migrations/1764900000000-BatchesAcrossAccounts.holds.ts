import { INDEX_SCANS_ONLY } from './1764850000000-SetBasedCharges';
import { GENERIC_PLANS } from './1764860000000-GenericLedgerPlans';

const SETTINGS = `${INDEX_SCANS_ONLY} ${GENERIC_PLANS}`;
export const HOLD_MANY_ARGS =
  'p_accounts uuid[], p_amounts bigint[], p_tools text[], p_request_ids text[], p_ttls_ms integer[], p_channels text[] DEFAULT NULL';
export const POST_MANY_ARGS = 'p_holds bigint[], p_idem_keys text[], p_idem_claims uuid[], p_status_codes integer[], p_responses json[]';

/**
 * Holds placed set-based (BatchesAcrossAccounts): each call decided as scout_hold did, accounts in
 * id order and calls in input order, each against its own deadline (a grant that expires before
 * the hold's deadline does not back it) and against what the calls before it in the batch hold;
 * the holds written with one insert, their ids drawn first so each maps back to its call.
 */
export const HOLD_MANY = `
      CREATE OR REPLACE FUNCTION scout_hold_many(${HOLD_MANY_ARGS})
      RETURNS TABLE (ord bigint, hold_id bigint, remaining bigint, status text, expires_at timestamptz) LANGUAGE plpgsql ${SETTINGS} AS $$
      #variable_conflict use_column
      DECLARE
        n_all integer := coalesce(array_length(p_accounts, 1), 0);
        r_hold bigint[] := array_fill(NULL::bigint, ARRAY[n_all]);
        r_remaining bigint[] := array_fill(NULL::bigint, ARRAY[n_all]);
        r_status text[] := array_fill('no_account'::text, ARRAY[n_all]);
        r_until timestamptz[] := array_fill(NULL::timestamptz, ARRAY[n_all]);
        c record;
        v_account uuid;
        v_held bigint;
        ok_n integer[] := '{}';
        ok_account uuid[] := '{}';
        ok_until timestamptz[] := '{}';
        ids bigint[];
      BEGIN
        FOR i IN 1 .. n_all LOOP
          IF p_amounts[i] IS NULL OR p_amounts[i] <= 0 OR p_ttls_ms[i] IS NULL OR p_ttls_ms[i] <= 0 THEN
            RAISE EXCEPTION 'scout_hold: bad amount % or ttl %', p_amounts[i], p_ttls_ms[i];
          END IF;
        END LOOP;
        PERFORM 1 FROM accounts a WHERE a.id = ANY (p_accounts) ORDER BY a.id FOR UPDATE;
        FOR c IN
          WITH acc AS (
            SELECT a.id, a.status,
                   (SELECT coalesce(sum(g.remaining), 0) FROM credit_grants g
                     WHERE g.account_id = a.id AND g.remaining > 0 AND (g.expires_at IS NULL OR g.expires_at > now()))::bigint AS live,
                   (SELECT coalesce(sum(h.amount), 0) FROM credit_holds h
                     WHERE h.account_id = a.id AND h.state = 'pending' AND h.expires_at > now())::bigint AS held
              FROM accounts a WHERE a.id = ANY (p_accounts)),
          calls AS (
            SELECT u.n::integer AS n, u.account, now() + make_interval(secs => p_ttls_ms[u.n] / 1000.0) AS until
              FROM unnest(p_accounts) WITH ORDINALITY AS u(account, n))
          SELECT calls.n, calls.until, acc.id AS account, acc.status, acc.live, acc.held,
                 (SELECT coalesce(sum(g.remaining), 0) FROM credit_grants g
                   WHERE g.account_id = acc.id AND g.remaining > 0 AND (g.expires_at IS NULL OR g.expires_at > calls.until))::bigint AS live_until
            FROM calls JOIN acc ON acc.id = calls.account
           ORDER BY acc.id, calls.n
        LOOP
          IF c.account IS DISTINCT FROM v_account THEN
            v_account := c.account;
            v_held := c.held;
          END IF;
          IF c.status <> 'active' THEN
            r_remaining[c.n] := c.live - v_held;
            r_status[c.n] := 'suspended';
          ELSIF c.live_until - v_held < p_amounts[c.n] THEN
            r_remaining[c.n] := greatest(c.live_until - v_held, 0);
            r_status[c.n] := 'insufficient';
          ELSE
            v_held := v_held + p_amounts[c.n];
            ok_n := ok_n || c.n;
            ok_account := ok_account || v_account;
            ok_until := ok_until || c.until;
            r_remaining[c.n] := c.live - v_held;
            r_status[c.n] := 'ok';
            r_until[c.n] := c.until;
          END IF;
        END LOOP;

        IF array_length(ok_n, 1) > 0 THEN
          ids := ARRAY(SELECT nextval(pg_get_serial_sequence('credit_holds', 'id')) FROM generate_series(1, array_length(ok_n, 1)));
          INSERT INTO credit_holds (id, account_id, amount, tool, request_id, expires_at, channel) OVERRIDING SYSTEM VALUE
          SELECT ids[o.pos], o.account, p_amounts[o.n], p_tools[o.n], p_request_ids[o.n], o.until, coalesce(p_channels[o.n], 'rest')
            FROM unnest(ok_n, ok_account, ok_until) WITH ORDINALITY AS o(n, account, until, pos)
           ORDER BY o.pos;
          FOR k IN 1 .. array_length(ok_n, 1) LOOP
            r_hold[ok_n[k]] := ids[k];
          END LOOP;
        END IF;
        RETURN QUERY SELECT u.n, u.hold_id, u.remaining, u.status, u.until
          FROM unnest(r_hold, r_remaining, r_status, r_until) WITH ORDINALITY AS u(hold_id, remaining, status, until, n);
      END $$`;

/** One hold: a batch of one. */
const HOLD = `
      CREATE OR REPLACE FUNCTION scout_hold(p_account uuid, p_amount bigint, p_tool text, p_request_id text, p_ttl_ms integer, p_channel text DEFAULT 'rest')
      RETURNS TABLE (hold_id bigint, remaining bigint, status text, expires_at timestamptz) LANGUAGE plpgsql ${SETTINGS} AS $$
      #variable_conflict use_column
      BEGIN
        RETURN QUERY SELECT m.hold_id, m.remaining, m.status, m.expires_at
          FROM scout_hold_many(ARRAY[p_account], ARRAY[p_amount], ARRAY[p_tool], ARRAY[p_request_id], ARRAY[p_ttl_ms], ARRAY[p_channel]) m;
      END $$`;

/**
 * Posts set-based: each hold decided as scout_post did (accounts in id order, holds in id order;
 * a hold named twice is posted once and the second sees the first; a post completes its
 * Idempotency-Key claim, so a later post naming the same claim finds it taken), then one statement per table:
 * the voids, the accounts, the usage entries, the rollups, the grants and allocations, the holds,
 * the Idempotency-Key answers. A hold that does not exist gets no row.
 */
export const POST_MANY = `
      CREATE OR REPLACE FUNCTION scout_post_many(${POST_MANY_ARGS})
      RETURNS TABLE (hold_id bigint, status text, entry_id bigint) LANGUAGE plpgsql ${SETTINGS} AS $$
      #variable_conflict use_column
      DECLARE
        n_all integer := coalesce(array_length(p_holds, 1), 0);
        -- Per post (by input position); a NULL status is a hold that does not exist.
        r_status text[] := array_fill(NULL::text, ARRAY[n_all]);
        r_entry bigint[] := array_fill(NULL::bigint, ARRAY[n_all]);
        r_repeat_of integer[] := array_fill(NULL::integer, ARRAY[n_all]);
        v_accounts uuid[];
        claimed integer[];
        h record;
        v_account uuid;
        v_balance bigint;
        v_live bigint;
        seen_holds bigint[] := '{}';
        seen_n integer[] := '{}';
        v_seen integer;
        -- The claims (account, key, claim) a post of this batch has completed: no later post may use one.
        used_claims text[] := '{}';
        void_holds bigint[] := '{}';
        void_reasons text[] := '{}';
        -- The posts that charge, in account then hold order, and each account's total.
        ok_n integer[] := '{}';
        ok_hold bigint[] := '{}';
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
        -- The accounts first, in id order, then the holds (a hold's account never changes).
        v_accounts := ARRAY(SELECT DISTINCT ch.account_id FROM credit_holds ch WHERE ch.id = ANY (p_holds));
        PERFORM 1 FROM accounts a WHERE a.id = ANY (v_accounts) ORDER BY a.id FOR UPDATE;
        PERFORM 1 FROM credit_holds ch WHERE ch.id = ANY (p_holds) ORDER BY ch.id FOR UPDATE;
        -- The Idempotency-Key claims still held by the posts that name them, locked.
        claimed := ARRAY(
          SELECT u.n::integer FROM unnest(p_holds, p_idem_keys, p_idem_claims) WITH ORDINALITY AS u(hold, key, claim, n)
            JOIN credit_holds ch ON ch.id = u.hold
            JOIN idempotency_keys ik ON ik.account_id = ch.account_id AND ik.key = u.key AND ik.claim_id = u.claim AND ik.state = 'running'
           WHERE u.key IS NOT NULL
           ORDER BY ik.account_id, ik.key
             FOR UPDATE OF ik);
        FOR h IN
          WITH acc AS (
            SELECT a.id, a.balance,
                   (SELECT coalesce(sum(g.remaining), 0) FROM credit_grants g
                     WHERE g.account_id = a.id AND g.remaining > 0 AND (g.expires_at IS NULL OR g.expires_at > now()))::bigint AS live
              FROM accounts a WHERE a.id = ANY (v_accounts))
          SELECT u.n::integer AS n, ch.id, ch.account_id, ch.amount, ch.state, ch.expires_at, ch.tool, ch.channel, acc.balance, acc.live,
                 (SELECT e.id FROM credit_entries e WHERE e.hold_id = ch.id) AS posted_entry
            FROM unnest(p_holds) WITH ORDINALITY AS u(hold, n)
            JOIN credit_holds ch ON ch.id = u.hold
            JOIN acc ON acc.id = ch.account_id
           ORDER BY ch.account_id, ch.id, u.n
        LOOP
          IF h.account_id IS DISTINCT FROM v_account THEN
            v_account := h.account_id;
            v_balance := h.balance;
            v_live := h.live;
          END IF;
          v_seen := array_position(seen_holds, h.id);
          IF v_seen IS NOT NULL THEN
            -- Named again in this batch: posted by the first, or voided by it.
            IF r_status[seen_n[v_seen]] = 'posted' THEN
              r_status[h.n] := 'posted';
              r_repeat_of[h.n] := seen_n[v_seen];
            ELSE
              r_status[h.n] := 'voided';
            END IF;
            CONTINUE;
          END IF;
          seen_holds := seen_holds || h.id;
          seen_n := seen_n || h.n;
          IF h.state = 'posted' THEN
            r_status[h.n] := 'posted';
            r_entry[h.n] := h.posted_entry;
          ELSIF h.state = 'voided' THEN
            r_status[h.n] := 'voided';
          ELSIF h.expires_at <= now() THEN
            void_holds := void_holds || h.id;
            void_reasons := void_reasons || 'expired before it was posted'::text;
            r_status[h.n] := 'expired';
          ELSIF p_idem_keys[h.n] IS NOT NULL AND (NOT (h.n = ANY (claimed)) OR concat_ws(' ', h.account_id, p_idem_claims[h.n], p_idem_keys[h.n]) = ANY (used_claims)) THEN
            void_holds := void_holds || h.id;
            void_reasons := void_reasons || 'its Idempotency-Key claim was taken over'::text;
            r_status[h.n] := 'claim_lost';
          ELSIF v_live < h.amount THEN
            void_holds := void_holds || h.id;
            void_reasons := void_reasons || 'unexpired grants no longer cover it'::text;
            r_status[h.n] := 'insufficient';
          ELSE
            v_balance := v_balance - h.amount;
            v_live := v_live - h.amount;
            ok_n := ok_n || h.n;
            ok_hold := ok_hold || h.id;
            ok_account := ok_account || v_account;
            ok_balance := ok_balance || v_balance;
            ok_amount := ok_amount || h.amount;
            ok_tool := ok_tool || h.tool;
            ok_channel := ok_channel || h.channel;
            k := coalesce(array_length(t_account, 1), 0);
            IF k > 0 AND t_account[k] = v_account THEN
              t_total[k] := t_total[k] + h.amount;
            ELSE
              t_account := t_account || v_account;
              t_total := t_total || h.amount;
            END IF;
            IF p_idem_keys[h.n] IS NOT NULL THEN
              used_claims := used_claims || concat_ws(' ', h.account_id, p_idem_claims[h.n], p_idem_keys[h.n]);
            END IF;
            r_status[h.n] := 'posted';
          END IF;
        END LOOP;

        IF array_length(void_holds, 1) > 0 THEN
          UPDATE credit_holds ch SET state = 'voided', resolved_at = now(), void_reason = v.reason
            FROM unnest(void_holds, void_reasons) AS v(id, reason) WHERE ch.id = v.id AND ch.state = 'pending';
        END IF;
        IF array_length(ok_n, 1) > 0 THEN
          UPDATE accounts a SET balance = a.balance - t.total, updated_at = now()
            FROM unnest(t_account, t_total) AS t(id, total) WHERE a.id = t.id;
          -- Each entry's id back to its post, through its hold (unique per entry).
          FOR h IN
            WITH inserted AS (
              INSERT INTO credit_entries (account_id, kind, amount, balance_after, tool, request_id, hold_id, channel)
              SELECT o.account, 'usage', -ch.amount, o.balance_after, ch.tool, ch.request_id, ch.id, ch.channel
                FROM unnest(ok_hold, ok_account, ok_balance) WITH ORDINALITY AS o(hold, account, balance_after, pos)
                JOIN credit_holds ch ON ch.id = o.hold
               ORDER BY o.pos
              RETURNING id, hold_id)
            SELECT o.n, i.id FROM inserted i JOIN unnest(ok_hold, ok_n) AS o(hold, n) ON o.hold = i.hold_id
          LOOP
            r_entry[h.n] := h.id;
          END LOOP;
          ok_entry := ARRAY(SELECT r_entry[o.n] FROM unnest(ok_n) WITH ORDINALITY AS o(n, pos) ORDER BY o.pos);
          PERFORM scout_roll_up_calls(ok_account, ok_tool, ok_channel, ok_amount);
          PERFORM scout_allocate_grants(ok_account, ok_entry, ok_amount);
          UPDATE credit_holds ch SET state = 'posted', resolved_at = now() WHERE ch.id = ANY (ok_hold);
          UPDATE idempotency_keys ik SET state = 'done', status_code = p_status_codes[o.n], response = p_responses[o.n],
                 usage_entry_id = r_entry[o.n], completed_at = now()
            FROM unnest(ok_n, ok_account) AS o(n, account)
           WHERE p_idem_keys[o.n] IS NOT NULL AND ik.account_id = o.account AND ik.key = p_idem_keys[o.n] AND ik.claim_id = p_idem_claims[o.n];
        END IF;

        FOR i IN 1 .. n_all LOOP
          IF r_repeat_of[i] IS NOT NULL THEN r_entry[i] := r_entry[r_repeat_of[i]]; END IF;
        END LOOP;
        RETURN QUERY SELECT p_holds[u.n], u.status, u.entry_id
          FROM unnest(r_status, r_entry) WITH ORDINALITY AS u(status, entry_id, n)
         WHERE u.status IS NOT NULL ORDER BY u.n;
      END $$`;

/** One post: a batch of one; a hold that does not exist is an error, as it always was. */
const POST = `
      CREATE OR REPLACE FUNCTION scout_post(p_hold bigint, p_idem_key text DEFAULT NULL, p_idem_claim uuid DEFAULT NULL,
                                            p_status_code integer DEFAULT NULL, p_response json DEFAULT NULL)
      RETURNS TABLE (status text, entry_id bigint) LANGUAGE plpgsql ${SETTINGS} AS $$
      #variable_conflict use_column
      DECLARE
        r record;
      BEGIN
        SELECT m.status, m.entry_id INTO r
          FROM scout_post_many(ARRAY[p_hold], ARRAY[p_idem_key], ARRAY[p_idem_claim], ARRAY[p_status_code], ARRAY[p_response]) m;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'scout_post: no hold %', p_hold USING ERRCODE = 'no_data_found';
        END IF;
        RETURN QUERY SELECT r.status, r.entry_id;
      END $$`;

/** The hold and post functions as BatchesAcrossAccounts writes them, in the order they must be created. */
export const HOLD_FUNCTIONS = [HOLD_MANY, HOLD, POST_MANY, POST];
