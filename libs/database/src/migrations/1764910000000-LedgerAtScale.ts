import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A ledger of ten million entries (issue 39, bench/ledger-scale.bench.ts; figures in
 * docs/benchmarks.md):
 *  - `ledger_verify_checkpoints`: the point of each clean `npm run ledger:verify` run, so
 *    `--since-checkpoint` checks only the accounts touched since the last one
 *    (libs/ledger/src/ledger-checkpoint.ts says what a point is and what it can see). One row per
 *    clean run, written by the CLI after its read-only checks; the latest is the checkpoint.
 *  - The billing team's queries (docs/ledger.md) without reading credit_entries, credit_holds or
 *    credit_allocations whole. Each index below holds only rows that are not usage entries or
 *    posted holds, so a charge or a post writes nothing more than before:
 *    - refunds of the last days: `credit_entries (created_at) WHERE kind = 'refund'`;
 *    - an account's entries of one kind (the ledger page's kind filter) and the adjustment and
 *      expiry entries grant_consumption reads: `credit_entries (kind, account_id, id)` of every kind
 *      but usage;
 *    - the last day's failed calls: `credit_holds (created_at) WHERE state = 'voided'`, and
 *      billing.holds written as one branch per state, so a filter on its state reaches the hold's
 *      own state column (and the indexes on pending holds) instead of an expression of it;
 *    - billing.account_balances reads each account's last entry time from its index (one row per
 *      account) instead of grouping every entry;
 *    - billing.grant_consumption reads `consumed` as what the grant gave less what is left,
 *      deducted and written off (the allocations of the rare adjustment and expiry entries), which
 *      is the sum of its usage and refund allocations whenever ledger:verify passes
 *      (grant_remaining_equals_allocations), instead of summing every allocation of the grant.
 *    The views keep their columns, types and grants (CREATE OR REPLACE).
 */
