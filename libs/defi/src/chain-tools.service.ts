import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import { AnswerParts, type Chain, CHAIN_IDS, CHAINS } from '@scout/upstream';
import { DEFILLAMA_CLIENT, DefiLlamaClient, type DailyPoint, type LlamaOverview } from '@scout/upstream';
import { ChainHealthInput, ChainRevenueInput, ChainTrendInput } from './defi-tools.dto';
import { ratio, sharePct } from './calc/ratio';
import { rankBy } from './calc/rank';
import { allTimeHigh, changesOverWindows, latestPoint, weeklySeries, type SeriesPoint } from './calc/series';
import { isLlamaChain } from './llama-chains';
import { overviewTotals, weekOverWeekOf } from './overview-figures';
import { isoFromUnix } from './time';
import type { ChainHealthData, ChainHealthRow, ChainRevenueData, ChainRevenueRow, ChainTrendData, WindowChanges } from './chain-answers';

function toSeries(points: DailyPoint[] | null): SeriesPoint[] {
  return (points ?? []).map((p) => ({ date: p.date, value: p.valueUsd }));
}

function windowChanges(series: SeriesPoint[]): WindowChanges {
  const c = changesOverWindows(series);
  return { change1dPct: c['1d'], change7dPct: c['7d'], change30dPct: c['30d'], change90dPct: c['90d'], change1yPct: c['1y'] };
}

function listNames(chains: Chain[]): string {
  return chains.map((c) => CHAIN_IDS[c].label).join(', ');
}

/** Chain-level DeFi tools: capital on each chain, its trend, and what its protocols earn. */
@Injectable()
export class ChainToolsService {
  constructor(@Inject(DEFILLAMA_CLIENT) private readonly llama: DefiLlamaClient) {}

  @Tool({
    name: 'service_chain_health',
    readsOnly: true,
    input: ChainHealthInput,
    summary: 'Per chain: TVL, total stablecoin supply, and stablecoin dollars per dollar locked in DeFi.',
    description:
      'Compares where capital sits. A high stablecoinsPerTvlDollar means dollars are parked on the chain rather than deployed in DeFi (dry powder); a low one means what is there is already at work. Chains DefiLlama does not list come back with null figures and a note.',
  })
  async chainHealth(input: ChainHealthInput): Promise<ToolResult<ChainHealthData>> {
    const chains = input.chains;
    const parts = new AnswerParts();
    const [tvls, stables] = await Promise.all([
      parts.run({ part: 'DefiLlama /v2/chains', affects: 'tvlUsd and stablecoinsPerTvlDollar' }, () => this.llama.chains()),
      parts.run({ part: 'DefiLlama /stablecoinchains', affects: 'stablecoinSupplyUsd and stablecoinsPerTvlDollar' }, () => this.llama.stablecoinChains()),
    ]);
    parts.assertAnswered();

    const noTvl: Chain[] = [];
    const noStables: Chain[] = [];
    const rows = chains.map((chain): ChainHealthRow => {
      const tvlEntry = tvls?.find((c) => isLlamaChain(c.name, chain));
      const stableEntry = stables?.find((c) => isLlamaChain(c.name, chain));
      if (tvls && !tvlEntry) noTvl.push(chain);
      if (stables && !stableEntry) noStables.push(chain);
      const tvlUsd = tvlEntry?.tvlUsd ?? null;
      const stablecoinSupplyUsd = stableEntry?.circulatingUsd ?? null;
      return {
        chain,
        label: CHAIN_IDS[chain].label,
        tvlUsd,
        stablecoinSupplyUsd,
        stablecoinsPerTvlDollar: ratio(stablecoinSupplyUsd, tvlUsd),
      };
    });
    if (noTvl.length) parts.note(`DefiLlama lists no TVL for ${listNames(noTvl)}: tvlUsd is null there.`);
    if (noStables.length) parts.note(`DefiLlama lists no stablecoin supply for ${listNames(noStables)}: stablecoinSupplyUsd is null there.`);
    return { data: { chains: rows }, notes: parts.resultNotes };
  }

