import { CALL_CHANNELS, type CallChannel } from '@scout/core';
import type { AccountStatus } from './entities';

/** Net usage of the calls of one UTC day. */
export interface DayUsage {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** Calls charged, less those refunded. */
  calls: number;
  /** Credits charged, less refunds. */
  credits: number;
}

/** Net usage of the calls of one tool. */
export interface ToolUsage {
  /** The tool's name. */
  tool: string;
  /** Calls charged, less those refunded. */
  calls: number;
  /** Credits charged, less refunds. */
  credits: number;
}

/** Net usage of the calls that came by one channel (REST or MCP). */
export interface ChannelUsage {
  /** rest (/api/v1/tools) or mcp (/mcp). */
  channel: CallChannel;
  /** Calls charged, less those refunded. */
  calls: number;
  /** Credits charged, less refunds. */
  credits: number;
}

export interface PeriodUsage {
  byTool: ToolUsage[];
  byDay: DayUsage[];
  byChannel: ChannelUsage[];
}

const DAY_MS = 86_400_000;

/** Midnight (UTC) of the day `at` falls in. */
const dayStart = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * How a period is read: its whole UTC days from the rollups, and the parts of a day at either
 * end (a period that starts or ends inside a day) from the entries themselves, so a read costs the
 * days in the period plus the entries of at most two partial days, never the whole ledger.
 */
export interface UsageReadPlan {
  /** Whole days read from the rollups, [from, to) as YYYY-MM-DD (null: unbounded); null: none. */
  days: { from: string | null; to: string | null } | null;
  /** Partial days read from the entries, each [from, to). */
  edges: Array<[Date, Date]>;
}

export function planUsageRead(from: Date | null, to: Date | null): UsageReadPlan {
  const firstWhole = from === null ? null : dayStart(from).getTime() === from.getTime() ? from : new Date(dayStart(from).getTime() + DAY_MS);
  const endWhole = to === null ? null : dayStart(to);
  if (from !== null && to !== null && firstWhole!.getTime() >= endWhole!.getTime()) {
    // No whole day inside: the period is at most two partial days.
    return { days: null, edges: from < to ? [[from, to]] : [] };
  }
  const edges: Array<[Date, Date]> = [];
  if (from !== null && from < firstWhole!) edges.push([from, firstWhole!]);
  if (to !== null && endWhole! < to) edges.push([endWhole!, to]);
  return { days: { from: firstWhole && isoDay(firstWhole), to: endWhole && isoDay(endWhole) }, edges };
}

interface GroupedRow {
  grouping: number;
  tool: string | null;
  day: string | null;
  channel: CallChannel | null;
  calls: string | number;
  credits: string | number;
}

/**
 * Net usage of the calls made in [from, to) (null: unbounded), per tool, per UTC day and per
 * channel: a refunded call counts zero on the day of the call, whenever it was refunded (as
 * billing.monthly_usage counts it), so the three lists add up to the same totals. byChannel lists
 * every channel, zeros included; the others list what had calls, a wholly refunded tool as zeros.
 */
