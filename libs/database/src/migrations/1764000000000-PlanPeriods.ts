import type { MigrationInterface, QueryRunner } from 'typeorm';

const READER = 'scout_billing_reader';

/**
 * Plan subscriptions as ledger facts (docs/architecture.md section 5): every plan pick, change and cancel
 * is a row of plan_changes (who, when, from, to); every billing period is a row of plan_periods
 * with the USD charge for the billing team and the plan grant that gave its monthly credits.
 *
 * Periods are anchored to the moment the plan was picked: period n runs from anchor + n months to
 * anchor + (n + 1) months, computed in UTC, so a plan picked on Jan 31 renews on Feb 28 (29 in a
 * leap year), Mar 31, Apr 30, ... and never drifts to the 28th. A change to another plan starts a
 * new anchor at once (new grant, new charge); cancelling stops renewals and keeps the balance.
 * Plan credits never expire (unused credits roll over), so they are spent after expiring grants.
 *
 * Invariants, beside those of the earlier ledger migrations:
 *  - accounts.plan_renews_at is set exactly when the account has a plan: it is the end of the
 *    current period, when the renewal job next grants;
 *  - a period is granted at most once: the renewal re-reads plan_renews_at with the account row
 *    locked and advances it in the same transaction, and (change_id, period_index) is unique;
 *  - plan_changes and plan_periods are append-only, like the ledger entries.
 *
 * Every function takes the moment it acts at (p_now) so tests can drive the calendar.
 */