  @Tool({
    name: 'service_chain_trend',
    readsOnly: true,
    input: ChainTrendInput,
    summary: 'TVL and stablecoin supply of a chain (or all DeFi): change over 1d/7d/30d/90d/1y, TVL all-time high, weekly series.',
    description:
      'Changes compare the latest daily value with the latest value at least that many days older; a window the history does not reach is null. The weekly series holds the last value of each ISO week (Monday to Sunday, UTC), ending with the current week.',
  })
  async chainTrend(input: ChainTrendInput): Promise<ToolResult<ChainTrendData>> {
    const chain = input.chain ?? null;
    const llamaName = chain ? CHAIN_IDS[chain].llamaName : undefined;
    const scope = chain ? CHAIN_IDS[chain].label : 'DeFi as a whole';
    const parts = new AnswerParts();
    const [tvlPoints, stablePoints] = await Promise.all([
      parts.run(
        {
          part: `DefiLlama /v2/historicalChainTvl${chain ? '/{chain}' : ''}`,
          affects: 'the tvl figures',
          notListedNote: `DefiLlama has no TVL history for ${scope}: the tvl figures are null.`,
        },
        () => this.llama.historicalChainTvl(llamaName),
      ),
      parts.run(
        {
          part: `DefiLlama /stablecoincharts/${chain ? '{chain}' : 'all'}`,
          affects: 'the stablecoin figures',
          notListedNote: `DefiLlama has no stablecoin history for ${scope}: the stablecoin figures are null.`,
        },
        () => this.llama.stablecoinCharts(llamaName),
      ),
    ]);
    parts.assertAnswered();
    if (tvlPoints && tvlPoints.length === 0) parts.note(`DefiLlama has no TVL history for ${scope}: the tvl figures are null.`);
    if (stablePoints && stablePoints.length === 0) {
      parts.note(`DefiLlama has no stablecoin history for ${scope}: the stablecoin figures are null.`);
    }

    const tvl = toSeries(tvlPoints);
    const stables = toSeries(stablePoints);
    const tvlLatest = latestPoint(tvl);
    const stablesLatest = latestPoint(stables);
    const high = allTimeHigh(tvl);
    const anchor = Math.max(tvlLatest?.date ?? 0, stablesLatest?.date ?? 0);
    const tvlWeeks = weeklySeries(tvl, input.weeks, anchor || undefined);
    const stableWeeks = weeklySeries(stables, input.weeks, anchor || undefined);

    return {
      data: {
        chain,
        scope,
        tvl: {
          currentUsd: tvlLatest?.value ?? null,
          asOf: tvlLatest ? isoFromUnix(tvlLatest.date) : null,
          ...windowChanges(tvl),
          allTimeHighUsd: high?.value ?? null,
          allTimeHighDate: high ? isoFromUnix(high.date) : null,
          belowAllTimeHighPct: high?.belowPct ?? null,
        },
        stablecoins: {
          currentSupplyUsd: stablesLatest?.value ?? null,
          asOf: stablesLatest ? isoFromUnix(stablesLatest.date) : null,
          ...windowChanges(stables),
        },
        weekly: tvlWeeks.map((week, i) => ({
          week: week.week,
          weekStart: week.weekStart,
          tvlUsd: week.value,
          stablecoinSupplyUsd: stableWeeks[i]?.value ?? null,
        })),
      },
      notes: parts.resultNotes,
    };
  }

  @Tool({
    name: 'service_chain_revenue',
    readsOnly: true,
    input: ChainRevenueInput,
    summary: 'Per chain: revenue 24h/7d/30d, fees 24h/30d, share of fees kept, week-over-week trend, share of all DeFi revenue, top earners.',
    description:
      "Revenue is what protocols keep of the fees users pay. Chains are ranked by 30-day revenue. shareOfFeesKept30dPct = revenue / fees over 30 days; shareOfAllDefiRevenue30dPct = the chain's 30-day revenue over all DeFi revenue. The trend compares the last 7 days of revenue with the 7 before: up or down beyond ±5%, flat within.",
  })
  async chainRevenue(input: ChainRevenueInput): Promise<ToolResult<ChainRevenueData>> {
    const chains = input.chain ? [input.chain] : [...CHAINS];
    const parts = new AnswerParts();
    const perChain = (chain: Chain, dataType: 'dailyRevenue' | 'dailyFees'): Promise<LlamaOverview | null> => {
      const label = CHAIN_IDS[chain].label;
      const what = dataType === 'dailyRevenue' ? 'revenue' : 'fees';
      return parts.run(
        {
          part: `DefiLlama /overview/fees/{chain}?dataType=${dataType} for ${label}`,
          affects: `${label}'s ${what} figures`,
          notListedNote: `DefiLlama lists no ${what} for ${label}: its ${what} figures are null.`,
        },
        () => this.llama.overview('fees', { chain: CHAIN_IDS[chain].llamaName, dataType }),
      );
    };
    const [allRevenue, revenues, fees] = await Promise.all([
      parts.run({ part: 'DefiLlama /overview/fees?dataType=dailyRevenue', affects: 'allDefiRevenue and shareOfAllDefiRevenue30dPct' }, () =>
        this.llama.overview('fees', { dataType: 'dailyRevenue' }),
      ),
      Promise.all(chains.map((chain) => perChain(chain, 'dailyRevenue'))),
      Promise.all(chains.map((chain) => perChain(chain, 'dailyFees'))),
    ]);
    parts.assertAnswered();

    const allTotals = allRevenue ? overviewTotals(allRevenue) : null;
    const rows = chains.map((chain, i): ChainRevenueRow => {
      const revenue = revenues[i] ? overviewTotals(revenues[i]) : null;
      const fee = fees[i] ? overviewTotals(fees[i]) : null;
      const revenue30d = revenue?.total30d ?? null;
      const move = revenue ? weekOverWeekOf(revenue) : { weekOverWeekPct: null, trend: null };
      return {
        chain,
        label: CHAIN_IDS[chain].label,
        revenue: { usd24h: revenue?.total24h ?? null, usd7d: revenue?.total7d ?? null, usd30d: revenue30d },
        fees: { usd24h: fee?.total24h ?? null, usd30d: fee?.total30d ?? null },
        shareOfFeesKept30dPct: sharePct(revenue30d, fee?.total30d ?? null),
        weekOverWeekPct: move.weekOverWeekPct,
        trend: move.trend,
        shareOfAllDefiRevenue30dPct: sharePct(revenue30d, allTotals?.total30d ?? null),
        topEarners: rankBy(revenues[i]?.protocols ?? [], (p) => p.total30d)
          .slice(0, input.top)
          .map((p) => ({
            name: p.name,
            displayName: p.displayName,
            slug: p.slug,
            category: p.category,
            revenue24hUsd: p.total24h,
            revenue30dUsd: p.total30d,
            shareOfChainRevenue30dPct: sharePct(p.total30d, revenue30d),
          })),
      };
    });
    return {
      data: {
        chains: rankBy(rows, (r) => r.revenue.usd30d),
        allDefiRevenue: { usd24h: allTotals?.total24h ?? null, usd30d: allTotals?.total30d ?? null },
      },
      notes: parts.resultNotes,
    };
  }
}
