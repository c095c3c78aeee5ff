import { Inject, Injectable } from '@nestjs/common';
import { NotFoundError, Tool, type ToolResult } from '@scout/core';
import { AnswerParts, type Chain, CHAIN_IDS } from '@scout/upstream';
import {
  DEFILLAMA_CLIENT,
  DefiLlamaClient,
  llamaSlug,
  type LlamaHack,
  type LlamaOverview,
  type LlamaProtocol,
  type LlamaProtocolDetail,
  type OverviewProtocol,
} from '@scout/upstream';
import { DefiHacksInput, ProtocolFeesInput, ProtocolReportInput } from './defi-tools.dto';
import { totalsByChain } from './calc/breakdown';
import { roundTo } from './calc/change';
import { rankBy } from './calc/rank';
import { sharePct, sumKnown } from './calc/ratio';
import { changeOverDays, latestPoint } from './calc/series';
import { isLlamaChain, scoutChainOfLlama } from './llama-chains';
import { overviewTotals, weekOverWeekOf } from './overview-figures';
import { containsText, hacksOf, resolveProtocol, resolvedTvl, type ResolvedProtocol } from './protocol-match';
import { isoFromUnix } from './time';
import type { ChainRevenueSplit, DefiHacksData, Exploit, FlowFigures, ProtocolFeesData, ProtocolFigures, ProtocolReportData } from './protocol-answers';

function exploitView(hack: LlamaHack): Exploit {
  return {
    date: isoFromUnix(hack.date),
    name: hack.name,
    amountLostUsd: hack.amountUsd,
    returnedFundsUsd: hack.returnedFundsUsd,
    classification: hack.classification,
    technique: hack.technique,
    targetType: hack.targetType,
    chains: hack.chains,
    bridgeHack: hack.bridgeHack,
    source: hack.sourceUrl,
  };
}

function newestFirst(hacks: LlamaHack[]): LlamaHack[] {
  return rankBy(hacks, (h) => h.date);
}

function flowFigures(row: OverviewProtocol | LlamaOverview | null): FlowFigures {
  if (!row) return { usd24h: null, usd7d: null, usd30d: null, weekOverWeekPct: null, trend: null };
  const totals = 'protocols' in row ? overviewTotals(row) : row;
  return { usd24h: totals.total24h, usd7d: totals.total7d, usd30d: totals.total30d, ...weekOverWeekOf(totals) };
}

function rowKey(p: OverviewProtocol): string {
  return p.defillamaId ?? `name:${p.name.toLowerCase()}`;
}

/** Protocol-level DeFi tools: one protocol's health and exploits, the exploit record, fees and revenue. */
@Injectable()
export class ProtocolToolsService {
  constructor(@Inject(DEFILLAMA_CLIENT) private readonly llama: DefiLlamaClient) {}

  @Tool({
    name: 'service_protocol_report',
    readsOnly: true,
    input: ProtocolReportInput,
    summary: 'One DeFi protocol: TVL with 1-day, 7-day and 30-day change, chains, audit status, and exploits on record with amounts lost.',
    description:
      'Give a name or DefiLlama slug; a parent name such as "aave" covers all its versions. An unknown name is a 400 with no charge. exploits is null when the exploit record could not be read, and an empty list when nothing matched: no exploit on record does not make a protocol audited or safe.',
  })
  async protocolReport(input: ProtocolReportInput): Promise<ToolResult<ProtocolReportData>> {
    const parts = new AnswerParts();
    const [protocols, hacks] = await Promise.all([
      parts.run(
        // Without the list, the figures come from the protocol's own page; only the lookup suffers.
        {
          part: 'DefiLlama /protocols',
          affects: "the name lookup (the name was read as a slug, without merging a parent protocol's versions); fields the protocol page does not give are",
        },
        () => this.llama.protocols(),
      ),
      parts.run({ part: 'DefiLlama /hacks', affects: 'exploits' }, () => this.llama.hacks()),
    ]);

    let resolved: ResolvedProtocol | null = null;
    if (protocols) {
      resolved = resolveProtocol(protocols, input.protocol);
      if (!resolved) {
        // An entity the provider does not know: 404, like an unknown token (not charged).
        throw new NotFoundError(`No DefiLlama protocol has the name or slug "${input.protocol}".`);
      }
    }
    const slug = resolved?.slug ?? llamaSlug(input.protocol);
    const detail = await parts.run({ part: 'DefiLlama /protocol/{slug}', affects: 'the TVL history (change30dPct)' }, () => this.llama.protocol(slug));
    // Without the list, the protocol is known only if its own page answered.
    const unknowable = !protocols && !detail ? parts.firstFailure : null;
    if (unknowable) throw unknowable;

    const report = this.protocolView(resolved, detail, input.protocol);
    const parentId = resolved?.isParent ? `parent#${slug}` : detail?.isParentProtocol ? detail.id : null;
    const matches = hacks && (resolved ? hacksOf(hacks, resolved, parentId) : hacksOf(hacks, this.resolvedFromDetail(detail!), parentId));
    return {
      data: {
        ...report,
        exploits: matches ? newestFirst(matches).map(exploitView) : null,
        exploitCount: matches ? matches.length : null,
        totalLostUsd: matches ? sumKnown(matches.map((h) => h.amountUsd)) : null,
        otherMatches: resolved?.otherMatches ?? [],
      },
      notes: parts.resultNotes,
    };
  }

