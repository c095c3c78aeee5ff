import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CHANNEL_VIEWS } from './1764700000000-CallChannel';

const READER = 'scout_billing_reader';

/** The UTC day of an instant, as the rollups and the billing views count days. */
const utcDay = (instant: string) => `(${instant} AT TIME ZONE 'UTC')::date`;

/**
 * Usage rollups: the net calls and credits of each account per UTC day, tool and channel, kept by
 * a trigger on credit_entries in the transaction that writes the entry. Reads of usage (GET
 * /api/v1/me, service_account, the admin usage view, billing.monthly_usage) sum these rows instead
 * of every entry the account ever had, so they no longer grow with the ledger.
 *
 * Invariants (ledger:verify checks the first):
 *  - each row equals its entries: calls and credits are the usage entries of that account, UTC day
 *    of the call, tool and channel; refunded_calls and refunded_credits are the refunds of those
 *    calls, counted on the day of the call they refund (as billing.monthly_usage always counted
 *    them), whenever the refund came;
 *  - nothing else writes the table: the trigger is its only writer (until BatchRollups, where
 *    scout_charge_many rolls up its own entries and the trigger skips them).
 *
 * Entries are append-only, so in service the trigger only sees inserts. It also follows an update
 * (taking the old row's share out and putting the new one's in): a test that backdates entries
 * with the append-only trigger set aside keeps the rollups true.
 */
