import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The credit ledger: plans, accounts, API keys, grants, append-only entries, and the SQL functions
 * that move credits. Every movement goes through one of the scout_* functions, each a single
 * round trip that locks the account row, so concurrent calls on one account serialise there.
 *
 * Invariants (docs/architecture.md section 5):
 *  - accounts.balance >= 0 and equals the sum of the account's credit_entries.amount;
 *  - each entry's balance_after is the account balance right after it;
 *  - credit_entries and credit_allocations are append-only (triggers below);
 *  - one usage entry per charged call, at most one refund entry per usage entry (unique refund_of);
 *  - credits are spent from live grants, soonest expiry first, non-expiring last; the grant that
 *    paid for each entry is recorded in credit_allocations;
 *  - expired credits are never spendable, even before an expiry entry is written.
 */
export class LedgerFoundation1763800000000 implements MigrationInterface {
  name = 'LedgerFoundation1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE plans (
        id text PRIMARY KEY,
        name text NOT NULL,
        price_usd numeric(12,2) NOT NULL CHECK (price_usd >= 0),
        calls_per_month integer NOT NULL CHECK (calls_per_month > 0),
        credits_per_month bigint NOT NULL CHECK (credits_per_month > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      INSERT INTO plans (id, name, price_usd, calls_per_month, credits_per_month) VALUES
        ('starter', 'Starter', 29, 1500, 375000),
        ('growth', 'Growth', 79, 5000, 1250000),
        ('pro', 'Pro', 199, 16500, 4125000)`);

    await q.query(`
      CREATE TABLE accounts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
        plan_id text REFERENCES plans(id),
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
        balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX idx_accounts_created_at ON accounts (created_at)`);

    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts(id),
        prefix text NOT NULL,
        secret_sha256 bytea NOT NULL,
        scopes text[] NOT NULL DEFAULT '{tools}',
        label text,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        CONSTRAINT uq_api_keys_secret_sha256 UNIQUE (secret_sha256)
      )`);
    await q.query(`CREATE INDEX idx_api_keys_account_id ON api_keys (account_id)`);

    await q.query(`
      CREATE TABLE credit_grants (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts(id),
        kind text NOT NULL CHECK (kind IN ('free', 'plan', 'topup', 'adjustment')),
        credits bigint NOT NULL CHECK (credits > 0),
        remaining bigint NOT NULL CHECK (remaining >= 0 AND remaining <= credits),
        expires_at timestamptz,
        reason text,
        actor text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX idx_credit_grants_spend_order ON credit_grants (account_id, expires_at, created_at) WHERE remaining > 0`);

    await q.query(`
      CREATE TABLE credit_entries (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts(id),
        kind text NOT NULL CHECK (kind IN ('grant', 'usage', 'refund', 'adjustment', 'expiry')),
        amount bigint NOT NULL CHECK (amount <> 0),
        balance_after bigint NOT NULL CHECK (balance_after >= 0),
        grant_id uuid REFERENCES credit_grants(id),
        tool text,
        request_id text,
        refund_of bigint REFERENCES credit_entries(id),
        reason text,
        actor text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT uq_credit_entries_refund_of UNIQUE (refund_of),
        CONSTRAINT ck_credit_entries_sign CHECK (
          (kind IN ('grant', 'refund') AND amount > 0) OR (kind IN ('usage', 'expiry') AND amount < 0) OR kind = 'adjustment'),
        CONSTRAINT ck_credit_entries_usage_tool CHECK (kind <> 'usage' OR tool IS NOT NULL),
        CONSTRAINT ck_credit_entries_refund_link CHECK ((kind = 'refund') = (refund_of IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX idx_credit_entries_account_id ON credit_entries (account_id, id DESC)`);
    await q.query(`CREATE INDEX idx_credit_entries_account_created_at ON credit_entries (account_id, created_at)`);

    await q.query(`
      CREATE TABLE credit_allocations (
        entry_id bigint NOT NULL REFERENCES credit_entries(id),
        grant_id uuid NOT NULL REFERENCES credit_grants(id),
        credits bigint NOT NULL CHECK (credits <> 0),
        PRIMARY KEY (entry_id, grant_id)
      )`);
    await q.query(`CREATE INDEX idx_credit_allocations_grant_id ON credit_allocations (grant_id)`);