  private resolvedFromDetail(detail: LlamaProtocolDetail): ResolvedProtocol {
    return { slug: detail.slug, name: detail.name, entry: null, members: [], isParent: detail.isParentProtocol, query: detail.name, otherMatches: [] };
  }

  private protocolView(resolved: ResolvedProtocol | null, detail: LlamaProtocolDetail | null, query: string): ProtocolFigures {
    const entry = resolved?.entry ?? null;
    const series = (detail?.tvlSeries ?? []).map((p) => ({ date: p.date, value: p.valueUsd }));
    const listedTvl = resolved ? resolvedTvl(resolved) : null;
    const tvlUsd = listedTvl ?? latestPoint(series)?.value ?? null;
    const change1dPct = entry?.change1dPct != null ? roundTo(entry.change1dPct, 2) : changeOverDays(series, 1);
    const change7dPct = entry?.change7dPct != null ? roundTo(entry.change7dPct, 2) : changeOverDays(series, 7);
    const members: LlamaProtocol[] = resolved?.members ?? [];
    // Chains as the listed versions and the protocol page give them; null when neither gave a list.
    const chainLists = [...members.map((m) => m.chains), detail?.chains ?? null].filter((c): c is string[] => c !== null);
    const chains = chainLists.length ? [...new Set(chainLists.flat())] : null;
    const auditLinks = [...new Set([...members.flatMap((m) => m.auditLinks), ...(detail?.auditLinks ?? [])])];
    const auditCounts = [entry?.audits ?? null, detail?.audits ?? null, ...members.map((m) => m.audits)].filter((a): a is number => a !== null);
    const audits = auditCounts.length ? Math.max(...auditCounts) : null;
    return {
      protocol: {
        name: detail?.name ?? resolved?.name ?? query,
        slug: resolved?.slug ?? detail?.slug ?? llamaSlug(query),
        category: entry?.category ?? detail?.category ?? null,
        url: entry?.url ?? detail?.url ?? null,
        isParent: resolved?.isParent ?? detail?.isParentProtocol ?? false,
        versions: resolved?.isParent ? members.map((m) => m.name) : [],
      },
      tvlUsd,
      change1dPct,
      change7dPct,
      change30dPct: changeOverDays(series, 30),
      chains,
      audit: {
        audited: audits === null && auditLinks.length === 0 ? null : (audits ?? 0) > 0 || auditLinks.length > 0,
        audits,
        auditLinks,
        note: entry?.auditNote ?? detail?.auditNote ?? null,
      },
    };
  }

  @Tool({
    name: 'service_defi_hacks',
    readsOnly: true,
    input: DefiHacksInput,
    summary: 'Exploits and rug pulls on record, newest first, with amount lost and how it was done.',
    description: 'Filter by a name the incident contains, by chain, or both. amountLostUsd is null where the loss is not known.',
  })
  async defiHacks(input: DefiHacksInput): Promise<ToolResult<DefiHacksData>> {
    const hacks = await this.llama.hacks();
    const chain = input.chain;
    const matched = hacks.filter((h) => (!input.query || containsText(input.query, h.name)) && (!chain || h.chains.some((c) => isLlamaChain(c, chain))));
    const shown = newestFirst(matched).slice(0, input.limit);
    return {
      data: {
        matched: matched.length,
        showing: shown.length,
        totalLostUsd: sumKnown(matched.map((h) => h.amountUsd)),
        hacks: shown.map(exploitView),
      },
    };
  }

