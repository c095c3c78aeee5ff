import { inScope, text, type Check } from './ledger-invariants';

/**
 * The usage rollups (UsageRollups migration) equal the entries they sum: per account, UTC day of
 * the call, tool and channel, the usage entries' calls and credits and their refunds'. A row of
 * either side missing on the other counts as zeros, so a rollup row left at zero is no violation.
 */
export const USAGE_ROLLUP_CHECK: Check = {
  invariant: 'usage_rollups_equal_entries',
  description: 'each usage rollup (account, UTC day, tool, channel) equals the sums of its usage entries and their refunds',
  sql: `
    WITH from_entries AS (
      SELECT u.account_id, (u.created_at AT TIME ZONE 'UTC')::date AS day, u.tool, u.channel,
             count(*) AS calls, -sum(u.amount) AS credits, count(r.id) AS refunded_calls, coalesce(sum(r.amount), 0) AS refunded_credits
        FROM credit_entries u LEFT JOIN credit_entries r ON r.refund_of = u.id AND r.kind = 'refund'
       WHERE u.kind = 'usage' AND ${inScope('u.account_id')}
       GROUP BY 1, 2, 3, 4
    ), rolled AS (
      SELECT account_id, day, tool, channel, calls, credits, refunded_calls, refunded_credits
        FROM usage_rollups WHERE ${inScope('account_id')}
    )
    SELECT coalesce(e.account_id, r.account_id)::text AS account_id, coalesce(e.day, r.day)::text AS day,
           coalesce(e.tool, r.tool) AS tool, coalesce(e.channel, r.channel) AS channel,
           concat_ws('/', coalesce(e.calls, 0), coalesce(e.credits, 0), coalesce(e.refunded_calls, 0), coalesce(e.refunded_credits, 0)) AS entries,
           concat_ws('/', coalesce(r.calls, 0), coalesce(r.credits, 0), coalesce(r.refunded_calls, 0), coalesce(r.refunded_credits, 0)) AS rollup
      FROM from_entries e
      FULL JOIN rolled r ON r.account_id = e.account_id AND r.day = e.day AND r.tool = e.tool AND r.channel = e.channel
     WHERE (coalesce(e.calls, 0), coalesce(e.credits, 0), coalesce(e.refunded_calls, 0), coalesce(e.refunded_credits, 0))
           IS DISTINCT FROM (coalesce(r.calls, 0), coalesce(r.credits, 0), coalesce(r.refunded_calls, 0), coalesce(r.refunded_credits, 0))
     ORDER BY 1, 2, 3, 4`,
  toViolations: (r) => [
    {
      accountId: text(r.account_id),
      row: `usage_rollups#${text(r.account_id)}/${text(r.day)}/${text(r.tool)}/${text(r.channel)}`,
      detail: `the rollup says ${text(r.rollup)} (calls/credits/refunded calls/refunded credits) but the entries sum to ${text(r.entries)}`,
    },
  ],
};
