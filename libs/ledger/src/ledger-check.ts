/**
 * What every ledger invariant check is made of (ledger-invariants.ts, hold-invariants.ts,
 * usage-rollup-invariant.ts) and how ledger-verify.ts runs them.
 */

/** Runs one SQL statement with $n parameters and resolves to its rows (pg Pool/Client, TypeORM). */
export type LedgerQuery = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export type LedgerInvariant =
  | 'balance_not_negative'
  | 'balance_equals_entries'
  | 'balance_after_running_sum'
  | 'refund_links_usage'
  | 'one_refund_per_usage'
  | 'grant_remaining_equals_allocations'
  | 'grant_remaining_within_credits'
  | 'entry_allocations_equal_amount'
  | 'allocation_same_account'
  | 'spendable_within_balance'
  | 'plan_period_grant'
  | 'plan_renewal_date'
  | 'hold_resolved_by_deadline'
  | 'posted_hold_one_usage'
  | 'unposted_hold_charges_nothing'
  | 'usage_channel_matches_hold'
  | 'refund_channel_matches_usage'
  | 'usage_rollups_equal_entries'
  | 'usage_totals_equal_rollups'
  | 'append_only_triggers';

export interface LedgerViolation {
  invariant: LedgerInvariant;
  /** The account concerned; null for database-wide invariants (triggers). */
  accountId: string | null;
  /** The offending row as `table#id` (`credit_entries#42`, `credit_grants#<uuid>`, `accounts#<uuid>`, `plan_periods#7`). */
  row: string;
  detail: string;
}

export interface VerifyLedgerOptions {
  /** Check only these accounts' rows. Database-wide checks (the triggers) always run. */
  accountIds?: readonly string[];
  /** Invariants not to check: a schema from before a migration lacks what they read (tests of old migrations). */
  except?: readonly LedgerInvariant[];
  /**
   * Invariants checked over every account even when accountIds limits the others: those that time
   * alone can break, with no write to show it (a hold left pending past its deadline), for the
   * checkpointed run of `ledger:verify`.
   */
  wholeDatabase?: readonly LedgerInvariant[];
}

export interface Check {
  invariant: LedgerInvariant;
  description: string;
  /** $1 is the account filter: a uuid[] or null for every account. */
  sql: string;
  /** Takes no account filter: the check is about the database itself. */
  databaseWide?: boolean;
  toViolations(row: Record<string, unknown>): Omit<LedgerViolation, 'invariant'>[];
}

/** `x` belongs to the accounts under check ($1 null means all of them). */
export const inScope = (column: string) => `($1::uuid[] IS NULL OR ${column} = ANY($1::uuid[]))`;
export const text = (value: unknown) => String(value);
export const account = (row: Record<string, unknown>) => (row.account_id === null ? null : text(row.account_id));
export const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : text(value));