  @Tool({
    name: 'service_protocol_fees',
    readsOnly: true,
    input: ProtocolFeesInput,
    summary: 'Protocol fees and revenue over 24h, 7d and 30d, share of fees kept, week-over-week trend, revenue by chain.',
    description:
      'Fees are what users pay; revenue is what the protocol keeps. Ranked by 7-day fees or revenue (sortBy). shareOfFeesKept30dPct = 30-day revenue / 30-day fees. The trend compares the last 7 days with the 7 before: up or down beyond ±5%, flat within. totals cover every protocol on the chain (or all chains) before the query filter.',
  })
  async protocolFees(input: ProtocolFeesInput): Promise<ToolResult<ProtocolFeesData>> {
    const chain: Chain | undefined = input.chain;
    const llamaName = chain ? CHAIN_IDS[chain].llamaName : undefined;
    const label = chain ? CHAIN_IDS[chain].label : null;
    const parts = new AnswerParts();
    const overview = (dataType: 'dailyFees' | 'dailyRevenue', what: string) =>
      parts.run(
        {
          part: `DefiLlama /overview/fees${chain ? '/{chain}' : ''}?dataType=${dataType}`,
          affects: `the ${what} figures`,
          notListedNote: label ? `DefiLlama lists no ${what} for ${label}: the ${what} figures are null.` : undefined,
        },
        () => this.llama.overview('fees', { chain: llamaName, dataType }),
      );
    const [fees, revenue] = await Promise.all([overview('dailyFees', 'fees'), overview('dailyRevenue', 'revenue')]);
    parts.assertAnswered();

    const rows = new Map<string, { fees: OverviewProtocol | null; revenue: OverviewProtocol | null }>();
    for (const p of fees?.protocols ?? []) rows.set(rowKey(p), { fees: p, revenue: null });
    for (const p of revenue?.protocols ?? []) {
      const row = rows.get(rowKey(p));
      if (row) row.revenue = p;
      else rows.set(rowKey(p), { fees: null, revenue: p });
    }
    const matched = [...rows.values()].filter((r) => {
      const p = (r.fees ?? r.revenue)!;
      return !input.query || containsText(input.query, p.name, p.displayName, p.slug);
    });

    let sortBy = input.sortBy;
    if (sortBy === 'revenue' && !revenue && fees) {
      sortBy = 'fees';
      parts.note('Ranked by 7-day fees: revenue was not available.');
    }
    if (sortBy === 'fees' && !fees && revenue) {
      sortBy = 'revenue';
      parts.note('Ranked by 7-day revenue: fees were not available.');
    }
    const ranked = rankBy(matched, (r) => (sortBy === 'fees' ? r.fees?.total7d : r.revenue?.total7d) ?? null).slice(0, input.limit);

    const feeTotals = flowFigures(fees);
    const revenueTotals = flowFigures(revenue);
    return {
      data: {
        chain: chain ?? null,
        sortBy,
        totals: {
          fees: feeTotals,
          revenue: revenueTotals,
          shareOfFeesKept30dPct: sharePct(revenueTotals.usd30d, feeTotals.usd30d),
        },
        matched: matched.length,
        showing: ranked.length,
        protocols: ranked.map((r) => {
          const p = (r.fees ?? r.revenue)!;
          const feeFigures = flowFigures(r.fees);
          const revenueFigures = flowFigures(r.revenue);
          return {
            name: p.name,
            displayName: p.displayName,
            slug: p.slug,
            category: p.category,
            chains: p.chains,
            fees: feeFigures,
            revenue: revenueFigures,
            shareOfFeesKept30dPct: sharePct(revenueFigures.usd30d, feeFigures.usd30d),
            revenueByChain: this.revenueByChain(r.revenue),
          };
        }),
      },
      notes: parts.resultNotes,
    };
  }

  /** Revenue per chain over 24h and 30d from the protocol's breakdowns; null when DefiLlama gives none. */
  private revenueByChain(row: OverviewProtocol | null): ChainRevenueSplit[] | null {
    const day = totalsByChain(row?.breakdown24h ?? null);
    const month = totalsByChain(row?.breakdown30d ?? null);
    if (!day && !month) return null;
    const keys = [...new Set([...Object.keys(day ?? {}), ...Object.keys(month ?? {})])];
    return rankBy(
      keys.map((key) => ({
        chain: key,
        scoutChain: scoutChainOfLlama(key),
        usd24h: day?.[key] ?? null,
        usd30d: month?.[key] ?? null,
      })),
      (r) => r.usd30d ?? r.usd24h,
    );
  }
}
