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

/**
 * The usage totals (UsageTotals migration) equal the rollups they sum: per account, tool and
 * channel, the four counts of its rollups over every day. A row of either side missing on the
 * other counts as zeros, as above.
 */
export const USAGE_TOTALS_CHECK: Check = {
  invariant: 'usage_totals_equal_rollups',
  description: 'each usage total (account, tool, channel) equals the sums of its usage rollups over every day',
  sql: `
    WITH summed AS (
      SELECT account_id, tool, channel, sum(calls) AS calls, sum(credits) AS credits,
             sum(refunded_calls) AS refunded_calls, sum(refunded_credits) AS refunded_credits
        FROM usage_rollups WHERE ${inScope('account_id')}
       GROUP BY 1, 2, 3
    ), totals AS (
      SELECT account_id, tool, channel, calls, credits, refunded_calls, refunded_credits
        FROM usage_totals WHERE ${inScope('account_id')}
    )
    SELECT coalesce(s.account_id, t.account_id)::text AS account_id, coalesce(s.tool, t.tool) AS tool, coalesce(s.channel, t.channel) AS channel,
           concat_ws('/', coalesce(s.calls, 0), coalesce(s.credits, 0), coalesce(s.refunded_calls, 0), coalesce(s.refunded_credits, 0)) AS rollups,
           concat_ws('/', coalesce(t.calls, 0), coalesce(t.credits, 0), coalesce(t.refunded_calls, 0), coalesce(t.refunded_credits, 0)) AS total
      FROM summed s
      FULL JOIN totals t ON t.account_id = s.account_id AND t.tool = s.tool AND t.channel = s.channel
     WHERE (coalesce(s.calls, 0), coalesce(s.credits, 0), coalesce(s.refunded_calls, 0), coalesce(s.refunded_credits, 0))
           IS DISTINCT FROM (coalesce(t.calls, 0), coalesce(t.credits, 0), coalesce(t.refunded_calls, 0), coalesce(t.refunded_credits, 0))
     ORDER BY 1, 2, 3`,
  toViolations: (r) => [
    {
      accountId: text(r.account_id),
      row: `usage_totals#${text(r.account_id)}/${text(r.tool)}/${text(r.channel)}`,
      detail: `the total says ${text(r.total)} (calls/credits/refunded calls/refunded credits) but the rollups sum to ${text(r.rollups)}`,
    },
  ],
};