export class PlanPeriods1764000000000 implements MigrationInterface {
  name = 'PlanPeriods1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE plan_changes (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts(id),
        from_plan text REFERENCES plans(id),
        to_plan text REFERENCES plans(id),
        effective_at timestamptz NOT NULL,
        actor text NOT NULL,
        reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck_plan_changes_changes CHECK (from_plan IS DISTINCT FROM to_plan)
      )`);
    await q.query(`CREATE INDEX idx_plan_changes_account ON plan_changes (account_id, id DESC)`);

    await q.query(`
      CREATE TABLE plan_periods (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts(id),
        plan_id text NOT NULL REFERENCES plans(id),
        change_id bigint NOT NULL REFERENCES plan_changes(id),
        period_index integer NOT NULL CHECK (period_index >= 0),
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        price_usd numeric(12,2) NOT NULL CHECK (price_usd >= 0),
        credits bigint NOT NULL CHECK (credits > 0),
        grant_id uuid NOT NULL UNIQUE REFERENCES credit_grants(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ck_plan_periods_order CHECK (ends_at > starts_at),
        CONSTRAINT uq_plan_periods_change_index UNIQUE (change_id, period_index)
      )`);
    await q.query(`CREATE INDEX idx_plan_periods_account ON plan_periods (account_id, id DESC)`);
    await q.query(`CREATE INDEX idx_plan_periods_starts_at ON plan_periods (starts_at)`);

    for (const table of ['plan_changes', 'plan_periods']) {
      await q.query(`CREATE TRIGGER trg_${table}_append_only BEFORE UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION scout_reject_ledger_rewrite()`);
      await q.query(`CREATE TRIGGER trg_${table}_no_truncate BEFORE TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION scout_reject_ledger_rewrite()`);
    }

    // Non-expiring grants are spent oldest first (created_at, then id). Opening an account grants
    // its free credits and its first plan period in one transaction, where now() is one instant:
    // stamp grants with the wall clock so the free grant is spent before the plan grant, not in
    // the random order of their ids.
    await q.query(`ALTER TABLE credit_grants ALTER COLUMN created_at SET DEFAULT clock_timestamp()`);

    await q.query(`ALTER TABLE accounts ADD COLUMN plan_renews_at timestamptz`);
    await q.query(`CREATE INDEX idx_accounts_plan_renews_at ON accounts (plan_renews_at) WHERE plan_id IS NOT NULL`);

    // Start of period p_index of a subscription anchored at p_anchor, in UTC calendar months.
    // PostgreSQL clamps a month step to the month's last day without drifting the anchor day.
    await q.query(`
      CREATE FUNCTION scout_period_boundary(p_anchor timestamptz, p_index integer) RETURNS timestamptz
      LANGUAGE sql IMMUTABLE STRICT AS $$
        SELECT ((p_anchor AT TIME ZONE 'UTC') + make_interval(months => p_index)) AT TIME ZONE 'UTC'
      $$`);

    // Grants and records one period of a subscription. The caller holds the account row lock.
    await q.query(`
      CREATE FUNCTION scout_open_period(p_account uuid, p_plan text, p_change bigint, p_anchor timestamptz,
                                        p_index integer, p_actor text)
      RETURNS TABLE (period_id bigint, grant_id uuid, starts_at timestamptz, ends_at timestamptz)
      LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE
        p plans%ROWTYPE;
        v_start timestamptz := scout_period_boundary(p_anchor, p_index);
        v_end timestamptz := scout_period_boundary(p_anchor, p_index + 1);
        v_grant uuid;
        v_period bigint;
      BEGIN
        SELECT * INTO p FROM plans WHERE id = p_plan;
        SELECT g.grant_id INTO v_grant FROM scout_grant(p_account, 'plan', p.credits_per_month, NULL,
          format('%s plan, period %s to %s', p.name,
                 to_char(v_start AT TIME ZONE 'UTC', 'YYYY-MM-DD'), to_char(v_end AT TIME ZONE 'UTC', 'YYYY-MM-DD')),
          p_actor) g;
        INSERT INTO plan_periods (account_id, plan_id, change_id, period_index, starts_at, ends_at, price_usd, credits, grant_id)
          VALUES (p_account, p_plan, p_change, p_index, v_start, v_end, p.price_usd, p.credits_per_month, v_grant)
          RETURNING id INTO v_period;
        UPDATE accounts SET plan_renews_at = v_end, updated_at = now() WHERE id = p_account;
        RETURN QUERY SELECT v_period, v_grant, v_start, v_end;
      END $$`);

    // Picks, changes (p_plan) or cancels (p_plan NULL) an account's plan at p_now.
    // status: changed | unchanged | no_account | unknown_plan. Nothing is written unless changed.
    // Picking or changing starts a period at once: its credits are granted and its price charged.
    await q.query(`
      CREATE FUNCTION scout_change_plan(p_account uuid, p_plan text, p_now timestamptz, p_actor text, p_reason text)
      RETURNS TABLE (status text, change_id bigint, period_id bigint, grant_id uuid)
      LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE
        v_current text;
        v_change bigint;
        o record;
      BEGIN
        IF p_now IS NULL OR p_actor IS NULL THEN
          RAISE EXCEPTION 'scout_change_plan: p_now and p_actor are required';
        END IF;
        SELECT a.plan_id INTO v_current FROM accounts a WHERE a.id = p_account FOR UPDATE;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'no_account'::text, NULL::bigint, NULL::bigint, NULL::uuid; RETURN;
        END IF;
        IF p_plan IS NOT NULL AND NOT EXISTS (SELECT 1 FROM plans WHERE id = p_plan) THEN
          RETURN QUERY SELECT 'unknown_plan'::text, NULL::bigint, NULL::bigint, NULL::uuid; RETURN;
        END IF;
        IF v_current IS NOT DISTINCT FROM p_plan THEN
          RETURN QUERY SELECT 'unchanged'::text, NULL::bigint, NULL::bigint, NULL::uuid; RETURN;
        END IF;
        INSERT INTO plan_changes (account_id, from_plan, to_plan, effective_at, actor, reason)
          VALUES (p_account, v_current, p_plan, p_now, p_actor, p_reason)
          RETURNING id INTO v_change;
        -- Plan and renewal date move together (ck_accounts_plan_renews); the period sets the date again.
        UPDATE accounts SET plan_id = p_plan, plan_renews_at = CASE WHEN p_plan IS NULL THEN NULL ELSE scout_period_boundary(p_now, 1) END, updated_at = now()
          WHERE id = p_account;
        IF p_plan IS NULL THEN
          RETURN QUERY SELECT 'changed'::text, v_change, NULL::bigint, NULL::uuid; RETURN;
        END IF;
        SELECT * INTO o FROM scout_open_period(p_account, p_plan, v_change, p_now, 0, p_actor);
        RETURN QUERY SELECT 'changed'::text, v_change, o.period_id, o.grant_id;
      END $$`);

    // Opens every period that has begun by p_now for up to p_limit accounts (all, or only
    // p_account), one row per period granted. A period missed while no worker ran is granted late,
    // each on its own calendar dates. Safe to run twice or concurrently: each account is re-read
    // under its row lock, so a second run finds its renewal date already moved on.
    await q.query(`
      CREATE FUNCTION scout_renew_plans(p_now timestamptz, p_limit integer, p_account uuid DEFAULT NULL)
      RETURNS TABLE (account_id uuid, plan_id text, period_id bigint, grant_id uuid, starts_at timestamptz)
      LANGUAGE plpgsql AS $$
      #variable_conflict use_column
      DECLARE
        c record;
        v_plan text;
        v_renews timestamptz;
        last plan_periods%ROWTYPE;
        v_anchor timestamptz;
        o record;
      BEGIN
        IF p_now IS NULL OR p_limit IS NULL OR p_limit <= 0 THEN
          RAISE EXCEPTION 'scout_renew_plans: bad arguments (now %, limit %)', p_now, p_limit;
        END IF;
        FOR c IN
          SELECT a.id FROM accounts a
           WHERE a.plan_id IS NOT NULL AND a.plan_renews_at <= p_now AND (p_account IS NULL OR a.id = p_account)
           ORDER BY a.id
           LIMIT p_limit
        LOOP
          SELECT a.plan_id, a.plan_renews_at INTO v_plan, v_renews FROM accounts a WHERE a.id = c.id FOR UPDATE;
          CONTINUE WHEN v_plan IS NULL OR v_renews > p_now;
          SELECT * INTO last FROM plan_periods pp WHERE pp.account_id = c.id ORDER BY pp.id DESC LIMIT 1;
          SELECT pc.effective_at INTO v_anchor FROM plan_changes pc WHERE pc.id = last.change_id;
          WHILE last.ends_at <= p_now LOOP
            SELECT * INTO o FROM scout_open_period(c.id, v_plan, last.change_id, v_anchor, last.period_index + 1, 'system');
            SELECT * INTO last FROM plan_periods pp WHERE pp.id = o.period_id;
            RETURN QUERY SELECT c.id, v_plan, o.period_id, o.grant_id, o.starts_at;
          END LOOP;
        END LOOP;
      END $$`);

    // Accounts that held a plan before periods existed start their first period now.
    await q.query(`
      DO $$
      DECLARE a record;
      BEGIN
        FOR a IN SELECT id, plan_id FROM accounts WHERE plan_id IS NOT NULL ORDER BY id LOOP
          UPDATE accounts SET plan_id = NULL WHERE id = a.id;
          PERFORM scout_change_plan(a.id, a.plan_id, now(), 'system', 'plan held before billing periods existed');
        END LOOP;
      END $$`);
    await q.query(`ALTER TABLE accounts ADD CONSTRAINT ck_accounts_plan_renews
      CHECK ((plan_id IS NULL) = (plan_renews_at IS NULL))`);

    // Billing views for plans: every change, and every period's USD charge.
    await q.query(`
      CREATE VIEW billing.plan_changes AS
      SELECT pc.id AS change_id, pc.account_id, a.name AS account_name, pc.from_plan, pc.to_plan,
             CASE WHEN pc.from_plan IS NULL THEN 'pick' WHEN pc.to_plan IS NULL THEN 'cancel' ELSE 'change' END AS change,
             pc.effective_at, pc.actor, pc.reason, pc.created_at
        FROM plan_changes pc JOIN accounts a ON a.id = pc.account_id`);
    await q.query(`COMMENT ON VIEW billing.plan_changes IS
      'Every plan pick, change and cancel: who, when, from which plan to which'`);
    await q.query(`
      CREATE VIEW billing.plan_charges AS
      SELECT pp.id AS period_id, pp.account_id, a.name AS account_name, pp.plan_id, p.name AS plan_name,
             pp.period_index, CASE WHEN pp.period_index = 0 THEN 'start' ELSE 'renewal' END AS charge_kind,
             pp.starts_at AS period_start, pp.ends_at AS period_end,
             to_char(pp.starts_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month,
             pp.price_usd, pp.credits, pp.grant_id, pp.change_id, pp.created_at
        FROM plan_periods pp JOIN accounts a ON a.id = pp.account_id JOIN plans p ON p.id = pp.plan_id`);
    await q.query(`COMMENT ON VIEW billing.plan_charges IS
      'One row per billing period: the plan, its dates, the USD price charged and the plan grant of its credits'`);
    for (const view of ['billing.plan_changes', 'billing.plan_charges']) {
      await q.query(`GRANT SELECT ON ${view} TO ${READER}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW billing.plan_charges`);
    await q.query(`DROP VIEW billing.plan_changes`);
    await q.query(`ALTER TABLE accounts DROP CONSTRAINT ck_accounts_plan_renews`);
    await q.query(`DROP FUNCTION scout_renew_plans(timestamptz, integer, uuid)`);
    await q.query(`DROP FUNCTION scout_change_plan(uuid, text, timestamptz, text, text)`);
    await q.query(`DROP FUNCTION scout_open_period(uuid, text, bigint, timestamptz, integer, text)`);
    await q.query(`DROP FUNCTION scout_period_boundary(timestamptz, integer)`);
    await q.query(`DROP INDEX idx_accounts_plan_renews_at`);
    await q.query(`ALTER TABLE credit_grants ALTER COLUMN created_at SET DEFAULT now()`);
    await q.query(`ALTER TABLE accounts DROP COLUMN plan_renews_at`);
    await q.query(`DROP TABLE plan_periods`);
    await q.query(`DROP TABLE plan_changes`);
  }
}
