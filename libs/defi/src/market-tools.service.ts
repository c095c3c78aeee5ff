import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import { AnswerParts, type Chain, CHAIN_IDS } from '@scout/upstream';
import { DEFILLAMA_CLIENT, DefiLlamaClient, type LlamaStablecoin, type PegSupply } from '@scout/upstream';
import { DexVolumesInput, PerpsOpenInterestInput, StablecoinsInput, TokenYieldsInput } from './defi-tools.dto';
import { netChange, netChangeOfTotals, pctChange, pctChangeOfTotals } from './calc/change';
import { PEG_BAND_PCT, pegStatus, pegUnitsToUsd } from './calc/peg';
import { rankBy } from './calc/rank';
import { sharePct, sumKnown } from './calc/ratio';
import { byLlamaChain, isLlamaChain } from './llama-chains';
import { dayOverDayPct, levelChanges, overviewTotals, weekOverWeekOf } from './overview-figures';
import { containsText } from './protocol-match';
import type { DexVolumesData, PerpsOpenInterestData, StablecoinRow, StablecoinsData, TokenYieldsData } from './market-answers';

interface SupplyUsd {
  current: number | null;
  prevDay: number | null;
  prevWeek: number | null;
  prevMonth: number | null;
}

function supplyUsd(coin: LlamaStablecoin, supply: PegSupply): SupplyUsd {
  const usd = (units: number | null) => pegUnitsToUsd(units, coin.pegType, coin.priceUsd);
  return { current: usd(supply.current), prevDay: usd(supply.prevDay), prevWeek: usd(supply.prevWeek), prevMonth: usd(supply.prevMonth) };
}

/** Market-wide DeFi tools: yields, DEX volume, open interest, stablecoins. */
@Injectable()
export class MarketToolsService {
  constructor(@Inject(DEFILLAMA_CLIENT) private readonly llama: DefiLlamaClient) {}

  @Tool({
    name: 'service_token_yields',
    readsOnly: true,
    input: TokenYieldsInput,
    summary: 'Pools holding a token: APY split into base and reward, 7-day APY move, pool size, impermanent-loss flag. Ranked by pool size.',
    description:
      'Ranked by TVL, not APY: the highest rates usually sit in tiny pools or in rewards about to end. symbol matches any pool symbol containing it (SOL matches SOL-USDC and JITOSOL). matched counts every pool passing the filters; showing counts those returned.',
  })
  async tokenYields(input: TokenYieldsInput): Promise<ToolResult<TokenYieldsData>> {
    const pools = await this.llama.yieldPools();
    const symbol = input.symbol?.trim().toUpperCase();
    const chain = input.chain;
    const matched = pools.filter(
      (p) =>
        p.tvlUsd >= input.minTvlUsd &&
        (!chain || isLlamaChain(p.chain, chain)) &&
        (!symbol || p.symbol.toUpperCase().includes(symbol)) &&
        (!input.stablesOnly || p.stablecoin === true),
    );
    const shown = rankBy(matched, (p) => p.tvlUsd).slice(0, input.limit);
    const notes: string[] = [];
    if (matched.length === 0) {
      notes.push(`No pool of at least $${input.minTvlUsd.toLocaleString('en-US')} matches these filters on DefiLlama.`);
    }
    return {
      data: {
        matched: matched.length,
        showing: shown.length,
        pools: shown.map((p) => ({
          poolId: p.poolId,
          project: p.project,
          chain: p.chain,
          symbol: p.symbol,
          tvlUsd: p.tvlUsd,
          apy: p.apy,
          apyBase: p.apyBase,
          apyReward: p.apyReward,
          apyChange7dPct: p.apyPct7D,
          exposure: p.exposure,
          impermanentLossRisk: p.ilRisk,
          isStablecoin: p.stablecoin,
          poolMeta: p.poolMeta,
        })),
      },
      notes: notes.length ? notes : undefined,
    };
  }

