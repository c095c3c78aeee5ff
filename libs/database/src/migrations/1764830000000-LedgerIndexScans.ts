import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger functions read one account's rows with index scans only, never bitmap or sequential
 * scans (a SET clause on each function: enable_bitmapscan and enable_seqscan off while it runs).
 *
 * A grouped batch of charges updates the same account, grant and rollup rows many times in one
 * transaction. Versions made in an open transaction cannot be pruned, so some of them spill to
 * other pages: updates that are not HOT, each leaving an index entry behind. A plain index scan
 * marks an entry dead the first time it finds its row version dead to everyone, and skips it after;
 * a bitmap scan cannot, so it visited one more heap page per spilled version, on every hold, post
 * and charge: the charge path slowed as the ledger grew (measured: buffers read per charge rose by
 * about 375 every 20,000 calls on one account; with index scans they stay flat). The planner picked
 * bitmap scans for `expires_at IS NULL OR expires_at > ...` and on a table it had no statistics for
 * (autovacuum off, or not yet run). With statistics of a small table (a few accounts) it can pick a
 * sequential scan instead, which reads every page the spilled versions grew the table to: through
 * the HTTP bench, blocks read in accounts per charge rose from 75 to 717 over six rounds of 8 s with
 * bitmap scans off alone, and stayed at 18-20 with both off.
 */
export class LedgerIndexScans1764830000000 implements MigrationInterface {
  name = 'LedgerIndexScans1764830000000';

  async up(q: QueryRunner): Promise<void> {
    for (const fn of LEDGER_FUNCTIONS) await q.query(`ALTER FUNCTION ${fn} SET enable_bitmapscan = off SET enable_seqscan = off`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const fn of LEDGER_FUNCTIONS) await q.query(`ALTER FUNCTION ${fn} RESET enable_bitmapscan RESET enable_seqscan`);
  }
}

/** Every function that reads an account's grants or holds, called by the app or by another of them. */
export const LEDGER_FUNCTIONS = [
  'scout_held(uuid)',
  'scout_spendable_until(uuid, timestamptz)',
  'scout_spendable(uuid)',
  'scout_hold(uuid, bigint, text, text, integer, text)',
  'scout_hold_many(uuid[], bigint[], text[], text[], integer[], text[])',
  'scout_post(bigint, text, uuid, integer, json)',
  'scout_post_many(bigint[], text[], uuid[], integer[], json[])',
  'scout_void(bigint, text)',
  'scout_charge(uuid, bigint, text, text, text, uuid)',
  'scout_charge_many(uuid[], bigint[], text[], text[], text[], uuid[])',
  'scout_spend(uuid, bigint, text, text, text, text, text)',
  'scout_refund(bigint, text)',
  'scout_grant(uuid, text, bigint, timestamptz, text, text)',
];
