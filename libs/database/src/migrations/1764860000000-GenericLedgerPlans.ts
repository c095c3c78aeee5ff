import type { MigrationInterface, QueryRunner } from 'typeorm';
import { LEDGER_FUNCTIONS } from './1764830000000-LedgerIndexScans';

/** The SET clause this migration gives the entry points; a later CREATE OR REPLACE of one must repeat it. */
export const GENERIC_PLANS = 'SET plan_cache_mode = force_generic_plan';

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
    for (const fn of LEDGER_ENTRY_POINTS) await q.query(`ALTER FUNCTION ${fn} ${GENERIC_PLANS}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const fn of LEDGER_ENTRY_POINTS) await q.query(`ALTER FUNCTION ${fn} RESET plan_cache_mode`);
  }
}

/** The helpers the entry points call: they run under the caller's setting, so they need no SET clause of their own. */
const HELPERS = ['scout_held(uuid)', 'scout_spendable_until(uuid, timestamptz)', 'scout_spendable(uuid)'];

/** The ledger functions the app calls: LedgerIndexScans' list less the helpers. */
const LEDGER_ENTRY_POINTS = LEDGER_FUNCTIONS.filter((fn) => !HELPERS.includes(fn));
