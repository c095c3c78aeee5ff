import type { ChannelUsage, DayUsage, PeriodUsage, ToolUsage } from '@scout/ledger';

/** Net usage of a period (refunds deducted): GET /api/v1/admin/accounts/{id}/usage, and GET /api/v1/me/usage for the caller's own account. */
export interface AccountUsage {
  /** Start of the period, inclusive (ISO 8601). */
  from: string;
  /** End of the period, exclusive (ISO 8601). */
  to: string;
  /** The whole period. */
  total: {
    /** Calls charged, less those refunded. */
    calls: number;
    /** Credits charged, less refunds. */
    credits: number;
  };
  /** By tool, the tools called in the period only. */
  byTool: ToolUsage[];
  /** By UTC day, oldest first. */
  byDay: DayUsage[];
  /** By channel (rest, mcp), zeros included. */
  byChannel: ChannelUsage[];
}

/** A period's usage (LedgerService.usageInPeriod, the one read both usage routes make) as they answer it, with its total. */
export function accountUsageView(usage: PeriodUsage, from: Date, to: Date): AccountUsage {
  const total = usage.byTool.reduce((sum, t) => ({ calls: sum.calls + t.calls, credits: sum.credits + Number(t.credits) }), { calls: 0, credits: 0 });
  return { from: from.toISOString(), to: to.toISOString(), total, ...usage };
}
