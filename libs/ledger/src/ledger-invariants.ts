/**
 * The ledger invariants of docs/architecture.md section 5, one SQL check each (see ledger-verify.ts for
 * how they run and what is out of reach).
 */

import { account, inScope, iso, text, type Check } from './ledger-check';
import { HOLD_CHECKS } from './hold-invariants';

export { HOLD_SWEEP_GRACE_SECONDS } from './hold-invariants';
export { inScope, text, type Check, type LedgerInvariant, type LedgerQuery, type LedgerViolation, type VerifyLedgerOptions } from './ledger-check';

export const CHECKS: Check[] = [
  {
    invariant: 'balance_not_negative',
    description: 'no account balance and no balance_after is negative',
    sql: `
      SELECT 'accounts' AS tbl, id::text AS id, id::text AS account_id, balance::text AS value
        FROM accounts WHERE balance < 0 AND ${inScope('id')}
      UNION ALL
      SELECT 'credit_entries', id::text, account_id::text, balance_after::text
        FROM credit_entries WHERE balance_after < 0 AND ${inScope('account_id')}`,
    toViolations: (r) => [
      {
        accountId: account(r),
        row: `${text(r.tbl)}#${text(r.id)}`,
        detail: r.tbl === 'accounts' ? `balance is ${text(r.value)}` : `balance_after is ${text(r.value)}`,
      },
    ],
  },
  {
    invariant: 'balance_equals_entries',
    description: "accounts.balance equals the sum of the account's entries",
    sql: `
      SELECT a.id::text AS account_id, a.balance::text AS balance, coalesce(e.total, 0)::text AS total,
             coalesce(e.entries, 0)::text AS entries
        FROM accounts a
        LEFT JOIN (SELECT account_id, sum(amount) AS total, count(*) AS entries FROM credit_entries
                    WHERE ${inScope('account_id')} GROUP BY account_id) e ON e.account_id = a.id
       WHERE ${inScope('a.id')} AND a.balance <> coalesce(e.total, 0)
       ORDER BY a.id`,
    toViolations: (r) => [
      {
        accountId: account(r),
        row: `accounts#${text(r.account_id)}`,
        detail: `balance is ${text(r.balance)} but its ${text(r.entries)} entries sum to ${text(r.total)}`,
      },
    ],
  },
  {
    invariant: 'balance_after_running_sum',
    description: "each entry's balance_after is the running sum of the account's amounts in id order",
    // The first divergent entry per account: a wrong amount shifts every later running sum too.
    sql: `
      SELECT DISTINCT ON (account_id) account_id::text, id::text AS entry_id, balance_after::text,
             running::text, count(*) OVER (PARTITION BY account_id)::text AS diverging
        FROM (SELECT account_id, id, balance_after,
                     sum(amount) OVER (PARTITION BY account_id ORDER BY id) AS running
                FROM credit_entries WHERE ${inScope('account_id')}) s
       WHERE balance_after <> running
       ORDER BY account_id, id`,
    toViolations: (r) => [
      {
        accountId: account(r),
        row: `credit_entries#${text(r.entry_id)}`,
        detail:
          `balance_after is ${text(r.balance_after)} but the running sum is ${text(r.running)}` +
          (r.diverging === '1' ? '' : ` (first of ${text(r.diverging)} diverging entries of this account)`),
      },
    ],
  },
  {
    invariant: 'refund_links_usage',
    description: 'each refund reverses a usage entry of the same account, for the same amount',
    sql: `
      SELECT r.id::text AS entry_id, r.account_id::text, r.kind, r.amount::text, r.refund_of::text,
             u.id IS NOT NULL AS found, u.kind AS usage_kind, u.account_id::text AS usage_account,
             u.amount::text AS usage_amount
        FROM credit_entries r
        LEFT JOIN credit_entries u ON u.id = r.refund_of
       WHERE (r.kind = 'refund' OR r.refund_of IS NOT NULL) AND ${inScope('r.account_id')}
         AND (r.kind <> 'refund' OR u.id IS NULL OR u.kind <> 'usage' OR u.account_id <> r.account_id
              OR r.amount <> -u.amount)
       ORDER BY r.id`,
    toViolations: (r) => {
      const problems: string[] = [];
      if (r.kind !== 'refund') problems.push(`a ${text(r.kind)} entry carries refund_of ${text(r.refund_of)}`);
      else if (!r.found) problems.push(`refund_of ${text(r.refund_of)} names no entry`);
      else {
        if (r.usage_kind !== 'usage') problems.push(`refunds entry ${text(r.refund_of)} of kind ${text(r.usage_kind)}, not usage`);
        if (r.usage_account !== r.account_id) problems.push(`refunds entry ${text(r.refund_of)} of account ${text(r.usage_account)}`);
        if (BigInt(text(r.amount)) !== -BigInt(text(r.usage_amount))) {
          problems.push(`amount ${text(r.amount)} does not reverse entry ${text(r.refund_of)}'s ${text(r.usage_amount)}`);
        }
      }
      return [{ accountId: account(r), row: `credit_entries#${text(r.entry_id)}`, detail: problems.join('; ') }];
    },
  },
  {
    invariant: 'one_refund_per_usage',
    description: 'no usage entry is refunded twice',
    sql: `
      SELECT refund_of::text AS usage_id, min(account_id::text) AS account_id,
             string_agg(id::text, ', ' ORDER BY id) AS refunds
        FROM credit_entries
       WHERE refund_of IS NOT NULL AND ${inScope('account_id')}
       GROUP BY refund_of HAVING count(*) > 1
       ORDER BY refund_of`,
    toViolations: (r) => [{ accountId: account(r), row: `credit_entries#${text(r.usage_id)}`, detail: `refunded by entries ${text(r.refunds)}` }],
  },
  {
    invariant: 'grant_remaining_equals_allocations',
    description: "each grant's remaining equals the sum of its credit_allocations",
    sql: `
      SELECT g.id::text AS grant_id, g.account_id::text, g.remaining::text,
             coalesce(sum(al.credits), 0)::text AS allocated
        FROM credit_grants g LEFT JOIN credit_allocations al ON al.grant_id = g.id
       WHERE ${inScope('g.account_id')}
       GROUP BY g.id
      HAVING g.remaining <> coalesce(sum(al.credits), 0)
       ORDER BY g.id`,
    toViolations: (r) => [
      {
        accountId: account(r),
        row: `credit_grants#${text(r.grant_id)}`,
        detail: `remaining is ${text(r.remaining)} but its allocations sum to ${text(r.allocated)}`,
      },
    ],
  },
  {
    invariant: 'grant_remaining_within_credits',
    description: 'each grant has 0 <= remaining <= credits',
    sql: `
      SELECT id::text AS grant_id, account_id::text, remaining::text, credits::text
        FROM credit_grants
       WHERE (remaining < 0 OR remaining > credits) AND ${inScope('account_id')}
       ORDER BY id`,
    toViolations: (r) => [
      {
        accountId: account(r),
        row: `credit_grants#${text(r.grant_id)}`,
        detail: `remaining ${text(r.remaining)} is outside 0..${text(r.credits)}`,
      },
    ],
  },
  {
    invariant: 'entry_allocations_equal_amount',
    // Expiry entries included: like every movement, an expiry records the grant it takes from,
    // which keeps grant remaining = its allocations (docs/ledger.md).
    description: "each entry's allocations sum to its amount",
    sql: `
      SELECT e.id::text AS entry_id, e.account_id::text, e.kind, e.amount::text,
             coalesce(sum(al.credits), 0)::text AS allocated
        FROM credit_entries e LEFT JOIN credit_allocations al ON al.entry_id = e.id
       WHERE e.kind IN ('usage', 'refund', 'grant', 'adjustment', 'expiry') AND ${inScope('e.account_id')}
       GROUP BY e.id
      HAVING e.amount <> coalesce(sum(al.credits), 0)
       ORDER BY e.id`,
    toViolations: (r) => [
      {
        accountId: account(r),
        row: `credit_entries#${text(r.entry_id)}`,
        detail: `${text(r.kind)} of ${text(r.amount)} but its allocations sum to ${text(r.allocated)}`,
      },
    ],
  },
  {
    invariant: 'allocation_same_account',
    description: "allocations move credits only between an entry and its own account's grants",
    sql: `
      SELECT e.id::text AS entry_id, e.account_id::text, g.id::text AS grant_id, g.account_id::text AS grant_account
        FROM credit_allocations al
        JOIN credit_entries e ON e.id = al.entry_id
        JOIN credit_grants g ON g.id = al.grant_id
       WHERE e.account_id <> g.account_id AND (${inScope('e.account_id')} OR ${inScope('g.account_id')})
       ORDER BY e.id`,
    toViolations: (r) => [
      {
        accountId: account(r),
        row: `credit_entries#${text(r.entry_id)}`,
        detail: `allocated to grant ${text(r.grant_id)} of account ${text(r.grant_account)}`,
      },
    ],
  },
  {
    invariant: 'spendable_within_balance',
    description: 'spendable credits (scout_spendable) never exceed the balance',
    sql: `
      SELECT id::text AS account_id, balance::text, spendable::text
        FROM (SELECT id, balance, scout_spendable(id) AS spendable FROM accounts WHERE ${inScope('id')}) a
       WHERE spendable > balance
       ORDER BY id`,
    toViolations: (r) => [
      {
        accountId: account(r),
        row: `accounts#${text(r.account_id)}`,
        detail: `spendable ${text(r.spendable)} exceeds the balance ${text(r.balance)}`,
      },
    ],
  },
  {
    invariant: 'plan_period_grant',
    description: "each plan period was paid out as one 'plan' grant of the period's credits to the same account",
    sql: `
      SELECT p.id::text AS period_id, p.account_id::text, p.credits::text, g.kind, g.credits::text AS granted,
             g.account_id::text AS grant_account
        FROM plan_periods p LEFT JOIN credit_grants g ON g.id = p.grant_id
       WHERE ${inScope('p.account_id')}
         AND (g.id IS NULL OR g.kind <> 'plan' OR g.credits <> p.credits OR g.account_id <> p.account_id)
       ORDER BY p.id`,
    toViolations: (r) => [
      {
        accountId: account(r),
        row: `plan_periods#${text(r.period_id)}`,
        detail:
          r.kind === null
            ? 'its grant does not exist'
            : `period of ${text(r.credits)} credits paid by a ${text(r.kind)} grant of ${text(r.granted)} to account ${text(r.grant_account)}`,
      },
    ],
  },
  {
    invariant: 'plan_renewal_date',
    description: 'an account with a plan is in a period of that plan and renews when that period ends; one without renews never',
    sql: `
      SELECT a.id::text AS account_id, a.plan_id, a.plan_renews_at, p.plan_id AS period_plan, p.ends_at
        FROM accounts a
        LEFT JOIN LATERAL (SELECT plan_id, ends_at FROM plan_periods WHERE account_id = a.id ORDER BY id DESC LIMIT 1) p ON true
       WHERE ${inScope('a.id')}
         AND ((a.plan_id IS NULL AND a.plan_renews_at IS NOT NULL)
           OR (a.plan_id IS NOT NULL AND (p.plan_id IS DISTINCT FROM a.plan_id OR p.ends_at IS DISTINCT FROM a.plan_renews_at)))
       ORDER BY a.id`,
    toViolations: (r) => [
      {
        accountId: account(r),
        row: `accounts#${text(r.account_id)}`,
        detail:
          r.plan_id === null
            ? 'no plan but a renewal date'
            : r.period_plan === null
              ? `plan ${text(r.plan_id)} but no period`
              : `plan ${text(r.plan_id)} renewing at ${iso(r.plan_renews_at)}, but its latest period is ${text(r.period_plan)} ending ${iso(r.ends_at)}`,
      },
    ],
  },
  ...HOLD_CHECKS,
  {
    invariant: 'append_only_triggers',
    description:
      'enabled triggers refuse UPDATE, DELETE and TRUNCATE on the append-only tables (entries, allocations, plan changes and periods, the admin audit log, holds), and on holds UPDATE is only the pending -> posted|voided move',
    databaseWide: true,
    // Triggers belong to the whole database. tgtype bits: DELETE 8, UPDATE 16,
    // TRUNCATE 32. tgenabled: O and A fire in normal sessions, D is disabled, R fires only on replicas.
    sql: `
      SELECT t.tbl, op.name AS op,
             (SELECT string_agg(tg.tgname || ' (' || CASE tg.tgenabled WHEN 'D' THEN 'disabled'
                                  WHEN 'R' THEN 'replica only' ELSE 'enabled' END || ')', ', ' ORDER BY tg.tgname)
                FROM pg_trigger tg WHERE tg.tgrelid = to_regclass(t.tbl) AND NOT tg.tgisinternal) AS triggers
        FROM (VALUES ('credit_entries', 'scout_reject_ledger_rewrite'), ('credit_allocations', 'scout_reject_ledger_rewrite'),
                     ('plan_changes', 'scout_reject_ledger_rewrite'), ('plan_periods', 'scout_reject_ledger_rewrite'),
                     ('admin_audit_log', 'scout_reject_ledger_rewrite'), ('credit_holds', 'scout_guard_hold_transition')) t(tbl, update_guard)
        CROSS JOIN (VALUES ('UPDATE', 16), ('DELETE', 8), ('TRUNCATE', 32)) op(name, bit)
       WHERE NOT EXISTS (
               SELECT 1 FROM pg_trigger tg JOIN pg_proc p ON p.oid = tg.tgfoid
                WHERE tg.tgrelid = to_regclass(t.tbl)
                  AND p.proname = CASE op.name WHEN 'UPDATE' THEN t.update_guard ELSE 'scout_reject_ledger_rewrite' END
                  AND tg.tgenabled IN ('O', 'A') AND (tg.tgtype::int & op.bit) <> 0)
       ORDER BY t.tbl, op.bit DESC`,
    toViolations: (r) => [
      {
        accountId: null,
        row: `pg_trigger#${text(r.tbl)}`,
        detail: `no enabled trigger refuses ${text(r.op)} on ${text(r.tbl)} (triggers: ${r.triggers === null ? 'none' : text(r.triggers)})`,
      },
    ],
  },
];
