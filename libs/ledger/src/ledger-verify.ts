/**
 * Checks the ledger invariants of docs/architecture.md section 5 over the whole database (or some
 * accounts) with plain SQL, for `npm run ledger:verify` and the tests. Read-only: it never writes.
 *
 * Each check is one SELECT, so each sees one consistent snapshot even while the API writes; run
 * them all inside one REPEATABLE READ transaction (as the CLI does) for one snapshot across checks.
 *
 * Not checkable after the fact, so not here: "soonest expiry first" (expiry dates of grants may be
 * edited). "One usage entry per answered call" is checked for every call that placed a hold: a
 * posted hold has exactly one usage entry for its amount, any other hold none, and the entry
 * carries the hold's channel (rest or mcp).
 */

import {
  CHECKS as ENTRY_CHECKS,
  type Check,
  type LedgerInvariant,
  type LedgerQuery,
  type LedgerViolation,
  type VerifyLedgerOptions,
} from './ledger-invariants';

import { USAGE_ROLLUP_CHECK, USAGE_TOTALS_CHECK } from './usage-rollup-invariant';

export { HOLD_SWEEP_GRACE_SECONDS, type LedgerInvariant, type LedgerQuery, type LedgerViolation, type VerifyLedgerOptions } from './ledger-invariants';

/** The checks in order: the entries' own, then the rollups kept from them and the totals kept from those (before the database-wide ones). */
const CHECKS: Check[] = [...ENTRY_CHECKS.filter((c) => !c.databaseWide), USAGE_ROLLUP_CHECK, USAGE_TOTALS_CHECK, ...ENTRY_CHECKS.filter((c) => c.databaseWide)];

/** Every invariant verifyLedger checks, in order, with what it means. */
export const LEDGER_INVARIANTS: readonly { invariant: LedgerInvariant; description: string }[] = CHECKS.map(({ invariant, description }) => ({
  invariant,
  description,
}));

/** Every violation of the ledger invariants, grouped by invariant in LEDGER_INVARIANTS order; [] when clean. */
export async function verifyLedger(query: LedgerQuery, options: VerifyLedgerOptions = {}): Promise<LedgerViolation[]> {
  const scope = options.accountIds ? [...options.accountIds] : null;
  const violations: LedgerViolation[] = [];
  for (const check of CHECKS) {
    if (options.except?.includes(check.invariant)) continue;
    const rows = check.databaseWide ? await query(check.sql) : await query(check.sql, [options.wholeDatabase?.includes(check.invariant) ? null : scope]);
    for (const row of rows) {
      for (const violation of check.toViolations(row)) violations.push({ invariant: check.invariant, ...violation });
    }
  }
  return violations;
}
