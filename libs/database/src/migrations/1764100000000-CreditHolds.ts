import type { MigrationInterface, QueryRunner } from 'typeorm';

const READER = 'scout_billing_reader';

/**
 * Two-phase charges (docs/architecture.md section 5), on the model of TigerBeetle's pending transfers: a
 * tool call places a hold for its cost, posts it once its answer is ready (the usage entry, and the
 * Idempotency-Key's stored answer in the same transaction) or voids it on failure. A hold carries
 * its deadline; a pending hold past it counts as spent by nobody, so whatever crashes, the default
 * outcome of a call is "not charged". The worker's sweep then records it as voided.
 *
 * Invariants, beside those of the earlier ledger migrations:
 *  - spendable = unexpired grants - pending unexpired holds (scout_spendable); a hold is placed
 *    only if the grants that outlive its deadline cover it and every other pending hold, so a
 *    pending hold posted before its deadline always finds unexpired grants to pay it;
 *  - a hold moves once, pending -> posted or pending -> voided (the trigger refuses any other
 *    change, and any DELETE or TRUNCATE); a pending hold past its deadline can only be voided;
 *  - a posted hold has exactly one usage entry (credit_entries.hold_id, unique) for its amount;
 *    a voided or pending hold has none, so it charged nothing;
 *  - holds write no ledger entry and never change accounts.balance: balance = sum(entries) still.
 *
 * Lock order (as every scout_* function): the account row, then its grants, then the hold, then
 * the Idempotency-Key row. The expiry sweep locks hold rows only, skipping locked ones.
 */
