/**
 * The ledger invariants of a call's hold and channel (docs/architecture.md section 5): each hold
 * settled by its deadline and charged once by its post, and a call's channel kept by its usage
 * entry and its refund.
 */
import { account, inScope, iso, text, type Check } from './ledger-check';

/**
 * How long a hold may stay pending past its deadline before that is a violation: the sweep runs
 * every 15 s, so two minutes leaves room for a slow or restarted worker. (An expired pending hold
 * charges nothing either way; this catches a sweep that stopped.)
 */
export const HOLD_SWEEP_GRACE_SECONDS = 120;

export const HOLD_CHECKS: Check[] = [
  {
    invariant: 'hold_resolved_by_deadline',
    description: `no hold is still pending ${HOLD_SWEEP_GRACE_SECONDS} s past its deadline (the sweep records expired holds as voided)`,
    sql: `
      SELECT id::text AS hold_id, account_id::text, expires_at
        FROM credit_holds
       WHERE state = 'pending' AND expires_at < now() - make_interval(secs => ${HOLD_SWEEP_GRACE_SECONDS}) AND ${inScope('account_id')}
       ORDER BY id`,
    toViolations: (r) => [{ accountId: account(r), row: `credit_holds#${text(r.hold_id)}`, detail: `pending, deadline was ${iso(r.expires_at)}` }],
  },
  {
    invariant: 'posted_hold_one_usage',
    description: "each posted hold has exactly one usage entry, for the hold's amount, account and tool",
    sql: `
      SELECT h.id::text AS hold_id, h.account_id::text, h.amount::text, h.tool,
             count(e.id)::text AS entries, string_agg(e.id::text || ':' || e.amount || ':' || e.account_id || ':' || coalesce(e.tool, ''), ', ') AS found
        FROM credit_holds h LEFT JOIN credit_entries e ON e.hold_id = h.id
       WHERE h.state = 'posted' AND ${inScope('h.account_id')}
       GROUP BY h.id
      HAVING count(e.id) <> 1 OR bool_or(e.amount <> -h.amount OR e.account_id <> h.account_id OR e.tool IS DISTINCT FROM h.tool)
       ORDER BY h.id`,
    toViolations: (r) => [
      {
        accountId: account(r),
        row: `credit_holds#${text(r.hold_id)}`,
        detail:
          r.entries === '0'
            ? `posted for ${text(r.amount)} credits but no usage entry names it`
            : `posted for ${text(r.amount)} credits of ${text(r.tool)}, but its entries (id:amount:account:tool) are ${text(r.found)}`,
      },
    ],
  },
  {
    invariant: 'unposted_hold_charges_nothing',
    description: 'a pending or voided hold has no ledger entry: it charged nothing',
    sql: `
      SELECT h.id::text AS hold_id, h.account_id::text, h.state, string_agg(e.id::text, ', ' ORDER BY e.id) AS entries
        FROM credit_holds h JOIN credit_entries e ON e.hold_id = h.id
       WHERE h.state <> 'posted' AND ${inScope('h.account_id')}
       GROUP BY h.id
       ORDER BY h.id`,
    toViolations: (r) => [
      { accountId: account(r), row: `credit_holds#${text(r.hold_id)}`, detail: `${text(r.state)} but charged by entries ${text(r.entries)}` },
    ],
  },
  {
    invariant: 'usage_channel_matches_hold',
    description: "each usage entry of a call has its hold's channel (rest or mcp)",
    sql: `
      SELECT e.id::text AS entry_id, e.account_id::text, e.channel, h.id::text AS hold_id, h.channel AS hold_channel
        FROM credit_entries e JOIN credit_holds h ON h.id = e.hold_id
       WHERE e.channel <> h.channel AND ${inScope('e.account_id')}
       ORDER BY e.id`,
    toViolations: (r) => [
      {
        accountId: account(r),
        row: `credit_entries#${text(r.entry_id)}`,
        detail: `channel ${text(r.channel)} but its hold ${text(r.hold_id)} came by ${text(r.hold_channel)}`,
      },
    ],
  },
  {
    invariant: 'refund_channel_matches_usage',
    description: 'each refund has the channel of the usage entry it reverses',
    sql: `
      SELECT r.id::text AS entry_id, r.account_id::text, r.channel, u.id::text AS usage_id, u.channel AS usage_channel
        FROM credit_entries r JOIN credit_entries u ON u.id = r.refund_of
       WHERE r.kind = 'refund' AND r.channel <> u.channel AND ${inScope('r.account_id')}
       ORDER BY r.id`,
    toViolations: (r) => [
      {
        accountId: account(r),
        row: `credit_entries#${text(r.entry_id)}`,
        detail: `channel ${text(r.channel)} but the usage entry ${text(r.usage_id)} it refunds is ${text(r.usage_channel)}`,
      },
    ],
  },
];
