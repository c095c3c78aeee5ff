/**
 * The statements of the ledger-scale fill (bench/support/ledger-scale-fill.ts), in the order it runs
 * them, all inside one transaction. Staging tables are TEMP ... ON COMMIT DROP. Every id of the
 * ledger (holds, entries) is decided here before anything is written, in the order of time, so a
 * refund can name its usage entry and a usage entry its hold, and each account's entries come in
 * time order with balance_after their running sum. Parameters: see FILL_STEPS' comments.
 */

/** What the fill knows before it starts: sizes, the moment it fills up to, the tool mix. */
export const FILL_PARAMS = `
  CREATE TEMP TABLE sp ON COMMIT DROP AS
  SELECT $1::bigint AS entries, $2::int AS accounts, $3::int AS days, $4::bigint AS free_credits,
         date_trunc('second', now()) AS t_end, date_trunc('second', now()) - make_interval(days => $3::int) AS t_start,
         $5::text[] AS tools, $6::int[] AS costs, $7::boolean[] AS cached`;

/**
 * The fill's steps. Skew: account n calls in proportion to n^-0.8 (the first about 3.6 % of all
 * calls at 10,000 accounts, the median one about 0.004 %), its calls spread over its billing
 * windows (calendar months from the moment it picked its plan, or opened) by their length.
 */