  @Tool({
    name: 'service_dex_volumes',
    readsOnly: true,
    input: DexVolumesInput,
    summary: 'DEX volume over 24h, 7d and 30d with day-over-day and week-over-week change; per DEX its volume, share of the day and trend.',
    description:
      "Ranked by 24-hour volume. shareOfDayPct = the DEX's 24-hour volume over all DEX volume in scope. Day over day compares the last 24 hours with the 24 before; week over week the last 7 days with the 7 before, and the trend is up or down beyond ±5%, flat within.",
  })
  async dexVolumes(input: DexVolumesInput): Promise<ToolResult<DexVolumesData>> {
    const chain: Chain | undefined = input.chain;
    const label = chain ? CHAIN_IDS[chain].label : null;
    const parts = new AnswerParts();
    const overview = await parts.run(
      {
        part: `DefiLlama /overview/dexs${chain ? '/{chain}' : ''}`,
        affects: 'the volumes',
        notListedNote: label ? `DefiLlama lists no DEX volume for ${label}: the volumes are null.` : undefined,
      },
      () => this.llama.overview('dexs', { chain: chain ? CHAIN_IDS[chain].llamaName : undefined }),
    );
    parts.assertAnswered();

    const totals = overview ? overviewTotals(overview) : null;
    const week = totals ? weekOverWeekOf(totals) : { weekOverWeekPct: null, trend: null };
    const matched = (overview?.protocols ?? []).filter((p) => !input.query || containsText(input.query, p.name, p.displayName, p.slug));
    const shown = rankBy(matched, (p) => p.total24h).slice(0, input.limit);
    return {
      data: {
        chain: chain ?? null,
        totals: {
          volume24hUsd: totals?.total24h ?? null,
          volume7dUsd: totals?.total7d ?? null,
          volume30dUsd: totals?.total30d ?? null,
          dayOverDayPct: totals ? dayOverDayPct(totals) : null,
          weekOverWeekPct: week.weekOverWeekPct,
          trend: week.trend,
        },
        matched: matched.length,
        showing: shown.length,
        dexes: shown.map((p) => ({
          name: p.name,
          displayName: p.displayName,
          slug: p.slug,
          category: p.category,
          chains: p.chains,
          volume24hUsd: p.total24h,
          volume7dUsd: p.total7d,
          volume30dUsd: p.total30d,
          dayOverDayPct: dayOverDayPct(p),
          shareOfDayPct: sharePct(p.total24h, totals?.total24h ?? null),
          ...weekOverWeekOf(p),
        })),
      },
      notes: parts.resultNotes,
    };
  }

  @Tool({
    name: 'service_perps_open_interest',
    readsOnly: true,
    input: PerpsOpenInterestInput,
    summary: 'Open interest of perpetual, options and prediction-market venues, with its change over a day, a week and a month.',
    description:
      "Open interest is the value of positions open at the end of the day. Changes compare it with 1, 7 and 30 days earlier. With a chain, the venues running on that chain are kept and their totals summed; a venue's figures are venue-wide.",
  })
  async perpsOpenInterest(input: PerpsOpenInterestInput): Promise<ToolResult<PerpsOpenInterestData>> {
    const overview = await this.llama.overview('open-interest');
    const chain = input.chain;
    const venues = overview.protocols.filter((p) => !chain || p.chains.some((c) => isLlamaChain(c, chain)));
    const pairs = (previous: 'total48hto24h' | 'total7DaysAgo' | 'total30DaysAgo') =>
      venues.map((v): [number | null, number | null] => [v.total24h, v[previous]]);
    const openInterestUsd = sumKnown(venues.map((v) => v.total24h));
    const shown = rankBy(venues, (v) => v.total24h).slice(0, input.limit);
    const notes: string[] = [];
    if (chain && venues.length === 0) notes.push(`DefiLlama lists no open-interest venue on ${CHAIN_IDS[chain].label}.`);
    return {
      data: {
        chain: chain ?? null,
        totals: {
          openInterestUsd,
          change1dPct: pctChangeOfTotals(pairs('total48hto24h')),
          change7dPct: pctChangeOfTotals(pairs('total7DaysAgo')),
          change30dPct: pctChangeOfTotals(pairs('total30DaysAgo')),
        },
        matched: venues.length,
        showing: shown.length,
        venues: shown.map((v) => ({
          name: v.name,
          displayName: v.displayName,
          slug: v.slug,
          category: v.category,
          chains: v.chains,
          openInterestUsd: v.total24h,
          ...levelChanges(v),
          shareOfTotalPct: sharePct(v.total24h, openInterestUsd),
        })),
      },
      notes: notes.length ? notes : undefined,
    };
  }