export class UsageRollups1764800000000 implements MigrationInterface {
  name = 'UsageRollups1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE usage_rollups (
        account_id uuid NOT NULL REFERENCES accounts(id),
        day date NOT NULL,
        tool text NOT NULL,
        channel text NOT NULL,
        calls bigint NOT NULL DEFAULT 0,
        credits bigint NOT NULL DEFAULT 0,
        refunded_calls bigint NOT NULL DEFAULT 0,
        refunded_credits bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, day, tool, channel)
      )`);
    await q.query(`COMMENT ON TABLE usage_rollups IS
      'Usage per account, UTC day of the call, tool and channel, kept by a trigger on credit_entries; refunds count on the day of the call they refund'`);

    // One share of usage into (or, with negative counts, out of) its rollup row.
    await q.query(addUsageFunction('CREATE'));

    // What one entry adds to the rollups (sign +1) or takes out (-1): a usage entry its call (and
    // its refund, if one exists, which counts on the call's day); a refund entry its share of the
    // refunded call's row.
    await q.query(`
      CREATE FUNCTION scout_roll_up_entry(e credit_entries, p_sign integer, p_refunds_exist boolean) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        u credit_entries%ROWTYPE;
        v_refund bigint;
      BEGIN
        IF e.kind = 'usage' THEN
          -- A call just written has no refund yet: the charge path skips the lookup.
          IF p_refunds_exist THEN
            SELECT amount INTO v_refund FROM credit_entries WHERE refund_of = e.id;
          END IF;
          PERFORM scout_add_usage(e.account_id, ${utcDay('e.created_at')}, e.tool, e.channel, p_sign, -p_sign * e.amount,
                                  CASE WHEN v_refund IS NULL THEN 0 ELSE p_sign END, p_sign * coalesce(v_refund, 0));
        ELSIF e.kind = 'refund' THEN
          SELECT * INTO u FROM credit_entries WHERE id = e.refund_of;
          PERFORM scout_add_usage(u.account_id, ${utcDay('u.created_at')}, u.tool, u.channel, 0, 0, p_sign, p_sign * e.amount);
        END IF;
      END $$`);

    await q.query(`
      CREATE FUNCTION scout_roll_up_usage() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          PERFORM scout_roll_up_entry(OLD, -1, true);
        END IF;
        PERFORM scout_roll_up_entry(NEW, 1, TG_OP = 'UPDATE');
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER trg_credit_entries_usage_rollup AFTER INSERT ON credit_entries
      FOR EACH ROW WHEN (NEW.kind IN ('usage', 'refund')) EXECUTE FUNCTION scout_roll_up_usage()`);
    await q.query(`CREATE TRIGGER trg_credit_entries_usage_rollup_moved AFTER UPDATE ON credit_entries
      FOR EACH ROW EXECUTE FUNCTION scout_roll_up_usage()`);

    // The ledger so far, rolled up once.
    await q.query(`
      INSERT INTO usage_rollups (account_id, day, tool, channel, calls, credits, refunded_calls, refunded_credits)
      SELECT u.account_id, ${utcDay('u.created_at')}, u.tool, u.channel, count(*), -sum(u.amount), count(r.id), coalesce(sum(r.amount), 0)
        FROM credit_entries u LEFT JOIN credit_entries r ON r.refund_of = u.id AND r.kind = 'refund'
       WHERE u.kind = 'usage'
       GROUP BY 1, 2, 3, 4`);

    // billing.monthly_usage keeps its columns and meaning, now summed from the rollups.
    await q.query(`CREATE OR REPLACE VIEW billing.monthly_usage AS ${MONTHLY_USAGE_FROM_ROLLUPS}`);
    await q.query(`
      CREATE VIEW billing.daily_usage AS
      SELECT day, account_id, tool, channel,
             (calls - refunded_calls)::bigint AS calls, (credits - refunded_credits)::bigint AS credits,
             calls AS gross_calls, credits AS gross_credits, refunded_calls, refunded_credits
        FROM usage_rollups
       WHERE calls > 0`);
    await q.query(`COMMENT ON VIEW billing.daily_usage IS
      'Calls and credits per UTC day, account, tool and channel (rest or mcp); net columns deduct refunds, counted on the day of the refunded call'`);
    await q.query(`GRANT SELECT ON billing.daily_usage TO ${READER}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW billing.daily_usage`);
    const monthly = CHANNEL_VIEWS.monthlyUsage;
    await q.query(`CREATE OR REPLACE VIEW ${monthly.name} AS ${monthly.sql(true)}`);
    await q.query(`DROP TRIGGER trg_credit_entries_usage_rollup_moved ON credit_entries`);
    await q.query(`DROP TRIGGER trg_credit_entries_usage_rollup ON credit_entries`);
    await q.query(`DROP FUNCTION scout_roll_up_usage()`);
    await q.query(`DROP FUNCTION scout_roll_up_entry(credit_entries, integer, boolean)`);
    await q.query(`DROP FUNCTION scout_add_usage(uuid, date, text, text, bigint, bigint, bigint, bigint)`);
    await q.query(`DROP TABLE usage_rollups`);
  }
}

/** Net calls and credits of one channel's rows. */
const netOf = (channel: string) => `
             coalesce(sum(calls - refunded_calls) FILTER (WHERE channel = '${channel}'), 0)::bigint AS ${channel}_calls,
             coalesce(sum(credits - refunded_credits) FILTER (WHERE channel = '${channel}'), 0)::bigint AS ${channel}_credits`;

/** billing.monthly_usage as the CallChannel migration defined it (same columns, same figures), from the rollups. */
const MONTHLY_USAGE_FROM_ROLLUPS = `
      SELECT date_trunc('month', day::timestamp)::date AS month,
             account_id,
             tool,
             (sum(calls) - sum(refunded_calls))::bigint AS calls,
             (sum(credits) - sum(refunded_credits))::bigint AS credits,
             sum(calls)::bigint AS gross_calls,
             sum(credits)::bigint AS gross_credits,
             sum(refunded_calls)::bigint AS refunded_calls,
             sum(refunded_credits)::bigint AS refunded_credits,${netOf('rest')},${netOf('mcp')}
        FROM usage_rollups
       GROUP BY 1, 2, 3
      HAVING sum(calls) > 0`;

/** scout_add_usage as first written (a SQL function); PlannedLedgerFunctions.down() restores it. */
export function addUsageFunction(verb: 'CREATE' | 'CREATE OR REPLACE'): string {
  return `
      ${verb} FUNCTION scout_add_usage(p_account uuid, p_day date, p_tool text, p_channel text,
                                      p_calls bigint, p_credits bigint, p_refunded_calls bigint, p_refunded_credits bigint)
      RETURNS void LANGUAGE sql AS $$
        INSERT INTO usage_rollups AS r (account_id, day, tool, channel, calls, credits, refunded_calls, refunded_credits)
        VALUES (p_account, p_day, p_tool, p_channel, p_calls, p_credits, p_refunded_calls, p_refunded_credits)
        ON CONFLICT (account_id, day, tool, channel) DO UPDATE
          SET calls = r.calls + EXCLUDED.calls, credits = r.credits + EXCLUDED.credits,
              refunded_calls = r.refunded_calls + EXCLUDED.refunded_calls,
              refunded_credits = r.refunded_credits + EXCLUDED.refunded_credits
      $$`;
}
