import type { AccountUsage } from '@scout-api/client';
import { day } from '../format';
import { Chart } from './chart';

const DAY_MS = 86_400_000;

/** Every UTC day of the period [from, to) with its calls, the days without calls at zero. */
function everyDay(usage: AccountUsage): Array<{ day: string; calls: number }> {
  const calls = new Map(usage.byDay.map((d) => [d.day, d.calls]));
  const days: string[] = [];
  for (let at = Date.parse(`${day(usage.from)}T00:00:00Z`); at < Date.parse(usage.to); at += DAY_MS) days.push(day(new Date(at).toISOString()));
  for (const listed of calls.keys()) if (!days.includes(listed)) days.push(listed);
  return days.sort().map((d) => ({ day: d, calls: calls.get(d) ?? 0 }));
}

/**
 * The three charts of one account's usage in a period, as GET /api/v1/me/usage and the admin's
 * GET /api/v1/admin/accounts/:id/usage answer it: by tool and by channel (bars of calls; the
 * figures hold calls and credits), and calls by UTC day.
 */
export function UsageCharts({ usage }: { usage: AccountUsage }) {
  const days = everyDay(usage);
  return (
    <>
      <div class="chart-pair">
        <Chart
          id="usage-tool"
          title="Calls by tool"
          kind="bars"
          labels={usage.byTool.map((t) => t.tool)}
          series={[
            { name: 'calls', values: usage.byTool.map((t) => t.calls) },
            { name: 'credits', values: usage.byTool.map((t) => t.credits) },
          ]}
        />
        <Chart
          id="usage-channel"
          title="Calls by channel (REST or MCP)"
          kind="bars"
          labels={usage.byChannel.map((c) => c.channel)}
          series={[
            { name: 'calls', values: usage.byChannel.map((c) => c.calls) },
            { name: 'credits', values: usage.byChannel.map((c) => c.credits) },
          ]}
        />
      </div>
      <Chart
        id="usage-day"
        title="Calls by UTC day"
        kind="days"
        labels={days.map((d) => d.day)}
        series={[{ name: 'calls', values: days.map((d) => d.calls) }]}
      />
    </>
  );
}