export class CreditHolds1764100000000 implements MigrationInterface {
  name = 'CreditHolds1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE credit_holds (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts(id),
        amount bigint NOT NULL CHECK (amount > 0),
        tool text NOT NULL,
        request_id text,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'posted', 'voided')),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        resolved_at timestamptz,
        void_reason text,
        CONSTRAINT ck_credit_holds_deadline CHECK (expires_at > created_at),
        CONSTRAINT ck_credit_holds_resolved CHECK ((state = 'pending') = (resolved_at IS NULL)),
        CONSTRAINT ck_credit_holds_void_reason CHECK ((state = 'voided') = (void_reason IS NOT NULL))
      )`);
    // What spendable subtracts (an account's pending holds), and what the sweep looks for.
    await q.query(`CREATE INDEX idx_credit_holds_pending ON credit_holds (account_id, expires_at) WHERE state = 'pending'`);
    await q.query(`CREATE INDEX idx_credit_holds_pending_expiry ON credit_holds (expires_at) WHERE state = 'pending'`);
    await q.query(`CREATE INDEX idx_credit_holds_account_created_at ON credit_holds (account_id, created_at)`);

    await q.query(`ALTER TABLE credit_entries ADD COLUMN hold_id bigint REFERENCES credit_holds(id)`);
    await q.query(`CREATE UNIQUE INDEX uq_credit_entries_hold_id ON credit_entries (hold_id) WHERE hold_id IS NOT NULL`);
    await q.query(`ALTER TABLE credit_entries ADD CONSTRAINT ck_credit_entries_hold_usage CHECK (hold_id IS NULL OR kind = 'usage')`);

    // A hold is a small state machine: pending -> posted | voided, once, nothing else changes.
    await q.query(`
      CREATE FUNCTION scout_guard_hold_transition() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.state <> 'pending' OR NEW.state NOT IN ('posted', 'voided')
           OR (NEW.id, NEW.account_id, NEW.amount, NEW.tool, NEW.request_id, NEW.created_at, NEW.expires_at)
              IS DISTINCT FROM (OLD.id, OLD.account_id, OLD.amount, OLD.tool, OLD.request_id, OLD.created_at, OLD.expires_at) THEN
          RAISE EXCEPTION 'credit_holds: a hold only moves once, from pending to posted or voided (hold %: % -> %)',
            OLD.id, OLD.state, NEW.state USING ERRCODE = 'insufficient_privilege';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER trg_credit_holds_transition BEFORE UPDATE ON credit_holds
      FOR EACH ROW EXECUTE FUNCTION scout_guard_hold_transition()`);
    await q.query(`CREATE TRIGGER trg_credit_holds_append_only BEFORE DELETE ON credit_holds
      FOR EACH ROW EXECUTE FUNCTION scout_reject_ledger_rewrite()`);
    await q.query(`CREATE TRIGGER trg_credit_holds_no_truncate BEFORE TRUNCATE ON credit_holds
      FOR EACH STATEMENT EXECUTE FUNCTION scout_reject_ledger_rewrite()`);

    // Credits set aside by the account's pending holds that have not reached their deadline.
    await q.query(`
      CREATE FUNCTION scout_held(p_account uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
        SELECT coalesce(sum(amount), 0)::bigint FROM credit_holds
        WHERE account_id = p_account AND state = 'pending' AND expires_at > now()
      $$`);
    // What the account could spend on a call that must be paid for by p_until: grants still
    // unexpired then, less what pending holds set aside.
    await q.query(`
      CREATE FUNCTION scout_spendable_until(p_account uuid, p_until timestamptz) RETURNS bigint LANGUAGE sql STABLE AS $$
        SELECT (coalesce(sum(remaining), 0) - scout_held(p_account))::bigint FROM credit_grants
        WHERE account_id = p_account AND remaining > 0 AND (expires_at IS NULL OR expires_at > p_until)
      $$`);
    await q.query(`
      CREATE OR REPLACE FUNCTION scout_spendable(p_account uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
        SELECT scout_spendable_until(p_account, now())
      $$`);

    // Sets p_amount aside for a call that must be posted within p_ttl_ms.
    // status: ok | insufficient | no_account | suspended. Nothing is written unless ok.
    await q.query(`
      CREATE FUNCTION scout_hold(p_account uuid, p_amount bigint, p_tool text, p_request_id text, p_ttl_ms integer)
      RETURNS TABLE (hold_id bigint, remaining bigint, status text, expires_at timestamptz) LANGUAGE plpgsql AS $$
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
        INSERT INTO credit_holds (account_id, amount, tool, request_id, expires_at)
          VALUES (p_account, p_amount, p_tool, p_request_id, v_until)
          RETURNING id INTO v_hold;
        RETURN QUERY SELECT v_hold, scout_spendable(p_account), 'ok'::text, v_until;
      END $$`);

    // Group commit of holds: several calls' holds in one transaction, each exactly as scout_hold
    // would place it, in account order (the order every batch locks accounts in). One row per
    // input, by its position (ord, from 1) in the arrays.
    await q.query(`
      CREATE FUNCTION scout_hold_many(p_accounts uuid[], p_amounts bigint[], p_tools text[], p_request_ids text[], p_ttls_ms integer[])
      RETURNS TABLE (ord bigint, hold_id bigint, remaining bigint, status text, expires_at timestamptz) LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE
        i record;
        r record;
      BEGIN
        FOR i IN
          SELECT u.account, u.n FROM unnest(p_accounts) WITH ORDINALITY AS u(account, n) ORDER BY u.account, u.n
        LOOP
          SELECT * INTO r FROM scout_hold(i.account, p_amounts[i.n], p_tools[i.n], p_request_ids[i.n], p_ttls_ms[i.n]);
          RETURN QUERY SELECT i.n, r.hold_id, r.remaining, r.status, r.expires_at;
        END LOOP;
      END $$`);

    // Marks a pending hold voided (internal: callers hold its row lock).
    await q.query(`
      CREATE FUNCTION scout_mark_voided(p_hold bigint, p_reason text) RETURNS void LANGUAGE sql AS $$
        UPDATE credit_holds SET state = 'voided', resolved_at = now(), void_reason = left(coalesce(p_reason, 'voided'), 500)
        WHERE id = p_hold AND state = 'pending'
      $$`);

    // Charges a pending hold: the usage entry paid by grants soonest expiry first, and, when an
    // Idempotency-Key claim is named, the call's stored answer in the same transaction.
    // Posting twice returns the first post. status: posted (entry_id set) | voided | expired
    // (past its deadline: voided now) | claim_lost (the key was taken over: voided now) |
    // insufficient (cannot happen while the hold invariant holds: voided now).
    await q.query(`
      CREATE FUNCTION scout_post(p_hold bigint, p_idem_key text DEFAULT NULL, p_idem_claim uuid DEFAULT NULL,
                                 p_status_code integer DEFAULT NULL, p_response json DEFAULT NULL)
      RETURNS TABLE (status text, entry_id bigint) LANGUAGE plpgsql AS $$
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
        INSERT INTO credit_entries (account_id, kind, amount, balance_after, tool, request_id, hold_id)
          VALUES (h.account_id, 'usage', -h.amount, v_balance, h.tool, h.request_id, h.id)
          RETURNING id INTO v_entry;
        v_left := h.amount;
        FOR g IN
          SELECT id, credit_grants.remaining AS left_over FROM credit_grants
          WHERE account_id = h.account_id AND credit_grants.remaining > 0 AND (expires_at IS NULL OR expires_at > now())
          ORDER BY expires_at ASC NULLS LAST, created_at, id
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
      END $$`);

    // Group commit: posts several calls' holds in one transaction (one round trip, one commit),
    // each exactly as scout_post would. Holds are posted in account order, the order every
    // batch locks accounts in, so concurrent batches never deadlock. p_* arrays are parallel to
    // p_holds (nulls where a call has no Idempotency-Key).
    await q.query(`
      CREATE FUNCTION scout_post_many(p_holds bigint[], p_idem_keys text[], p_idem_claims uuid[],
                                      p_status_codes integer[], p_responses json[])
      RETURNS TABLE (hold_id bigint, status text, entry_id bigint) LANGUAGE plpgsql AS $$
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
      END $$`);

    // Releases a pending hold: nothing is charged. status: voided (now or before) | posted (too
    // late: the call was charged). remaining is the account's spendable credits afterwards.
    await q.query(`
      CREATE FUNCTION scout_void(p_hold bigint, p_reason text)
      RETURNS TABLE (status text, remaining bigint) LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE
        h credit_holds%ROWTYPE;
      BEGIN
        SELECT * INTO h FROM credit_holds WHERE id = p_hold FOR UPDATE;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'scout_void: no hold %', p_hold USING ERRCODE = 'no_data_found';
        END IF;
        IF h.state = 'pending' THEN
          PERFORM scout_mark_voided(p_hold, p_reason);
        END IF;
        RETURN QUERY SELECT CASE WHEN h.state = 'posted' THEN 'posted' ELSE 'voided' END, scout_spendable(h.account_id);
      END $$`);

    // The sweep: records up to p_limit pending holds past their deadline as voided. Spending never
    // waits for it (an expired hold is not subtracted from spendable); it keeps the record true.
    await q.query(`
      CREATE FUNCTION scout_void_expired_holds(p_limit integer)
      RETURNS TABLE (hold_id bigint, account_id uuid, amount bigint) LANGUAGE sql AS $$
        UPDATE credit_holds h SET state = 'voided', resolved_at = now(), void_reason = 'expired: never posted by its deadline'
          FROM (SELECT id FROM credit_holds WHERE state = 'pending' AND expires_at <= now()
                 ORDER BY expires_at LIMIT p_limit FOR UPDATE SKIP LOCKED) due
         WHERE h.id = due.id
        RETURNING h.id, h.account_id, h.amount
      $$`);

    // Billing views: balances show what pending holds set aside; one row per hold.
    await q.query(`
      CREATE OR REPLACE VIEW billing.account_balances AS
      SELECT a.id AS account_id,
             a.name,
             a.plan_id,
             a.status,
             a.balance,
             (coalesce(g.unexpired, 0) - coalesce(h.held, 0))::bigint AS spendable,
             ((coalesce(g.unexpired, 0) - coalesce(h.held, 0))::bigint / 250) AS calls_left,
             coalesce(g.expired_pending, 0)::bigint AS expired_pending,
             e.last_entry_at,
             a.created_at,
             coalesce(h.held, 0)::bigint AS held
        FROM accounts a
        LEFT JOIN (
          SELECT account_id,
                 sum(remaining) FILTER (WHERE expires_at IS NULL OR expires_at > now()) AS unexpired,
                 sum(remaining) FILTER (WHERE expires_at <= now()) AS expired_pending
            FROM credit_grants GROUP BY account_id
        ) g ON g.account_id = a.id
        LEFT JOIN (
          SELECT account_id, sum(amount) AS held FROM credit_holds
           WHERE state = 'pending' AND expires_at > now() GROUP BY account_id
        ) h ON h.account_id = a.id
        LEFT JOIN (
          SELECT account_id, max(created_at) AS last_entry_at FROM credit_entries GROUP BY account_id
        ) e ON e.account_id = a.id`);
    await q.query(`COMMENT ON VIEW billing.account_balances IS
      'One row per account: ledger balance = spendable + held + expired_pending; held is what pending calls set aside'`);

    await q.query(`
      CREATE OR REPLACE VIEW billing.ledger_entries AS
      SELECT id AS entry_id, account_id, kind, amount, balance_after, grant_id, tool, request_id,
             refund_of, reason, actor, created_at, hold_id
        FROM credit_entries`);

    await q.query(`
      CREATE VIEW billing.holds AS
      SELECT h.id AS hold_id,
             h.account_id,
             h.tool,
             h.amount,
             CASE WHEN h.state = 'pending' AND h.expires_at <= now() THEN 'expired' ELSE h.state END AS state,
             h.request_id,
             e.id AS usage_entry_id,
             h.created_at,
             h.expires_at,
             h.resolved_at,
             h.void_reason
        FROM credit_holds h
        LEFT JOIN credit_entries e ON e.hold_id = h.id`);
    await q.query(`COMMENT ON VIEW billing.holds IS
      'One row per tool call hold: pending (set aside), posted (charged by usage_entry_id), voided (charged nothing), expired (past its deadline, not yet swept: charges nothing)'`);
    await q.query(`GRANT SELECT ON billing.holds TO ${READER}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW billing.holds`);
    // CREATE OR REPLACE cannot drop a column: rebuild both views as the BillingViews migration made them.
    await q.query(`DROP VIEW billing.ledger_entries`);
    await q.query(`
      CREATE VIEW billing.ledger_entries AS
      SELECT id AS entry_id, account_id, kind, amount, balance_after, grant_id, tool, request_id,
             refund_of, reason, actor, created_at
        FROM credit_entries`);
    await q.query(`COMMENT ON VIEW billing.ledger_entries IS 'Every append-only ledger entry, as written'`);
    await q.query(`GRANT SELECT ON billing.ledger_entries TO ${READER}`);
    await q.query(`DROP VIEW billing.account_balances`);
    await q.query(`
      CREATE VIEW billing.account_balances AS
      SELECT a.id AS account_id, a.name, a.plan_id, a.status, a.balance,
             coalesce(g.spendable, 0)::bigint AS spendable,
             (coalesce(g.spendable, 0)::bigint / 250) AS calls_left,
             coalesce(g.expired_pending, 0)::bigint AS expired_pending,
             e.last_entry_at, a.created_at
        FROM accounts a
        LEFT JOIN (
          SELECT account_id,
                 sum(remaining) FILTER (WHERE expires_at IS NULL OR expires_at > now()) AS spendable,
                 sum(remaining) FILTER (WHERE expires_at <= now()) AS expired_pending
            FROM credit_grants GROUP BY account_id
        ) g ON g.account_id = a.id
        LEFT JOIN (
          SELECT account_id, max(created_at) AS last_entry_at FROM credit_entries GROUP BY account_id
        ) e ON e.account_id = a.id`);
    await q.query(`COMMENT ON VIEW billing.account_balances IS
      'One row per account: ledger balance, spendable now, calls left at 250 credits a call, credits of grants past expiry not yet written off'`);
    await q.query(`GRANT SELECT ON billing.account_balances TO ${READER}`);
    await q.query(`DROP FUNCTION scout_void_expired_holds(integer)`);
    await q.query(`DROP FUNCTION scout_void(bigint, text)`);
    await q.query(`DROP FUNCTION scout_post_many(bigint[], text[], uuid[], integer[], json[])`);
    await q.query(`DROP FUNCTION scout_post(bigint, text, uuid, integer, json)`);
    await q.query(`DROP FUNCTION scout_mark_voided(bigint, text)`);
    await q.query(`DROP FUNCTION scout_hold_many(uuid[], bigint[], text[], text[], integer[])`);
    await q.query(`DROP FUNCTION scout_hold(uuid, bigint, text, text, integer)`);
    await q.query(`
      CREATE OR REPLACE FUNCTION scout_spendable(p_account uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
        SELECT coalesce(sum(remaining), 0)::bigint FROM credit_grants
        WHERE account_id = p_account AND remaining > 0 AND (expires_at IS NULL OR expires_at > now())
      $$`);
    await q.query(`DROP FUNCTION scout_spendable_until(uuid, timestamptz)`);
    await q.query(`DROP FUNCTION scout_held(uuid)`);
    await q.query(`ALTER TABLE credit_entries DROP CONSTRAINT ck_credit_entries_hold_usage`);
    await q.query(`DROP INDEX uq_credit_entries_hold_id`);
    await q.query(`ALTER TABLE credit_entries DROP COLUMN hold_id`);
    await q.query(`DROP TABLE credit_holds`);
    await q.query(`DROP FUNCTION scout_guard_hold_transition()`);
  }
}
