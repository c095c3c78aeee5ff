import { Chart, type ChartSeries } from '../../components/chart';
import type { OverviewDay } from './types';

type Measure = 'calls' | 'credits';

/** One series per channel (rest, mcp) or per tool area, in the order the API lists them. */
function seriesBy(days: OverviewDay[], by: 'byChannel' | 'byArea', measure: Measure): ChartSeries[] {
  const names = (days[0]?.[by] ?? []).map((row) => ('channel' in row ? row.channel : row.area));
  return names.map((name) => ({
    name,
    values: days.map((d) => {
      const row = (d[by] as Array<{ channel?: string; area?: string; calls: number; credits: number }>).find((r) => (r.channel ?? r.area) === name);
      return row ? row[measure] : 0;
    }),
  }));
}

/** Every account's calls and credits per UTC day of the last 30, by channel and by tool area. */
export function OverviewCharts({ days }: { days: OverviewDay[] }) {
  const labels = days.map((d) => d.day);
  return (
    <>
      <Chart
        id="overview-calls-channel"
        kind="days"
        title="Calls per day by channel (REST, MCP)"
        labels={labels}
        series={seriesBy(days, 'byChannel', 'calls')}
      />
      <Chart
        id="overview-credits-channel"
        kind="days"
        title="Credits per day by channel (REST, MCP)"
        labels={labels}
        series={seriesBy(days, 'byChannel', 'credits')}
      />
      <Chart id="overview-calls-area" kind="days" title="Calls per day by tool area" labels={labels} series={seriesBy(days, 'byArea', 'calls')} />
      <Chart id="overview-credits-area" kind="days" title="Credits per day by tool area" labels={labels} series={seriesBy(days, 'byArea', 'credits')} />
    </>
  );
}
