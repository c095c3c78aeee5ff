import type { MigrationInterface, QueryRunner } from 'typeorm';

const READER = 'scout_billing_reader';

/**
 * The channel of a tool call, `rest` (/api/v1/tools) or `mcp` (/mcp), on its hold and its ledger
 * entries: one balance, two ways in, and the billing team can tell them apart (docs/ledger.md).
 *
 * Invariants, beside those of the earlier ledger migrations:
 *  - credit_holds.channel and credit_entries.channel are 'rest' or 'mcp', never null; rows written
 *    before this migration are 'rest' (REST was the only way in), and so is every entry that is not
 *    a call (grants, adjustments, expiry): only usage and refund entries may be 'mcp';
 *  - a hold keeps the channel it was placed with (the transition trigger refuses a change);
 *  - the usage entry of a posted hold carries the hold's channel (scout_post copies it) and a
 *    refund the channel of the usage entry it reverses (scout_refund copies it); ledger:verify
 *    checks both.
 *
 * scout_post, scout_refund and the hold transition guard are rewritten in place from their own
 * definitions, as GrantOrder did: only the lines quoted in CHANNEL_EDITS change, and each must be
 * found exactly once. scout_hold and scout_hold_many take the channel as a new last parameter that
 * defaults to 'rest', so a process of the previous release keeps placing holds during a rolling
 * deploy (as REST calls, which is all it serves).
 */