export const FILL_STEPS: Array<{ what: string; sql: string }> = [
  {
    what: 'accounts',
    sql: `
      CREATE TEMP TABLE sa ON COMMIT DROP AS
      WITH a AS (
        SELECT n, gen_random_uuid() AS id, random() AS r1, random() AS r2, random() AS r3,
               (CASE WHEN n = 1 THEN 1 ELSE 0.5 + random() END * power(n, -0.8))::numeric(40, 30) AS weight
          FROM generate_series(1, (SELECT accounts FROM sp)) AS n
      ), c AS (SELECT a.*, sum(weight) OVER (ORDER BY n) AS cum, sum(weight) OVER () AS total FROM a)
      SELECT n, id, t_start - make_interval(days => 1, secs => r1 * 10 * 86400) AS created_at,
             CASE WHEN n <= greatest(1, accounts / 1000) THEN 'pro' WHEN r2 < 0.3 THEN 'starter' WHEN r2 < 0.45 THEN 'growth'
                  WHEN r2 < 0.52 THEN 'pro' END AS plan_id,
             CASE WHEN n > 100 AND r3 < 0.005 THEN 'suspended' ELSE 'active' END AS status,
             (floor(entries * cum / total) - floor(entries * (cum - weight) / total))::bigint AS calls
        FROM c, sp`,
  },
  {
    what: 'billing windows',
    sql: `
      CREATE TEMP TABLE sw ON COMMIT DROP AS
      WITH w AS (
        SELECT a.n, a.calls, k AS w, scout_period_boundary(a.created_at + interval '1 hour', k) AS starts_at,
               scout_period_boundary(a.created_at + interval '1 hour', k + 1) AS ends_at
          FROM sa a, sp, generate_series(0, ceil(sp.days / 28.0)::int + 1) AS k
      ), x AS (
        SELECT w.*, greatest(starts_at, t_start) AS lo, least(ends_at, t_end) AS hi,
               greatest(extract(epoch FROM least(ends_at, t_end) - greatest(starts_at, t_start)), 0)::numeric AS span
          FROM w, sp WHERE starts_at < t_end
      ), c AS (SELECT x.*, sum(span) OVER (PARTITION BY n ORDER BY w) AS cum, sum(span) OVER (PARTITION BY n) AS total FROM x)
      SELECT n, w, starts_at, ends_at, lo, hi, (floor(calls * cum / total) - floor(calls * (cum - span) / total))::bigint AS calls FROM c`,
  },
  {
    // About 1.1 % more calls than charged ones: voided holds (a tool error), and 0.1 % expired ones.
    // Cached tools (defi, prices) are charged directly three times in four; 30 % of calls come by MCP;
    // 0.4 % of charged calls are refunded, most within minutes, a few days later.
    what: 'calls',
    sql: `
      CREATE TEMP TABLE sc0 ON COMMIT DROP AS
      SELECT n, w, at, tool, cost, channel, outcome, at - make_interval(secs => 0.04 + 4 * r_lat * r_lat) AS hold_at,
             CASE WHEN outcome IN ('posted', 'direct') AND r_ref < 0.004 AND at + make_interval(secs => 60 + 259200 * r_delay ^ 4) < t_end
                  THEN at + make_interval(secs => 60 + 259200 * r_delay ^ 4) END AS refund_at
        FROM (SELECT g.n, g.w, g.at, sp.tools[ti] AS tool, sp.costs[ti] AS cost, CASE WHEN r_ch < 0.3 THEN 'mcp' ELSE 'rest' END AS channel,
                     CASE WHEN extra THEN CASE WHEN r_out < 0.09 THEN 'expired' ELSE 'voided' END
                          WHEN sp.cached[ti] AND r_out < 0.75 THEN 'direct' ELSE 'posted' END AS outcome, r_lat, r_ref, r_delay
                FROM (SELECT w.n, w.w, w.lo + (w.hi - w.lo) * random() AS at, 1 + floor(random() * cardinality(sp.tools))::int AS ti,
                             random() AS r_out, random() AS r_ch, random() AS r_lat, random() AS r_ref, random() AS r_delay, i > w.calls AS extra
                        FROM sw w, sp, generate_series(1, w.calls + floor(w.calls * 0.011 + random())::int) AS i
                       WHERE w.calls > 0) g, sp) o, sp`,
  },
  {
    // Hold ids in the order the holds were placed; which grant pays each charge: in each window the
    // free grant first (window 0), then the plan's grant, then a top-up bought when they ran out.
    what: 'hold ids and funding',
    sql: `
      CREATE TEMP TABLE sc ON COMMIT DROP AS
      SELECT s.*, CASE WHEN s.outcome IN ('posted', 'direct') THEN
               CASE WHEN s.w = 0 AND s.cum <= sp.free_credits THEN 'free' WHEN s.cum <= p.credits_per_month THEN 'plan' ELSE 'topup' END
             END AS funding, a.id AS account_id
        FROM (SELECT b.*,
                     CASE WHEN outcome <> 'direct' THEN $1::bigint + row_number() OVER (PARTITION BY outcome <> 'direct' ORDER BY hold_at, seq) END AS hold_id,
                     sum(cost) FILTER (WHERE outcome IN ('posted', 'direct')) OVER (PARTITION BY n, w ORDER BY at, seq ROWS UNBOUNDED PRECEDING) AS cum
                FROM (SELECT row_number() OVER () AS seq, * FROM sc0) b) s
        JOIN sa a USING (n) LEFT JOIN plans p ON p.id = a.plan_id, sp`,
  },
  { what: 'analyze staging', sql: `ANALYZE sc` },
  {
    // Grants: each account's free one when it opened, a plan grant per period, a top-up (in $10 blocks) per window that needed one.
    what: 'grants',
    sql: `
      CREATE TEMP TABLE sg ON COMMIT DROP AS
      WITH used AS (
        SELECT n, CASE WHEN funding = 'free' THEN 0 ELSE w END AS w, funding AS kind, sum(cost) AS used,
               coalesce(sum(cost) FILTER (WHERE refund_at IS NOT NULL), 0) AS refunded, min(at) AS first_at
          FROM sc WHERE funding IS NOT NULL GROUP BY 1, 2, 3
      ), g AS (
        SELECT a.n, 0 AS w, 'free' AS kind, a.created_at + interval '1 second' AS created_at, sp.free_credits AS credits,
               format('Free starting balance ($%s)', round(sp.free_credits / 12500.0, 2)) AS reason, 'system' AS actor
          FROM sa a, sp
        UNION ALL
        SELECT w.n, w.w, 'plan', w.starts_at, p.credits_per_month,
               format('%s plan, period %s to %s', p.name, to_char(w.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), to_char(w.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')),
               'system'
          FROM sw w JOIN sa a USING (n) JOIN plans p ON p.id = a.plan_id
        UNION ALL
        SELECT n, w, 'topup', first_at - interval '1 minute', (ceil(used / 125000.0) * 125000)::bigint, 'top-up', 'key:billing' FROM used WHERE kind = 'topup'
      )
      SELECT g.*, gen_random_uuid() AS id, g.credits - coalesce(u.used, 0) + coalesce(u.refunded, 0) AS remaining,
             row_number() OVER (ORDER BY g.created_at, g.n, g.kind) AS gseq
        FROM g LEFT JOIN used u USING (n, w, kind)`,
  },
  {
    // Every entry with its id ($1 + its place in time) and balance_after (the account's running sum).
    what: 'entries staging',
    sql: `
      CREATE TEMP TABLE se ON COMMIT DROP AS
      WITH ev AS (
        SELECT g.n, g.created_at AS at, 0 AS ko, g.gseq AS seq, 'grant' AS kind, g.credits AS amount, g.id AS grant_id, NULL::text AS tool,
               NULL::bigint AS hold_id, NULL::uuid AS charge_key, 'rest' AS channel, g.reason, g.actor, g.id AS paid_by, false AS refunded
          FROM sg g
        UNION ALL
        SELECT c.n, c.at, 1, c.seq, 'usage', -c.cost, NULL, c.tool, c.hold_id, CASE WHEN c.outcome = 'direct' THEN gen_random_uuid() END,
               c.channel, NULL, NULL, g.id, c.refund_at IS NOT NULL
          FROM sc c JOIN sg g ON g.n = c.n AND g.w = CASE WHEN c.funding = 'free' THEN 0 ELSE c.w END AND g.kind = c.funding
        UNION ALL
        SELECT c.n, c.refund_at, 2, c.seq, 'refund', c.cost, NULL, c.tool, NULL, NULL, c.channel, 'answer corrected after the call', 'key:support', g.id, false
          FROM sc c JOIN sg g ON g.n = c.n AND g.w = CASE WHEN c.funding = 'free' THEN 0 ELSE c.w END AND g.kind = c.funding
         WHERE c.refund_at IS NOT NULL
      )
      SELECT ev.*, $1::bigint + row_number() OVER (ORDER BY at, ko, seq) AS id,
             sum(amount) OVER (PARTITION BY n ORDER BY at, ko, seq ROWS UNBOUNDED PRECEDING) AS balance_after
        FROM ev`,
  },
  { what: 'analyze staging', sql: `ANALYZE se` },
  {
    what: 'refund links',
    sql: `CREATE TEMP TABLE sr ON COMMIT DROP AS SELECT r.id AS refund_id, u.id AS usage_id FROM se r JOIN se u ON u.seq = r.seq AND u.ko = 1 WHERE r.ko = 2`,
  },
  {
    what: 'insert accounts',
    sql: `
      INSERT INTO accounts (id, name, plan_id, status, balance, created_at, updated_at, plan_renews_at)
      SELECT a.id, 'scale account ' || lpad(a.n::text, 6, '0'), a.plan_id, a.status, 0, a.created_at, a.created_at,
             CASE WHEN a.plan_id IS NOT NULL THEN w.ends_at END
        FROM sa a JOIN (SELECT n, max(ends_at) AS ends_at FROM sw GROUP BY n) w USING (n) ORDER BY a.n`,
  },
  {
    what: 'insert grants',
    sql: `
      INSERT INTO credit_grants (id, account_id, kind, credits, remaining, expires_at, reason, actor, created_at)
      SELECT g.id, a.id, g.kind, g.credits, g.remaining, NULL, g.reason, g.actor, g.created_at FROM sg g JOIN sa a USING (n) ORDER BY g.gseq`,
  },
  {
    what: 'insert plan changes and periods',
    sql: `
      WITH pc AS (
        INSERT INTO plan_changes (account_id, from_plan, to_plan, effective_at, actor, reason, created_at)
        SELECT id, NULL, plan_id, created_at + interval '1 hour', 'system', 'plan picked when the account was opened', created_at + interval '1 hour'
          FROM sa WHERE plan_id IS NOT NULL ORDER BY created_at
        RETURNING id, account_id
      )
      INSERT INTO plan_periods (account_id, plan_id, change_id, period_index, starts_at, ends_at, price_usd, credits, grant_id, created_at)
      SELECT a.id, a.plan_id, pc.id, w.w, w.starts_at, w.ends_at, p.price_usd, p.credits_per_month, g.id, w.starts_at
        FROM sw w JOIN sa a USING (n) JOIN pc ON pc.account_id = a.id JOIN plans p ON p.id = a.plan_id
        JOIN sg g ON g.n = w.n AND g.w = w.w AND g.kind = 'plan'
       ORDER BY w.starts_at`,
  },
  {
    what: 'insert holds',
    sql: `
      INSERT INTO credit_holds (id, account_id, amount, tool, request_id, state, created_at, expires_at, resolved_at, void_reason, channel)
      OVERRIDING SYSTEM VALUE
      SELECT hold_id, account_id, cost, tool, 'req-' || seq, CASE WHEN outcome = 'posted' THEN 'posted' ELSE 'voided' END, hold_at,
             hold_at + interval '30 seconds', CASE WHEN outcome = 'expired' THEN hold_at + interval '40 seconds' ELSE at END,
             CASE outcome WHEN 'voided' THEN 'tool_error: the upstream answered 502' WHEN 'expired' THEN 'expired: never posted by its deadline' END,
             channel
        FROM sc WHERE hold_id IS NOT NULL ORDER BY hold_id`,
  },
  {
    what: 'insert entries',
    sql: `
      INSERT INTO credit_entries (id, account_id, kind, amount, balance_after, grant_id, tool, request_id, refund_of, reason, actor, created_at, hold_id, channel, charge_key)
      OVERRIDING SYSTEM VALUE
      SELECT e.id, a.id, e.kind, e.amount, e.balance_after, e.grant_id, e.tool, CASE WHEN e.ko > 0 THEN 'req-' || e.seq END, r.usage_id,
             e.reason, e.actor, e.at, e.hold_id, e.channel, e.charge_key
        FROM se e JOIN sa a USING (n) LEFT JOIN sr r ON r.refund_id = e.id ORDER BY e.id`,
  },
  { what: 'insert allocations', sql: `INSERT INTO credit_allocations (entry_id, grant_id, credits) SELECT id, paid_by, amount FROM se ORDER BY id` },
  {
    // One statement, so the rollups' statement trigger (UsageTotals) sums all of it into usage_totals once.
    what: 'usage rollups and totals',
    sql: `
      INSERT INTO usage_rollups (account_id, day, tool, channel, calls, credits, refunded_calls, refunded_credits)
      SELECT a.id, (e.at AT TIME ZONE 'UTC')::date, e.tool, e.channel, count(*), -sum(e.amount), count(*) FILTER (WHERE e.refunded),
             coalesce(-sum(e.amount) FILTER (WHERE e.refunded), 0)
        FROM se e JOIN sa a USING (n) WHERE e.ko = 1 GROUP BY 1, 2, 3, 4`,
  },
  {
    what: 'balances and sequences',
    sql: `
      WITH b AS (SELECT n, sum(amount) AS balance, max(at) AS last_at FROM se GROUP BY n)
      UPDATE accounts SET balance = b.balance, updated_at = greatest(accounts.updated_at, b.last_at) FROM b JOIN sa a USING (n) WHERE accounts.id = a.id`,
  },
];

/** After the inserts: the identity sequences carry on from the ids the fill chose. */
export const FILL_SEQUENCES = `
  SELECT setval(pg_get_serial_sequence('credit_entries', 'id'), (SELECT max(id) FROM credit_entries)),
         setval(pg_get_serial_sequence('credit_holds', 'id'), (SELECT coalesce(max(id), 1) FROM credit_holds))`;