  @Tool({
    name: 'service_stablecoins',
    readsOnly: true,
    input: StablecoinsInput,
    summary: 'Supply per stablecoin with its move over a day, a week and a month and its peg status; totals with net stablecoin dollars arrived or left.',
    description: `Ranked by supply in USD. A USD stablecoin is pegged within ±${PEG_BAND_PCT}% of $1 (inclusive) and depegged beyond, with the deviation; other pegs have no status. Net flow is supply now minus supply 1, 7 or 30 days ago (negative when dollars left), over the coins known at both moments. Non-USD coins count at their current USD price.`,
  })
  async stablecoins(input: StablecoinsInput): Promise<ToolResult<StablecoinsData>> {
    const coins = await this.llama.stablecoins();
    const chain = input.chain;
    const rows: Array<{ view: StablecoinRow; usd: SupplyUsd }> = [];
    for (const coin of coins) {
      const supply = chain ? byLlamaChain(coin.chainCirculating, chain) : coin.circulating;
      if (!supply) continue;
      const usd = supplyUsd(coin, supply);
      rows.push({
        usd,
        view: {
          name: coin.name,
          symbol: coin.symbol,
          pegType: coin.pegType,
          pegMechanism: coin.pegMechanism,
          supplyUsd: usd.current,
          supplyChange1dUsd: netChange(usd.current, usd.prevDay),
          supplyChange7dUsd: netChange(usd.current, usd.prevWeek),
          supplyChange30dUsd: netChange(usd.current, usd.prevMonth),
          supplyChange1dPct: pctChange(usd.current, usd.prevDay),
          supplyChange7dPct: pctChange(usd.current, usd.prevWeek),
          supplyChange30dPct: pctChange(usd.current, usd.prevMonth),
          priceUsd: coin.priceUsd,
          peg: coin.pegType === 'peggedUSD' ? pegStatus(coin.priceUsd) : { status: null, deviationPct: null },
        },
      });
    }
    const notes: string[] = [];
    if (chain && rows.length === 0) notes.push(`DefiLlama lists no stablecoin on ${CHAIN_IDS[chain].label}: the totals are null.`);
    // DefiLlama documents price as optional: an unpriced coin has no peg status, and off USD no dollar supply.
    const unpriced = rows.filter((r) => r.view.priceUsd === null);
    if (unpriced.length) {
      const one = unpriced.length === 1;
      const named = unpriced.slice(0, 5).map((r) => r.view.symbol ?? r.view.name ?? 'unnamed');
      notes.push(
        `DefiLlama gave no price for ${unpriced.length} stablecoin${one ? '' : 's'} (${named.join(', ')}${unpriced.length > 5 ? ', ...' : ''}): ${one ? 'its' : 'their'} peg status is null, and off a USD peg no USD supply is counted.`,
      );
    }
    const pairs = (previous: keyof Omit<SupplyUsd, 'current'>) => rows.map(({ usd }): [number | null, number | null] => [usd.current, usd[previous]]);
    const shown = rankBy(rows, (r) => r.view.supplyUsd).slice(0, input.limit);
    return {
      data: {
        chain: chain ?? null,
        pegBandPct: PEG_BAND_PCT,
        totals: {
          supplyUsd: sumKnown(rows.map((r) => r.usd.current)),
          netFlow1dUsd: netChangeOfTotals(pairs('prevDay')),
          netFlow7dUsd: netChangeOfTotals(pairs('prevWeek')),
          netFlow30dUsd: netChangeOfTotals(pairs('prevMonth')),
          change1dPct: pctChangeOfTotals(pairs('prevDay')),
          change7dPct: pctChangeOfTotals(pairs('prevWeek')),
          change30dPct: pctChangeOfTotals(pairs('prevMonth')),
          depeggedCount: rows.filter((r) => r.view.peg.status === 'depegged').length,
        },
        matched: rows.length,
        showing: shown.length,
        stablecoins: shown.map((r) => r.view),
      },
      notes: notes.length ? notes : undefined,
    };
  }
}
