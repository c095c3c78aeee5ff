import { CHARGE_MANY_ROLLING_UP } from './1764870000000-BatchRollups';

/**
 * The batch functions as they stood before BatchesAcrossAccounts, for its down(): scout_charge_many
 * account by account (BatchRollups' own), scout_hold_many and scout_post_many call by call,
 * scout_hold and scout_post on their own. The last four as libs/ledger/sql/current.sql had them:
 * several migrations edited them in place, so no earlier file holds them whole.
 */
export const PREVIOUS_BATCH_FUNCTIONS = [
  CHARGE_MANY_ROLLING_UP,
  // scout_hold
  `
CREATE OR REPLACE FUNCTION public.scout_hold(p_account uuid, p_amount bigint, p_tool text, p_request_id text, p_ttl_ms integer, p_channel text DEFAULT 'rest'::text)
 RETURNS TABLE(hold_id bigint, remaining bigint, status text, expires_at timestamp with time zone)
 LANGUAGE plpgsql
 SET enable_bitmapscan TO 'off'
 SET enable_seqscan TO 'off'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
    #variable_conflict use_column
    DECLARE
      v_status text;
      v_until timestamptz;
      v_spendable bigint;
      v_hold bigint;
    BEGIN
      IF p_amount <= 0 OR p_ttl_ms <= 0 THEN
        RAISE EXCEPTION 'scout_hold: bad amount % or ttl %', p_amount, p_ttl_ms;
      END IF;
      SELECT a.status INTO v_status FROM accounts a WHERE a.id = p_account FOR UPDATE;
      IF NOT FOUND THEN
        RETURN QUERY SELECT NULL::bigint, NULL::bigint, 'no_account'::text, NULL::timestamptz; RETURN;
      END IF;
      IF v_status <> 'active' THEN
        RETURN QUERY SELECT NULL::bigint, scout_spendable(p_account), 'suspended'::text, NULL::timestamptz; RETURN;
      END IF;
      v_until := now() + make_interval(secs => p_ttl_ms / 1000.0);
      v_spendable := scout_spendable_until(p_account, v_until);
      IF v_spendable < p_amount THEN
        RETURN QUERY SELECT NULL::bigint, greatest(v_spendable, 0), 'insufficient'::text, NULL::timestamptz; RETURN;
      END IF;
      INSERT INTO credit_holds (account_id, amount, tool, request_id, expires_at, channel)
        VALUES (p_account, p_amount, p_tool, p_request_id, v_until, p_channel)
        RETURNING id INTO v_hold;
      RETURN QUERY SELECT v_hold, scout_spendable(p_account), 'ok'::text, v_until;
    END $function$`,
  // scout_hold_many
  `
CREATE OR REPLACE FUNCTION public.scout_hold_many(p_accounts uuid[], p_amounts bigint[], p_tools text[], p_request_ids text[], p_ttls_ms integer[], p_channels text[] DEFAULT NULL::text[])
 RETURNS TABLE(ord bigint, hold_id bigint, remaining bigint, status text, expires_at timestamp with time zone)
 LANGUAGE plpgsql
 SET enable_bitmapscan TO 'off'
 SET enable_seqscan TO 'off'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
    #variable_conflict use_column
    DECLARE
      i record;
      r record;
    BEGIN
      FOR i IN
        SELECT u.account, u.n FROM unnest(p_accounts) WITH ORDINALITY AS u(account, n) ORDER BY u.account, u.n
      LOOP
        SELECT * INTO r FROM scout_hold(i.account, p_amounts[i.n], p_tools[i.n], p_request_ids[i.n], p_ttls_ms[i.n], coalesce(p_channels[i.n], 'rest'));
        RETURN QUERY SELECT i.n, r.hold_id, r.remaining, r.status, r.expires_at;
      END LOOP;
    END $function$`,
  // scout_post
  `
CREATE OR REPLACE FUNCTION public.scout_post(p_hold bigint, p_idem_key text DEFAULT NULL::text, p_idem_claim uuid DEFAULT NULL::uuid, p_status_code integer DEFAULT NULL::integer, p_response json DEFAULT NULL::json)
 RETURNS TABLE(status text, entry_id bigint)
 LANGUAGE plpgsql
 SET enable_bitmapscan TO 'off'
 SET enable_seqscan TO 'off'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
      #variable_conflict use_column
      DECLARE
        h credit_holds%ROWTYPE;
        v_balance bigint;
        v_entry bigint;
        v_left bigint;
        v_take bigint;
        g record;
      BEGIN
        SELECT * INTO h FROM credit_holds WHERE id = p_hold;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'scout_post: no hold %', p_hold USING ERRCODE = 'no_data_found';
        END IF;
        PERFORM 1 FROM accounts WHERE id = h.account_id FOR UPDATE;
        SELECT * INTO h FROM credit_holds WHERE id = p_hold FOR UPDATE;
        IF h.state = 'posted' THEN
          RETURN QUERY SELECT 'posted'::text, e.id FROM credit_entries e WHERE e.hold_id = p_hold; RETURN;
        END IF;
        IF h.state = 'voided' THEN
          RETURN QUERY SELECT 'voided'::text, NULL::bigint; RETURN;
        END IF;
        IF h.expires_at <= now() THEN
          PERFORM scout_mark_voided(p_hold, 'expired before it was posted');
          RETURN QUERY SELECT 'expired'::text, NULL::bigint; RETURN;
        END IF;
        IF p_idem_key IS NOT NULL THEN
          PERFORM 1 FROM idempotency_keys k
            WHERE k.account_id = h.account_id AND k.key = p_idem_key AND k.claim_id = p_idem_claim AND k.state = 'running'
            FOR UPDATE;
          IF NOT FOUND THEN
            PERFORM scout_mark_voided(p_hold, 'its Idempotency-Key claim was taken over');
            RETURN QUERY SELECT 'claim_lost'::text, NULL::bigint; RETURN;
          END IF;
        END IF;
        IF (SELECT coalesce(sum(remaining), 0) FROM credit_grants
             WHERE account_id = h.account_id AND remaining > 0 AND (expires_at IS NULL OR expires_at > now())) < h.amount THEN
          PERFORM scout_mark_voided(p_hold, 'unexpired grants no longer cover it');
          RETURN QUERY SELECT 'insufficient'::text, NULL::bigint; RETURN;
        END IF;
        UPDATE accounts SET balance = balance - h.amount, updated_at = now()
          WHERE id = h.account_id RETURNING balance INTO v_balance;
        INSERT INTO credit_entries (account_id, kind, amount, balance_after, tool, request_id, hold_id, channel)
          VALUES (h.account_id, 'usage', -h.amount, v_balance, h.tool, h.request_id, h.id, h.channel)
          RETURNING id INTO v_entry;
        v_left := h.amount;
        FOR g IN
          SELECT id, credit_grants.remaining AS left_over FROM credit_grants
          WHERE account_id = h.account_id AND credit_grants.remaining > 0 AND (expires_at IS NULL OR expires_at > now())
          ORDER BY expires_at ASC NULLS LAST, created_at, seq
          FOR UPDATE
        LOOP
          v_take := least(g.left_over, v_left);
          UPDATE credit_grants SET remaining = credit_grants.remaining - v_take WHERE id = g.id;
          INSERT INTO credit_allocations (entry_id, grant_id, credits) VALUES (v_entry, g.id, -v_take);
          v_left := v_left - v_take;
          EXIT WHEN v_left = 0;
        END LOOP;
        UPDATE credit_holds SET state = 'posted', resolved_at = now() WHERE id = p_hold;
        IF p_idem_key IS NOT NULL THEN
          UPDATE idempotency_keys SET state = 'done', status_code = p_status_code, response = p_response,
                 usage_entry_id = v_entry, completed_at = now()
           WHERE account_id = h.account_id AND key = p_idem_key AND claim_id = p_idem_claim;
        END IF;
        RETURN QUERY SELECT 'posted'::text, v_entry;
      END $function$`,
  // scout_post_many
  `
CREATE OR REPLACE FUNCTION public.scout_post_many(p_holds bigint[], p_idem_keys text[], p_idem_claims uuid[], p_status_codes integer[], p_responses json[])
 RETURNS TABLE(hold_id bigint, status text, entry_id bigint)
 LANGUAGE plpgsql
 SET enable_bitmapscan TO 'off'
 SET enable_seqscan TO 'off'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
      #variable_conflict use_column
      DECLARE
        i record;
        r record;
      BEGIN
        FOR i IN
          SELECT u.hold, u.ord FROM unnest(p_holds) WITH ORDINALITY AS u(hold, ord)
            JOIN credit_holds h ON h.id = u.hold
           ORDER BY h.account_id, u.hold
        LOOP
          SELECT * INTO r FROM scout_post(i.hold, p_idem_keys[i.ord], p_idem_claims[i.ord], p_status_codes[i.ord], p_responses[i.ord]);
          RETURN QUERY SELECT i.hold, r.status, r.entry_id;
        END LOOP;
      END $function$`,
];