    await q.query(`
      CREATE FUNCTION scout_reject_ledger_rewrite() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'ledger rows are append-only: % on % is refused', TG_OP, TG_TABLE_NAME
          USING ERRCODE = 'insufficient_privilege';
      END $$`);
    for (const table of ['credit_entries', 'credit_allocations']) {
      await q.query(`CREATE TRIGGER trg_${table}_append_only BEFORE UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION scout_reject_ledger_rewrite()`);
      await q.query(`CREATE TRIGGER trg_${table}_no_truncate BEFORE TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION scout_reject_ledger_rewrite()`);
    }

    // Credits an account can spend right now: what is left of its unexpired grants.
    await q.query(`
      CREATE FUNCTION scout_spendable(p_account uuid) RETURNS bigint LANGUAGE sql STABLE AS $$
        SELECT coalesce(sum(remaining), 0)::bigint FROM credit_grants
        WHERE account_id = p_account AND remaining > 0 AND (expires_at IS NULL OR expires_at > now())
      $$`);

    // Takes p_amount credits from the account's live grants, soonest expiry first. Used for
    // tool usage (refused on a suspended account) and negative adjustments.
    // status: ok | insufficient | no_account | suspended. Nothing is written unless ok.
    await q.query(`
      CREATE FUNCTION scout_spend(p_account uuid, p_amount bigint, p_kind text, p_tool text,
                                  p_request_id text, p_reason text, p_actor text)
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
        IF p_amount <= 0 OR p_kind NOT IN ('usage', 'adjustment') THEN
          RAISE EXCEPTION 'scout_spend: bad amount % or kind %', p_amount, p_kind;
        END IF;
        SELECT a.status INTO v_status FROM accounts a WHERE a.id = p_account FOR UPDATE;
        IF NOT FOUND THEN
          RETURN QUERY SELECT NULL::bigint, NULL::bigint, 'no_account'::text; RETURN;
        END IF;
        IF p_kind = 'usage' AND v_status <> 'active' THEN
          RETURN QUERY SELECT NULL::bigint, scout_spendable(p_account), 'suspended'::text; RETURN;
        END IF;
        v_spendable := scout_spendable(p_account);
        IF v_spendable < p_amount THEN
          RETURN QUERY SELECT NULL::bigint, v_spendable, 'insufficient'::text; RETURN;
        END IF;
        UPDATE accounts SET balance = balance - p_amount, updated_at = now()
          WHERE id = p_account RETURNING balance INTO v_balance;
        INSERT INTO credit_entries (account_id, kind, amount, balance_after, tool, request_id, reason, actor)
          VALUES (p_account, p_kind, -p_amount, v_balance, p_tool, p_request_id, p_reason, p_actor)
          RETURNING id INTO v_entry;
        FOR g IN
          SELECT id, credit_grants.remaining AS left_over FROM credit_grants
          WHERE account_id = p_account AND credit_grants.remaining > 0 AND (expires_at IS NULL OR expires_at > now())
          ORDER BY expires_at ASC NULLS LAST, created_at, id
          FOR UPDATE
        LOOP
          v_take := least(g.left_over, v_left);
          UPDATE credit_grants SET remaining = credit_grants.remaining - v_take WHERE id = g.id;
          INSERT INTO credit_allocations (entry_id, grant_id, credits) VALUES (v_entry, g.id, -v_take);
          v_left := v_left - v_take;
          EXIT WHEN v_left = 0;
        END LOOP;
        RETURN QUERY SELECT v_entry, v_spendable - p_amount, 'ok'::text;
      END $$`);