export class CallChannel1764700000000 implements MigrationInterface {
  name = 'CallChannel1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE credit_holds ADD COLUMN channel text NOT NULL DEFAULT 'rest'
      CONSTRAINT ck_credit_holds_channel CHECK (channel IN ('rest', 'mcp'))`);
    await q.query(`ALTER TABLE credit_entries ADD COLUMN channel text NOT NULL DEFAULT 'rest'
      CONSTRAINT ck_credit_entries_channel CHECK (channel IN ('rest', 'mcp'))`);
    await q.query(`ALTER TABLE credit_entries ADD CONSTRAINT ck_credit_entries_channel_call CHECK (channel = 'rest' OR kind IN ('usage', 'refund'))`);

    for (const [fn, edits] of Object.entries(CHANNEL_EDITS)) await rewriteFunction(q, fn, edits);

    await q.query(`DROP FUNCTION scout_hold_many(uuid[], bigint[], text[], text[], integer[])`);
    await q.query(`DROP FUNCTION scout_hold(uuid, bigint, text, text, integer)`);
    await q.query(scoutHold(true));
    await q.query(scoutHoldMany(true));

    for (const view of Object.values(CHANNEL_VIEWS)) {
      await q.query(`CREATE OR REPLACE VIEW ${view.name} AS ${view.sql(true)}`);
      await q.query(`COMMENT ON VIEW ${view.name} IS '${view.comment(true)}'`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    // CREATE OR REPLACE cannot drop a column: each view is rebuilt as it was, with its grant.
    for (const view of Object.values(CHANNEL_VIEWS)) {
      await q.query(`DROP VIEW ${view.name}`);
      await q.query(`CREATE VIEW ${view.name} AS ${view.sql(false)}`);
      await q.query(`COMMENT ON VIEW ${view.name} IS '${view.comment(false)}'`);
      await q.query(`GRANT SELECT ON ${view.name} TO ${READER}`);
    }

    await q.query(`DROP FUNCTION scout_hold_many(uuid[], bigint[], text[], text[], integer[], text[])`);
    await q.query(`DROP FUNCTION scout_hold(uuid, bigint, text, text, integer, text)`);
    await q.query(scoutHold(false));
    await q.query(scoutHoldMany(false));

    for (const [fn, edits] of Object.entries(CHANNEL_EDITS)) {
      const undo = edits.map(([before, after]): Edit => [after, before]);
      await rewriteFunction(q, fn, undo);
    }

    await q.query(`ALTER TABLE credit_entries DROP CONSTRAINT ck_credit_entries_channel_call`);
    await q.query(`ALTER TABLE credit_entries DROP COLUMN channel`);
    await q.query(`ALTER TABLE credit_holds DROP COLUMN channel`);
  }
}

type Edit = [before: string, after: string];

/** The only text that changes in the functions rewritten in place (before, after). */
const CHANNEL_EDITS: Record<string, Edit[]> = {
  // The usage entry of a posted hold is written with the hold's channel.
  scout_post: [
    ['(account_id, kind, amount, balance_after, tool, request_id, hold_id)', '(account_id, kind, amount, balance_after, tool, request_id, hold_id, channel)'],
    [
      "(h.account_id, 'usage', -h.amount, v_balance, h.tool, h.request_id, h.id)",
      "(h.account_id, 'usage', -h.amount, v_balance, h.tool, h.request_id, h.id, h.channel)",
    ],
  ],
  // A refund belongs to the channel of the call it reverses.
  scout_refund: [
    [
      '(account_id, kind, amount, balance_after, tool, request_id, refund_of, reason)',
      '(account_id, kind, amount, balance_after, tool, request_id, refund_of, reason, channel)',
    ],
    [
      "(u.account_id, 'refund', -u.amount, v_balance, u.tool, u.request_id, u.id, p_reason)",
      "(u.account_id, 'refund', -u.amount, v_balance, u.tool, u.request_id, u.id, p_reason, u.channel)",
    ],
  ],
  // Posting or voiding a hold never changes its channel.
  scout_guard_hold_transition: [
    [
      '(NEW.id, NEW.account_id, NEW.amount, NEW.tool, NEW.request_id, NEW.created_at, NEW.expires_at)',
      '(NEW.id, NEW.account_id, NEW.amount, NEW.tool, NEW.request_id, NEW.created_at, NEW.expires_at, NEW.channel)',
    ],
    [
      '(OLD.id, OLD.account_id, OLD.amount, OLD.tool, OLD.request_id, OLD.created_at, OLD.expires_at)',
      '(OLD.id, OLD.account_id, OLD.amount, OLD.tool, OLD.request_id, OLD.created_at, OLD.expires_at, OLD.channel)',
    ],
  ],
};

/** Re-creates one public function from its current definition with each edit applied exactly once. */
async function rewriteFunction(q: QueryRunner, name: string, edits: Edit[]): Promise<void> {
  const rows = (await q.query(
    `SELECT pg_get_functiondef(p.oid) AS def FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND p.proname = $1`,
    [name],
  )) as { def: string }[];
  if (rows.length !== 1) throw new Error(`expected one function ${name}, found ${rows.length}`);
  let def = rows[0].def;
  for (const [before, after] of edits) {
    const found = def.split(before).length - 1;
    if (found !== 1) throw new Error(`${name}: expected "${before}" once in its definition, found it ${found} times`);
    def = def.split(before).join(after);
  }
  await q.query(def);
}

/** scout_hold of the CreditHolds migration, with the channel as its last parameter when `channel`. */
function scoutHold(channel: boolean): string {
  return `
    CREATE FUNCTION scout_hold(p_account uuid, p_amount bigint, p_tool text, p_request_id text, p_ttl_ms integer${channel ? `, p_channel text DEFAULT 'rest'` : ''})
    RETURNS TABLE (hold_id bigint, remaining bigint, status text, expires_at timestamptz) LANGUAGE plpgsql AS $$
    #variable_conflict use_column
    DECLARE
      v_status text;
      v_until timestamptz;
      v_spendable bigint;
      v_hold bigint;
    BEGIN
      IF p_amount <= 0 OR p_ttl_ms <= 0 THEN
        RAISE EXCEPTION 'scout_hold: bad amount % or ttl %', p_amount, p_ttl_ms;
      END IF;
      SELECT a.status INTO v_status FROM accounts a WHERE a.id = p_account FOR UPDATE;
      IF NOT FOUND THEN
        RETURN QUERY SELECT NULL::bigint, NULL::bigint, 'no_account'::text, NULL::timestamptz; RETURN;
      END IF;
      IF v_status <> 'active' THEN
        RETURN QUERY SELECT NULL::bigint, scout_spendable(p_account), 'suspended'::text, NULL::timestamptz; RETURN;
      END IF;
      v_until := now() + make_interval(secs => p_ttl_ms / 1000.0);
      v_spendable := scout_spendable_until(p_account, v_until);
      IF v_spendable < p_amount THEN
        RETURN QUERY SELECT NULL::bigint, greatest(v_spendable, 0), 'insufficient'::text, NULL::timestamptz; RETURN;
      END IF;
      INSERT INTO credit_holds (account_id, amount, tool, request_id, expires_at${channel ? ', channel' : ''})
        VALUES (p_account, p_amount, p_tool, p_request_id, v_until${channel ? ', p_channel' : ''})
        RETURNING id INTO v_hold;
      RETURN QUERY SELECT v_hold, scout_spendable(p_account), 'ok'::text, v_until;
    END $$`;
}

/**
 * scout_hold_many of the CreditHolds migration; with `channel`, p_channels is parallel to the
 * other arrays (null, or a null element: 'rest').
 */
function scoutHoldMany(channel: boolean): string {
  return `
    CREATE FUNCTION scout_hold_many(p_accounts uuid[], p_amounts bigint[], p_tools text[], p_request_ids text[], p_ttls_ms integer[]${channel ? ', p_channels text[] DEFAULT NULL' : ''})
    RETURNS TABLE (ord bigint, hold_id bigint, remaining bigint, status text, expires_at timestamptz) LANGUAGE plpgsql AS $$
    #variable_conflict use_column
    DECLARE
      i record;
      r record;
    BEGIN
      FOR i IN
        SELECT u.account, u.n FROM unnest(p_accounts) WITH ORDINALITY AS u(account, n) ORDER BY u.account, u.n
      LOOP
        SELECT * INTO r FROM scout_hold(i.account, p_amounts[i.n], p_tools[i.n], p_request_ids[i.n], p_ttls_ms[i.n]${channel ? `, coalesce(p_channels[i.n], 'rest')` : ''});
        RETURN QUERY SELECT i.n, r.hold_id, r.remaining, r.status, r.expires_at;
      END LOOP;
    END $$`;
}

export interface BillingView {
  name: string;
  /** The view's query, with the channel columns (appended last) when `channel`. */
  sql(channel: boolean): string;
  comment(channel: boolean): string;
}

/** Net calls and credits of one channel's usage entries (u) less their refunds (r), as monthly_usage counts them. */
const netOf = (channel: string) => `
             (count(*) FILTER (WHERE u.channel = '${channel}') - count(r.id) FILTER (WHERE u.channel = '${channel}'))::bigint AS ${channel}_calls,
             (-coalesce(sum(u.amount) FILTER (WHERE u.channel = '${channel}'), 0)
               - coalesce(sum(r.amount) FILTER (WHERE u.channel = '${channel}'), 0))::bigint AS ${channel}_credits`;

/** The billing views that gain the channel, as the earlier migrations left them plus the channel. */
export const CHANNEL_VIEWS: Record<string, BillingView> = {
  // Keeps one row per month, account and tool (queries written against it stay right); the
  // channel split is four more columns, rest_* + mcp_* = the net totals.
  monthlyUsage: {
    name: 'billing.monthly_usage',
    sql: (channel) => `
      SELECT date_trunc('month', u.created_at AT TIME ZONE 'UTC')::date AS month,
             u.account_id,
             u.tool,
             (count(*) - count(r.id))::bigint AS calls,
             (-sum(u.amount) - coalesce(sum(r.amount), 0))::bigint AS credits,
             count(*)::bigint AS gross_calls,
             (-sum(u.amount))::bigint AS gross_credits,
             count(r.id)::bigint AS refunded_calls,
             coalesce(sum(r.amount), 0)::bigint AS refunded_credits${channel ? `,${netOf('rest')},${netOf('mcp')}` : ''}
        FROM credit_entries u
        LEFT JOIN credit_entries r ON r.refund_of = u.id AND r.kind = 'refund'
       WHERE u.kind = 'usage'
       GROUP BY 1, 2, 3`,
    comment: (channel) =>
      channel
        ? 'Calls and credits per UTC month, account and tool; net columns deduct refunds, counted in the month of the refunded call; rest_* and mcp_* split the net columns by the channel of the call'
        : 'Calls and credits per UTC month, account and tool; net columns deduct refunds, counted in the month of the refunded call',
  },
  refunds: {
    name: 'billing.refunds',
    sql: (channel) => `
      SELECT r.id AS refund_entry_id,
             u.id AS usage_entry_id,
             r.account_id,
             u.tool,
             r.amount AS credits,
             u.request_id,
             r.reason,
             u.created_at AS charged_at,
             r.created_at AS refunded_at,
             r.created_at - u.created_at AS delay${channel ? ',\n             u.channel' : ''}
        FROM credit_entries r
        JOIN credit_entries u ON u.id = r.refund_of
       WHERE r.kind = 'refund'`,
    comment: (channel) =>
      'One row per refunded call: the refund entry, the usage entry it reverses, and how long after the charge it came' +
      (channel ? '; channel is the channel of the call (rest or mcp)' : ''),
  },
  ledgerEntries: {
    name: 'billing.ledger_entries',
    sql: (channel) => `
      SELECT id AS entry_id, account_id, kind, amount, balance_after, grant_id, tool, request_id,
             refund_of, reason, actor, created_at, hold_id${channel ? ', channel' : ''}
        FROM credit_entries`,
    comment: (channel) =>
      'Every append-only ledger entry, as written' + (channel ? '; channel is rest or mcp for calls (usage, refund), rest for every other entry' : ''),
  },
  holds: {
    name: 'billing.holds',
    sql: (channel) => `
      SELECT h.id AS hold_id,
             h.account_id,
             h.tool,
             h.amount,
             CASE WHEN h.state = 'pending' AND h.expires_at <= now() THEN 'expired' ELSE h.state END AS state,
             h.request_id,
             e.id AS usage_entry_id,
             h.created_at,
             h.expires_at,
             h.resolved_at,
             h.void_reason${channel ? ',\n             h.channel' : ''}
        FROM credit_holds h
        LEFT JOIN credit_entries e ON e.hold_id = h.id`,
    comment: (channel) =>
      'One row per tool call hold: pending (set aside), posted (charged by usage_entry_id), voided (charged nothing), expired (past its deadline, not yet swept: charges nothing)' +
      (channel ? '; channel is how the call came (rest or mcp)' : ''),
  },
};
