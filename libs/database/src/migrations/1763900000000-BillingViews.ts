import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The NOLOGIN role the billing team's logins are granted (docs/ledger.md). */
const READER = 'scout_billing_reader';

/** Every view of the schema, each granted to the reader. */
const BILLING_VIEWS = ['billing.account_balances', 'billing.monthly_usage', 'billing.grant_consumption', 'billing.refunds', 'billing.ledger_entries'];

/**
 * Read-only SQL views of the ledger for the billing team, in their own schema `billing`, and the
 * role `scout_billing_reader` that may read them and nothing else (docs/ledger.md).
 *
 * The views run with their owner's rights (the PostgreSQL default for views; security_invoker is
 * deliberately not set), so the reader needs no grant on any table in public. For the same reason
 * the views never call a scout_* function: a function called from a view runs with the rights of
 * the user querying the view, and would be refused the tables it reads.
 *
 * Plan-change and charge views come with the plan lifecycle (those tables do not exist yet).
 * Every view added later grants SELECT to the reader explicitly in its own migration.
 */
export class BillingViews1763900000000 implements MigrationInterface {
  name = 'BillingViews1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA billing`);
    await q.query(`COMMENT ON SCHEMA billing IS 'Read-only views of the credit ledger for the billing team (docs/ledger.md)'`);

    // Balances: the ledger balance, what of it can be spent now, and what is stuck in grants past
    // their expiry that no expiry entry has written off yet (balance = spendable + expired_pending).
    await q.query(`
      CREATE VIEW billing.account_balances AS
      SELECT a.id AS account_id,
             a.name,
             a.plan_id,
             a.status,
             a.balance,
             coalesce(g.spendable, 0)::bigint AS spendable,
             -- sum(bigint) is numeric: cast before dividing, so the division truncates.
             (coalesce(g.spendable, 0)::bigint / 250) AS calls_left,
             coalesce(g.expired_pending, 0)::bigint AS expired_pending,
             e.last_entry_at,
             a.created_at
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

    // Usage per UTC month, account and tool. A refund counts in the month of the call it refunds,
    // so a month's net figures are those of the calls made in it.
    await q.query(`
      CREATE VIEW billing.monthly_usage AS
      SELECT date_trunc('month', u.created_at AT TIME ZONE 'UTC')::date AS month,
             u.account_id,
             u.tool,
             (count(*) - count(r.id))::bigint AS calls,
             (-sum(u.amount) - coalesce(sum(r.amount), 0))::bigint AS credits,
             count(*)::bigint AS gross_calls,
             (-sum(u.amount))::bigint AS gross_credits,
             count(r.id)::bigint AS refunded_calls,
             coalesce(sum(r.amount), 0)::bigint AS refunded_credits
        FROM credit_entries u
        LEFT JOIN credit_entries r ON r.refund_of = u.id AND r.kind = 'refund'
       WHERE u.kind = 'usage'
       GROUP BY 1, 2, 3`);
    await q.query(`COMMENT ON VIEW billing.monthly_usage IS
      'Calls and credits per UTC month, account and tool; net columns deduct refunds, counted in the month of the refunded call'`);

    // Where each grant's credits went, from its allocations:
    //   credits = consumed + deducted + expired_written + remaining,
    // and expired_pending is the part of remaining that is past expiry (unspendable) but not yet
    // written off by an expiry entry.
    await q.query(`
      CREATE VIEW billing.grant_consumption AS
      SELECT g.id AS grant_id,
             g.account_id,
             g.kind,
             g.credits,
             coalesce(-sum(al.credits) FILTER (WHERE e.kind IN ('usage', 'refund')), 0)::bigint AS consumed,
             coalesce(-sum(al.credits) FILTER (WHERE e.kind = 'adjustment' AND al.credits < 0), 0)::bigint AS deducted,
             coalesce(-sum(al.credits) FILTER (WHERE e.kind = 'expiry'), 0)::bigint AS expired_written,
             (CASE WHEN g.expires_at <= now() THEN g.remaining ELSE 0 END)::bigint AS expired_pending,
             g.remaining,
             g.expires_at,
             CASE
               WHEN g.expires_at <= now()
                    AND (g.remaining > 0 OR coalesce(sum(al.credits) FILTER (WHERE e.kind = 'expiry'), 0) < 0) THEN 'expired'
               WHEN g.remaining = 0 THEN 'used_up'
               ELSE 'active'
             END AS state,
             g.reason,
             g.created_at
        FROM credit_grants g
        LEFT JOIN credit_allocations al ON al.grant_id = g.id
        LEFT JOIN credit_entries e ON e.id = al.entry_id
       GROUP BY g.id`);
    await q.query(`COMMENT ON VIEW billing.grant_consumption IS
      'One row per grant: credits = consumed (usage net of refunds) + deducted (negative adjustments) + expired_written + remaining; state active|used_up|expired'`);

    await q.query(`
      CREATE VIEW billing.refunds AS
      SELECT r.id AS refund_entry_id,
             u.id AS usage_entry_id,
             r.account_id,
             u.tool,
             r.amount AS credits,
             u.request_id,
             r.reason,
             u.created_at AS charged_at,
             r.created_at AS refunded_at,
             r.created_at - u.created_at AS delay
        FROM credit_entries r
        JOIN credit_entries u ON u.id = r.refund_of
       WHERE r.kind = 'refund'`);
    await q.query(
      `COMMENT ON VIEW billing.refunds IS 'One row per refunded call: the refund entry, the usage entry it reverses, and how long after the charge it came'`,
    );

    await q.query(`
      CREATE VIEW billing.ledger_entries AS
      SELECT id AS entry_id, account_id, kind, amount, balance_after, grant_id, tool, request_id,
             refund_of, reason, actor, created_at
        FROM credit_entries`);
    await q.query(`COMMENT ON VIEW billing.ledger_entries IS 'Every append-only ledger entry, as written'`);

    // Roles belong to the whole server, not to one database: several databases (staging and
    // production on one server, parallel test databases) share this role. So it is created only
    // when missing, and a concurrent migration creating it first is not an error. A migration user
    // without CREATEROLE stops here with the statement a superuser can run first.
    await q.query(`
      DO $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${READER}') THEN
          CREATE ROLE ${READER} NOLOGIN;
          COMMENT ON ROLE ${READER} IS 'Scout billing: SELECT on the views of schema billing only (docs/ledger.md)';
        END IF;
      EXCEPTION
        WHEN duplicate_object OR unique_violation THEN NULL;
        WHEN insufficient_privilege THEN
          RAISE EXCEPTION 'cannot create role ${READER}: %', SQLERRM
            USING HINT = 'Have a superuser run CREATE ROLE ${READER} NOLOGIN; then run the migrations again.';
      END $$`);
    await q.query(`REVOKE ALL ON SCHEMA billing FROM PUBLIC`);
    await q.query(`GRANT USAGE ON SCHEMA billing TO ${READER}`);
    await q.query(`GRANT SELECT ON ${BILLING_VIEWS.join(', ')} TO ${READER}`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The role is kept: other databases on the server may still grant it to logins and hold
    // privileges for it (DROP ROLE would fail there, or strip the billing team's access).
    await q.query(`
      DO $$
      BEGIN
        IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${READER}') THEN
          REVOKE SELECT ON ${BILLING_VIEWS.join(', ')} FROM ${READER};
          REVOKE USAGE ON SCHEMA billing FROM ${READER};
        END IF;
      END $$`);
    for (const view of [...BILLING_VIEWS].reverse()) await q.query(`DROP VIEW ${view}`);
    await q.query(`DROP SCHEMA billing`);
  }
}