/** What readUsage needs of a connection: TypeORM's DataSource, or a pg pool adapted to resolve to the rows. */
export interface UsageSql {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

export async function readUsage(db: UsageSql, accountId: string, from: Date | null, to: Date | null): Promise<PeriodUsage> {
  const plan = planUsageRead(from, to);
  // The (at most two) partial days are parameters of their own, not an array: PostgreSQL then plans
  // them from the statistics of those hours (no edge: a branch it drops), where from an array it
  // guessed a third of a large account's entries, and an estimate past jit_above_cost had every read
  // of that account compile its plan (about 14 ms of the server's CPU, issue 39's /me at 10 million entries).
  const [first, second] = plan.edges;
  const rows = (await db.query(
    `WITH calls AS (
       SELECT day, tool, channel, calls - refunded_calls AS calls, credits - refunded_credits AS credits
         FROM usage_rollups
        WHERE account_id = $1 AND $2::boolean AND calls > 0 AND ($3::date IS NULL OR day >= $3::date) AND ($4::date IS NULL OR day < $4::date)
       UNION ALL
       SELECT (u.created_at AT TIME ZONE 'UTC')::date, u.tool, u.channel,
              CASE WHEN r.id IS NULL THEN 1 ELSE 0 END, -u.amount - coalesce(r.amount, 0)
         FROM credit_entries u
         -- Each call's refund by the unique index on refund_of (LIMIT 1 keeps it a lookup per call), not
         -- a hash of every refund in the ledger.
         LEFT JOIN LATERAL (SELECT id, amount FROM credit_entries WHERE refund_of = u.id AND kind = 'refund' LIMIT 1) r ON true
        WHERE u.account_id = $1 AND u.kind = 'usage'
          AND ((u.created_at >= $5::timestamptz AND u.created_at < $6::timestamptz) OR (u.created_at >= $7::timestamptz AND u.created_at < $8::timestamptz))
     )
     SELECT GROUPING(tool, day, channel) AS grouping, tool, to_char(day, 'YYYY-MM-DD') AS day, channel,
            sum(calls)::bigint AS calls, sum(credits)::bigint AS credits
       FROM calls
      GROUP BY GROUPING SETS ((tool), (day), (channel))
      ORDER BY tool, day, channel`,
    [
      accountId,
      plan.days !== null,
      plan.days?.from ?? null,
      plan.days?.to ?? null,
      first?.[0].toISOString() ?? null,
      first?.[1].toISOString() ?? null,
      second?.[0].toISOString() ?? null,
      second?.[1].toISOString() ?? null,
    ],
  )) as GroupedRow[];
  // GROUPING() sets a bit for each column not grouped on: (tool) = 0b011, (day) = 0b101, (channel) = 0b110.
  const of = (grouping: number) => grouped(rows, grouping);
  const byTool = of(0b011).map(({ tool, calls, credits }) => ({ tool: tool!, calls, credits }));
  const byDay = of(0b101).map(({ day, calls, credits }) => ({ day: day!, calls, credits }));
  return { byTool, byDay, byChannel: everyChannel(of(0b110)) };
}

/** The rows of one grouping set (GROUPING() bits), their sums as numbers. */
function grouped(rows: GroupedRow[], grouping: number) {
  return rows.filter((r) => Number(r.grouping) === grouping).map((r) => ({ ...r, calls: Number(r.calls), credits: Number(r.credits) }));
}

/** Every channel's usage from the rows grouped by channel, a channel without a row as zeros. */
function everyChannel(rows: Array<{ channel: CallChannel | null; calls: number; credits: number }>): ChannelUsage[] {
  return CALL_CHANNELS.map((channel) => {
    const row = rows.find((r) => r.channel === channel);
    return { channel, calls: row?.calls ?? 0, credits: row?.credits ?? 0 };
  });
}

/** Net usage of an account's calls over its whole life (readAllTimeUsage). */
export type AllTimeUsage = Pick<PeriodUsage, 'byTool' | 'byChannel'>;

/**
 * Net usage of all the account's calls, per tool and per channel, from its usage totals (UsageTotals
 * migration: the rollups summed over every day, a few dozen rows), so it costs the same whatever the
 * account's history. As readUsage(null, null) counts it: byChannel lists every channel, zeros
 * included; byTool leaves out the tools with neither calls nor credits (a wholly refunded one).
 */
export async function readAllTimeUsage(db: UsageSql, accountId: string): Promise<AllTimeUsage> {
  const rows = (await db.query(
    `SELECT GROUPING(tool, channel) AS grouping, tool, channel,
            sum(calls - refunded_calls)::bigint AS calls, sum(credits - refunded_credits)::bigint AS credits
       FROM usage_totals
      WHERE account_id = $1
      GROUP BY GROUPING SETS ((tool), (channel))
      ORDER BY tool, channel`,
    [accountId],
  )) as GroupedRow[];
  // GROUPING(tool, channel): (tool) leaves channel out = 0b01; (channel) leaves tool out = 0b10.
  const of = (grouping: number) => grouped(rows, grouping);
  const byTool = of(0b01)
    .filter((r) => r.calls > 0 || r.credits > 0)
    .map(({ tool, calls, credits }) => ({ tool: tool!, calls, credits }));
  return { byTool, byChannel: everyChannel(of(0b10)) };
}

/** Net usage of every account's calls of one UTC day through one channel, or of one tool (readDailyUsageOfAll). */
export interface DailyUsageRow {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** Calls charged, less those refunded. */
  calls: number;
  /** Credits charged, less refunds. */
  credits: number;
}

export interface DailyUsageOfAll {
  /** Per day and channel: the days and channels with calls only. */
  byChannel: Array<DailyUsageRow & { channel: CallChannel }>;
  /** Per day and tool: the days and tools with calls only. */
  byTool: Array<DailyUsageRow & { tool: string }>;
}

/**
 * Net usage of every account's calls of the whole UTC days [fromDay, toDay) (YYYY-MM-DD), per day
 * and channel and per day and tool, summed from the rollups alone (by their index on day): a
 * refunded call counts zero on the day of the call, as readUsage counts it for one account, so the
 * figures of a day are the sum of every account's readUsage of that day.
 */
export async function readDailyUsageOfAll(db: UsageSql, fromDay: string, toDay: string): Promise<DailyUsageOfAll> {
  const rows = (await db.query(
    `SELECT GROUPING(channel, tool) AS grouping, to_char(day, 'YYYY-MM-DD') AS day, channel, tool,
            sum(calls - refunded_calls)::bigint AS calls, sum(credits - refunded_credits)::bigint AS credits
       FROM usage_rollups
      WHERE day >= $1::date AND day < $2::date AND calls > 0
      GROUP BY GROUPING SETS ((day, channel), (day, tool))
      ORDER BY day, channel, tool`,
    [fromDay, toDay],
  )) as GroupedRow[];
  // GROUPING(channel, tool): (day, channel) leaves tool out = 0b01; (day, tool) leaves channel out = 0b10.
  const of = (grouping: number) => rows.filter((r) => Number(r.grouping) === grouping);
  return {
    byChannel: of(0b01).map((r) => ({ day: r.day!, channel: r.channel!, calls: Number(r.calls), credits: Number(r.credits) })),
    byTool: of(0b10).map((r) => ({ day: r.day!, tool: r.tool!, calls: Number(r.calls), credits: Number(r.credits) })),
  };
}

/** One of the accounts that spent the most credits in a period (readTopAccounts). */
export interface TopAccountRow {
  accountId: string;
  name: string;
  planId: string | null;
  status: AccountStatus;
  /** Calls charged in the period, less those refunded. */
  calls: number;
  /** Credits charged in the period, less refunds. */
  credits: number;
}

/**
 * The `limit` accounts with the most net credits spent by calls of the whole UTC days
 * [fromDay, toDay), most first (ties: more calls, then account id), from the rollups; accounts that
 * spent nothing are left out.
 */
export async function readTopAccounts(db: UsageSql, fromDay: string, toDay: string, limit: number): Promise<TopAccountRow[]> {
  const rows = (await db.query(
    `WITH spent AS (
       SELECT account_id, sum(calls - refunded_calls)::bigint AS calls, sum(credits - refunded_credits)::bigint AS credits
         FROM usage_rollups
        WHERE day >= $1::date AND day < $2::date AND calls > 0
        GROUP BY account_id
       HAVING sum(credits - refunded_credits) > 0
        ORDER BY credits DESC, calls DESC, account_id
        LIMIT $3
     )
     SELECT s.account_id, a.name, a.plan_id, a.status, s.calls, s.credits
       FROM spent s JOIN accounts a ON a.id = s.account_id
      ORDER BY s.credits DESC, s.calls DESC, s.account_id`,
    [fromDay, toDay, limit],
  )) as Array<{ account_id: string; name: string; plan_id: string | null; status: AccountStatus; calls: string | number; credits: string | number }>;
  return rows.map((r) => ({
    accountId: r.account_id,
    name: r.name,
    planId: r.plan_id,
    status: r.status,
    calls: Number(r.calls),
    credits: Number(r.credits),
  }));
}
