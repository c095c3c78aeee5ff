import { CALL_CHANNELS, type CallChannel } from '@scout/core';

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
  const rows = (await db.query(
    `WITH calls AS (
       SELECT day, tool, channel, calls - refunded_calls AS calls, credits - refunded_credits AS credits
         FROM usage_rollups
        WHERE account_id = $1 AND $2::boolean AND calls > 0 AND ($3::date IS NULL OR day >= $3::date) AND ($4::date IS NULL OR day < $4::date)
       UNION ALL
       SELECT (u.created_at AT TIME ZONE 'UTC')::date, u.tool, u.channel,
              CASE WHEN r.id IS NULL THEN 1 ELSE 0 END, -u.amount - coalesce(r.amount, 0)
         FROM unnest($5::timestamptz[], $6::timestamptz[]) AS edge(f, t)
         JOIN credit_entries u ON u.account_id = $1 AND u.kind = 'usage' AND u.created_at >= edge.f AND u.created_at < edge.t
         LEFT JOIN credit_entries r ON r.refund_of = u.id AND r.kind = 'refund'
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
      plan.edges.map(([f]) => f.toISOString()),
      plan.edges.map(([, t]) => t.toISOString()),
    ],
  )) as GroupedRow[];
  // GROUPING() sets a bit for each column not grouped on: (tool) = 0b011, (day) = 0b101, (channel) = 0b110.
  const of = (grouping: number) =>
    rows.filter((r) => Number(r.grouping) === grouping).map((r) => ({ ...r, calls: Number(r.calls), credits: Number(r.credits) }));
  const byTool = of(0b011).map(({ tool, calls, credits }) => ({ tool: tool!, calls, credits }));
  const byDay = of(0b101).map(({ day, calls, credits }) => ({ day: day!, calls, credits }));
  const channels = of(0b110);
  const byChannel = CALL_CHANNELS.map((channel) => {
    const row = channels.find((r) => r.channel === channel);
    return { channel, calls: row?.calls ?? 0, credits: row?.credits ?? 0 };
  });
  return { byTool, byDay, byChannel };
}