    // Reverses one usage entry: a linked refund entry, credits back to the grants that paid.
    // Refunding twice returns the first refund (unique refund_of makes a double refund impossible).
    await q.query(`
      CREATE FUNCTION scout_refund(p_usage_entry bigint, p_reason text)
      RETURNS TABLE (entry_id bigint, remaining bigint) LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE
        u credit_entries%ROWTYPE;
        v_balance bigint;
        v_entry bigint;
        a record;
      BEGIN
        SELECT * INTO u FROM credit_entries WHERE id = p_usage_entry;
        IF NOT FOUND OR u.kind <> 'usage' THEN
          RAISE EXCEPTION 'scout_refund: entry % is not a usage entry', p_usage_entry;
        END IF;
        PERFORM 1 FROM accounts WHERE id = u.account_id FOR UPDATE;
        SELECT id INTO v_entry FROM credit_entries WHERE refund_of = p_usage_entry;
        IF FOUND THEN
          RETURN QUERY SELECT v_entry, scout_spendable(u.account_id); RETURN;
        END IF;
        UPDATE accounts SET balance = balance - u.amount, updated_at = now()
          WHERE id = u.account_id RETURNING balance INTO v_balance;
        INSERT INTO credit_entries (account_id, kind, amount, balance_after, tool, request_id, refund_of, reason)
          VALUES (u.account_id, 'refund', -u.amount, v_balance, u.tool, u.request_id, u.id, p_reason)
          RETURNING id INTO v_entry;
        FOR a IN SELECT grant_id, credits FROM credit_allocations WHERE credit_allocations.entry_id = u.id LOOP
          UPDATE credit_grants SET remaining = credit_grants.remaining - a.credits WHERE id = a.grant_id;
          INSERT INTO credit_allocations (entry_id, grant_id, credits) VALUES (v_entry, a.grant_id, -a.credits);
        END LOOP;
        RETURN QUERY SELECT v_entry, scout_spendable(u.account_id);
      END $$`);

    // Adds credits as a new grant with its ledger entry ('adjustment' kind for admin adjustments).
    await q.query(`
      CREATE FUNCTION scout_grant(p_account uuid, p_kind text, p_credits bigint, p_expires_at timestamptz,
                                  p_reason text, p_actor text)
      RETURNS TABLE (grant_id uuid, entry_id bigint, remaining bigint) LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE
        v_grant uuid;
        v_balance bigint;
        v_entry bigint;
      BEGIN
        IF p_credits <= 0 THEN
          RAISE EXCEPTION 'scout_grant: credits must be positive, got %', p_credits;
        END IF;
        PERFORM 1 FROM accounts WHERE id = p_account FOR UPDATE;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'scout_grant: no account %', p_account USING ERRCODE = 'no_data_found';
        END IF;
        INSERT INTO credit_grants (account_id, kind, credits, remaining, expires_at, reason, actor)
          VALUES (p_account, p_kind, p_credits, p_credits, p_expires_at, p_reason, p_actor)
          RETURNING id INTO v_grant;
        UPDATE accounts SET balance = balance + p_credits, updated_at = now()
          WHERE id = p_account RETURNING balance INTO v_balance;
        INSERT INTO credit_entries (account_id, kind, amount, balance_after, grant_id, reason, actor)
          VALUES (p_account, CASE WHEN p_kind = 'adjustment' THEN 'adjustment' ELSE 'grant' END,
                  p_credits, v_balance, v_grant, p_reason, p_actor)
          RETURNING id INTO v_entry;
        INSERT INTO credit_allocations (entry_id, grant_id, credits) VALUES (v_entry, v_grant, p_credits);
        RETURN QUERY SELECT v_grant, v_entry, scout_spendable(p_account);
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION scout_grant(uuid, text, bigint, timestamptz, text, text)`);
    await q.query(`DROP FUNCTION scout_refund(bigint, text)`);
    await q.query(`DROP FUNCTION scout_spend(uuid, bigint, text, text, text, text, text)`);
    await q.query(`DROP FUNCTION scout_spendable(uuid)`);
    await q.query(`DROP TABLE credit_allocations`);
    await q.query(`DROP TABLE credit_entries`);
    await q.query(`DROP FUNCTION scout_reject_ledger_rewrite()`);
    await q.query(`DROP TABLE credit_grants`);
    await q.query(`DROP TABLE api_keys`);
    await q.query(`DROP TABLE accounts`);
    await q.query(`DROP TABLE plans`);
  }
}
