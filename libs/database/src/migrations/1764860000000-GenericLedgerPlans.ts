import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger's entry points plan their statements once (plan_cache_mode = force_generic_plan while
 * they run, and in the helpers and triggers they call).
 *
 * PL/pgSQL keeps a plan per statement, but PostgreSQL re-plans a statement on every call while its
 * generic plan looks dearer than the custom ones, as it does where a filter reads an array
 * parameter (`= ANY (array)`, keys looked up from `unnest(array)`: the generic plan assumes more
 * elements than a batch has). In scout_charge_many the account lock, the charge-key lookup, the
 * account read and the grant update were planned again on every call (the same statements prepared
 * alone: 12 custom plans out of 12 in pg_prepared_statements; the other six went generic). The functions already run with index scans only (LedgerIndexScans), so a generic plan
 * is the same index scan without the planning. Measured with pgbench (one connection,
 * synchronous_commit off, four interleaved runs of 4 s): a batch of one direct charge 0.61-0.64 ->
 * 0.41-0.44 ms of server time, a batch of nine 1.06-1.29 -> 0.89-0.94 ms.
 */
export class GenericLedgerPlans1764860000000 implements MigrationInterface {
  name = 'GenericLedgerPlans1764860000000';

  async up(q: QueryRunner): Promise<void> {
    for (const fn of LEDGER_ENTRY_POINTS) await q.query(`ALTER FUNCTION ${fn} SET plan_cache_mode = force_generic_plan`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const fn of LEDGER_ENTRY_POINTS) await q.query(`ALTER FUNCTION ${fn} RESET plan_cache_mode`);
  }
}

/** The ledger functions the app calls; the helpers they call (scout_held, scout_spendable...) run under their setting. */
export const LEDGER_ENTRY_POINTS = [
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