export class LedgerAtScale1764910000000 implements MigrationInterface {
  name = 'LedgerAtScale1764910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_verify_checkpoints (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        verified_at timestamptz NOT NULL,
        scope text NOT NULL CHECK (scope IN ('full', 'since_checkpoint')),
        last_entry_id bigint NOT NULL,
        last_hold_id bigint NOT NULL,
        first_pending_hold_id bigint,
        xid bigint NOT NULL,
        accounts_checked integer NOT NULL,
        duration_ms integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `COMMENT ON TABLE ledger_verify_checkpoints IS 'One row per clean ledger:verify run: the ids given out and the transaction id at its start; the latest is where --since-checkpoint starts'`,
    );

    await q.query(`CREATE INDEX idx_credit_entries_refunds_created_at ON credit_entries (created_at) WHERE kind = 'refund'`);
    await q.query(`CREATE INDEX idx_credit_entries_movements ON credit_entries (kind, account_id, id) WHERE kind <> 'usage'`);
    await q.query(`CREATE INDEX idx_credit_holds_voided_created_at ON credit_holds (created_at) WHERE state = 'voided'`);

    const branch = (state: string, where: string) => `
      SELECT h.id AS hold_id, h.account_id, h.tool, h.amount, '${state}'::text AS state, h.request_id, e.id AS usage_entry_id,
             h.created_at, h.expires_at, h.resolved_at, h.void_reason, h.channel
        FROM credit_holds h LEFT JOIN credit_entries e ON e.hold_id = h.id
       WHERE ${where}`;
    await q.query(`
      CREATE OR REPLACE VIEW billing.holds AS
      ${branch('posted', `h.state = 'posted'`)}
      UNION ALL ${branch('voided', `h.state = 'voided'`)}
      UNION ALL ${branch('pending', `h.state = 'pending' AND h.expires_at > now()`)}
      UNION ALL ${branch('expired', `h.state = 'pending' AND h.expires_at <= now()`)}`);

    await q.query(ACCOUNT_BALANCES(`LEFT JOIN LATERAL (SELECT max(created_at) AS last_entry_at FROM credit_entries WHERE account_id = a.id) e ON true`));

    await q.query(`
      CREATE OR REPLACE VIEW billing.grant_consumption AS
      SELECT g.id AS grant_id, g.account_id, g.kind, g.credits,
             (g.credits - g.remaining - coalesce(x.deducted, 0) - coalesce(x.expired_written, 0))::bigint AS consumed,
             coalesce(x.deducted, 0)::bigint AS deducted,
             coalesce(x.expired_written, 0)::bigint AS expired_written,
             CASE WHEN g.expires_at <= now() THEN g.remaining ELSE 0 END AS expired_pending,
             g.remaining, g.expires_at,
             CASE WHEN g.expires_at <= now() AND (g.remaining > 0 OR coalesce(x.expired_written, 0) > 0) THEN 'expired'
                  WHEN g.remaining = 0 THEN 'used_up'
                  ELSE 'active' END AS state,
             g.reason, g.created_at
        FROM credit_grants g
        LEFT JOIN (
          SELECT al.grant_id,
                 -sum(al.credits) FILTER (WHERE e.kind = 'adjustment' AND al.credits < 0) AS deducted,
                 -sum(al.credits) FILTER (WHERE e.kind = 'expiry') AS expired_written
            FROM credit_entries e JOIN credit_allocations al ON al.entry_id = e.id
           WHERE e.kind IN ('adjustment', 'expiry')
           GROUP BY al.grant_id
        ) x ON x.grant_id = g.id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE VIEW billing.grant_consumption AS
      SELECT g.id AS grant_id, g.account_id, g.kind, g.credits,
             coalesce(-sum(al.credits) FILTER (WHERE e.kind IN ('usage', 'refund')), 0)::bigint AS consumed,
             coalesce(-sum(al.credits) FILTER (WHERE e.kind = 'adjustment' AND al.credits < 0), 0)::bigint AS deducted,
             coalesce(-sum(al.credits) FILTER (WHERE e.kind = 'expiry'), 0)::bigint AS expired_written,
             CASE WHEN g.expires_at <= now() THEN g.remaining ELSE 0 END AS expired_pending,
             g.remaining, g.expires_at,
             CASE WHEN g.expires_at <= now() AND (g.remaining > 0 OR coalesce(sum(al.credits) FILTER (WHERE e.kind = 'expiry'), 0) < 0) THEN 'expired'
                  WHEN g.remaining = 0 THEN 'used_up'
                  ELSE 'active' END AS state,
             g.reason, g.created_at
        FROM credit_grants g
        LEFT JOIN credit_allocations al ON al.grant_id = g.id
        LEFT JOIN credit_entries e ON e.id = al.entry_id
       GROUP BY g.id`);
    await q.query(
      ACCOUNT_BALANCES(`LEFT JOIN (SELECT account_id, max(created_at) AS last_entry_at FROM credit_entries GROUP BY account_id) e ON e.account_id = a.id`),
    );
    await q.query(`
      CREATE OR REPLACE VIEW billing.holds AS
      SELECT h.id AS hold_id, h.account_id, h.tool, h.amount,
             CASE WHEN h.state = 'pending' AND h.expires_at <= now() THEN 'expired' ELSE h.state END AS state,
             h.request_id, e.id AS usage_entry_id, h.created_at, h.expires_at, h.resolved_at, h.void_reason, h.channel
        FROM credit_holds h
        LEFT JOIN credit_entries e ON e.hold_id = h.id`);
    await q.query(`DROP INDEX idx_credit_holds_voided_created_at`);
    await q.query(`DROP INDEX idx_credit_entries_movements`);
    await q.query(`DROP INDEX idx_credit_entries_refunds_created_at`);
    await q.query(`DROP TABLE ledger_verify_checkpoints`);
  }
}

/** billing.account_balances (as the CreditHolds migration made it) with its join for last_entry_at. */
const ACCOUNT_BALANCES = (lastEntryJoin: string) => `
  CREATE OR REPLACE VIEW billing.account_balances AS
  SELECT a.id AS account_id, a.name, a.plan_id, a.status, a.balance,
         (coalesce(g.unexpired, 0) - coalesce(h.held, 0))::bigint AS spendable,
         ((coalesce(g.unexpired, 0) - coalesce(h.held, 0))::bigint / 250) AS calls_left,
         coalesce(g.expired_pending, 0)::bigint AS expired_pending,
         e.last_entry_at, a.created_at,
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
    ${lastEntryJoin}`;
