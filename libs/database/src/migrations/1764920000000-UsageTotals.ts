import type { MigrationInterface, QueryRunner } from 'typeorm';

const COUNTS = ['calls', 'credits', 'refunded_calls', 'refunded_credits'];

/** The rows of a transition table as a change to the totals: counted in (+) or out (-). */
const rowsOf = (table: string, sign: '' | '-') => `SELECT account_id, tool, channel, ${COUNTS.map((c) => `${sign}${c} AS ${c}`).join(', ')} FROM ${table}`;

/**
 * A statement's change to the rollups applied to the totals as one upsert, one row per key, in
 * key order (concurrent batches then lock totals rows in the same order). Keys whose change nets
 * to nothing are left alone.
 */
const applyChange = (change: string) => `
          INSERT INTO usage_totals AS t (account_id, tool, channel, ${COUNTS.join(', ')})
          SELECT account_id, tool, channel, ${COUNTS.map((c) => `sum(${c})::bigint`).join(', ')}
            FROM (${change}) d
           GROUP BY account_id, tool, channel
          HAVING (${COUNTS.map((c) => `sum(${c})`).join(', ')}) <> (0, 0, 0, 0)
           ORDER BY account_id, tool, channel
          ON CONFLICT (account_id, tool, channel) DO UPDATE
            SET ${COUNTS.map((c) => `${c} = t.${c} + EXCLUDED.${c}`).join(', ')};`;

/**
 * Usage totals: each account's all-time usage per tool and channel, the sum of its usage_rollups
 * over every day (issue 39: GET /api/v1/me of an account with years of history read thousands of
 * rollup rows; it now reads a few dozen).
 *
 * Kept by statement-level triggers on usage_rollups itself, not by the paths that write the
 * rollups: every writer (scout_roll_up_calls in the batch functions, the per-entry rollup trigger,
 * refunds, an entry moved with the append-only trigger set aside, a hand edit) keeps the totals
 * right in its own transaction, without a change to it. With transition tables PostgreSQL allows one event per
 * trigger, so one trigger each for INSERT, UPDATE and DELETE. An `INSERT ... ON CONFLICT DO UPDATE`
 * fires the UPDATE trigger (the rows it updated, before and after) and then the INSERT trigger (the
 * rows it inserted), each once, so every rollup statement costs at most two upserts of the totals.
 * The ledger functions that write rollups lock their accounts' rows first (a batch in id order),
 * so two transactions never wait on each other's totals rows, which are an account's own.
 *
 * Invariant (ledger:verify, usage_totals_equal_rollups): each totals row equals the sum of its
 * account's rollups of that tool and channel; a row missing on either side counts as zeros.
 */
export class UsageTotals1764920000000 implements MigrationInterface {
  name = 'UsageTotals1764920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE usage_totals (
        account_id uuid NOT NULL REFERENCES accounts(id),
        tool text NOT NULL,
        channel text NOT NULL,
        calls bigint NOT NULL DEFAULT 0,
        credits bigint NOT NULL DEFAULT 0,
        refunded_calls bigint NOT NULL DEFAULT 0,
        refunded_credits bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, tool, channel)
      )`);
    await q.query(`COMMENT ON TABLE usage_totals IS
      'All-time usage per account, tool and channel: the sum of usage_rollups over days, kept by triggers on usage_rollups'`);

    await q.query(`
      CREATE FUNCTION scout_roll_up_totals() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN${applyChange(rowsOf('new_rollups', ''))}
        ELSIF TG_OP = 'UPDATE' THEN${applyChange(`${rowsOf('new_rollups', '')} UNION ALL ${rowsOf('old_rollups', '-')}`)}
        ELSE${applyChange(rowsOf('old_rollups', '-'))}
        END IF;
        RETURN NULL;
      END $$`);

    // Taken before the triggers and the sum, and held to commit: no rollup written meanwhile is left out of both.
    await q.query(`LOCK TABLE usage_rollups IN SHARE ROW EXCLUSIVE MODE`);
    await q.query(`CREATE TRIGGER trg_usage_rollups_totals_insert AFTER INSERT ON usage_rollups
      REFERENCING NEW TABLE AS new_rollups FOR EACH STATEMENT EXECUTE FUNCTION scout_roll_up_totals()`);
    await q.query(`CREATE TRIGGER trg_usage_rollups_totals_update AFTER UPDATE ON usage_rollups
      REFERENCING OLD TABLE AS old_rollups NEW TABLE AS new_rollups FOR EACH STATEMENT EXECUTE FUNCTION scout_roll_up_totals()`);
    await q.query(`CREATE TRIGGER trg_usage_rollups_totals_delete AFTER DELETE ON usage_rollups
      REFERENCING OLD TABLE AS old_rollups FOR EACH STATEMENT EXECUTE FUNCTION scout_roll_up_totals()`);

    // The rollups so far, summed once.
    await q.query(`
      INSERT INTO usage_totals (account_id, tool, channel, ${COUNTS.join(', ')})
      SELECT account_id, tool, channel, ${COUNTS.map((c) => `sum(${c})`).join(', ')}
        FROM usage_rollups
       GROUP BY account_id, tool, channel`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER trg_usage_rollups_totals_delete ON usage_rollups`);
    await q.query(`DROP TRIGGER trg_usage_rollups_totals_update ON usage_rollups`);
    await q.query(`DROP TRIGGER trg_usage_rollups_totals_insert ON usage_rollups`);
    await q.query(`DROP FUNCTION scout_roll_up_totals()`);
    await q.query(`DROP TABLE usage_totals`);
  }
}
