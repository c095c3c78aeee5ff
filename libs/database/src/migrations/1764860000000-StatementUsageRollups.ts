import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The UTC day of an instant, as the rollups and the billing views count days (as in UsageRollups). */
const utcDay = (instant: string) => `(${instant} AT TIME ZONE 'UTC')::date`;

/**
 * Usage rollups kept once per INSERT statement instead of once per entry: a grouped charge writes
 * the entries of a whole batch in one statement, and its rollup rows now take one upsert per
 * (account, UTC day, tool, channel) from the statement's transition table, not one call of
 * scout_add_usage per entry. What each row holds is unchanged (UsageRollups states it): a usage
 * entry adds its call (it has no refund yet when it is written); a refund entry adds its share to
 * the refunded call's row, on the call's day. Updates (only a test's backdating) keep the per-row
 * trigger. Rollup rows are keyed by account, and every writer of an account's entries holds that
 * account's row lock, so the upsert's order cannot deadlock with another writer.
 */
export class StatementUsageRollups1764860000000 implements MigrationInterface {
  name = 'StatementUsageRollups1764860000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION scout_roll_up_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO usage_rollups AS r (account_id, day, tool, channel, calls, credits, refunded_calls, refunded_credits)
        SELECT account_id, day, tool, channel, sum(calls), sum(credits), sum(refunded_calls), sum(refunded_credits)
          FROM (SELECT e.account_id, ${utcDay('e.created_at')} AS day, e.tool, e.channel,
                       1 AS calls, -e.amount AS credits, 0 AS refunded_calls, 0 AS refunded_credits
                  FROM inserted_entries e
                 WHERE e.kind = 'usage'
                UNION ALL
                SELECT u.account_id, ${utcDay('u.created_at')}, u.tool, u.channel, 0, 0, 1, e.amount
                  FROM inserted_entries e JOIN credit_entries u ON u.id = e.refund_of
                 WHERE e.kind = 'refund') AS shares
         GROUP BY account_id, day, tool, channel
        ON CONFLICT (account_id, day, tool, channel) DO UPDATE
          SET calls = r.calls + EXCLUDED.calls, credits = r.credits + EXCLUDED.credits,
              refunded_calls = r.refunded_calls + EXCLUDED.refunded_calls,
              refunded_credits = r.refunded_credits + EXCLUDED.refunded_credits;
        RETURN NULL;
      END $$`);
    await q.query(`DROP TRIGGER trg_credit_entries_usage_rollup ON credit_entries`);
    await q.query(`CREATE TRIGGER trg_credit_entries_usage_rollup AFTER INSERT ON credit_entries
      REFERENCING NEW TABLE AS inserted_entries FOR EACH STATEMENT EXECUTE FUNCTION scout_roll_up_inserted()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER trg_credit_entries_usage_rollup ON credit_entries`);
    await q.query(`CREATE TRIGGER trg_credit_entries_usage_rollup AFTER INSERT ON credit_entries
      FOR EACH ROW WHEN (NEW.kind IN ('usage', 'refund')) EXECUTE FUNCTION scout_roll_up_usage()`);
    await q.query(`DROP FUNCTION scout_roll_up_inserted()`);
  }
}
