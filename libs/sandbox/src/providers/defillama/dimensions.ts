/**
 * DefiLlama's dimensions on api.llama.fi: `/overview/{dexs,fees,open-interest}[/{chain}]` and
 * `/summary/{kind}/{slug}`, built from the market's daily volume, fees and open interest over the
 * HISTORY_DAYS complete UTC days ending yesterday.
 */
import type { Request, Response } from 'express';
import { DAY_S, DEXS_DATA_TYPES, FEES_DATA_TYPES, HISTORY_DAYS, OI_DATA_TYPES, SandboxMarket, type DimensionKind, type Protocol } from '../../market';
import { qs, qsBool } from '../../util';
import { badRequest, notFound } from './errors';
import { addStats, emptyStats, statsFromTotals, summarize, type Stats } from './stats';

interface ProtocolSeries {
  p: Protocol;
  chains: string[];
  /** Per chain, one value per window day (null before listing). */
  perChain: Record<string, (number | null)[]>;
  total: (number | null)[];
  stats: Stats;
}

/** The HISTORY_DAYS complete UTC days ending yesterday, as day indices. */
function windowDays(m: SandboxMarket): number[] {
  const today = m.today();
  const out: number[] = [];
  for (let d = today - HISTORY_DAYS; d < today; d++) out.push(d);
  return out;
}

function protocolSeries(m: SandboxMarket, p: Protocol, kind: DimensionKind, dataType: string, chainFilter: string | null, days: number[]): ProtocolSeries {
  const chains = chainFilter ? p.chains.filter((c) => c === chainFilter) : p.chains;
  const listedDay = Math.floor(p.listedAt / DAY_S);
  const perChain: Record<string, (number | null)[]> = {};
  for (const c of chains) perChain[c] = days.map((d) => (d < listedDay ? null : SandboxMarket.metric(kind, dataType, m.dailyDims(p, c, d))));
  const total = days.map((d, i) => {
    if (d < listedDay) return null;
    let s = 0;
    for (const c of chains) s += perChain[c][i] ?? 0;
    return s;
  });
  return { p, chains, perChain, total, stats: summarize(total) };
}

const DIMENSION_TYPES: Record<DimensionKind, readonly string[]> = {
  dexs: DEXS_DATA_TYPES,
  fees: FEES_DATA_TYPES,
  'open-interest': OI_DATA_TYPES,
};
const DEFAULT_TYPE: Record<DimensionKind, string> = { dexs: 'dailyVolume', fees: 'dailyFees', 'open-interest': 'openInterestAtEnd' };

function methodologyOf(kind: DimensionKind, p: Protocol): Record<string, string> | null {
  if (kind === 'fees') {
    return {
      Fees: p.category === 'Dexs' ? 'Swap fees paid by users' : p.category === 'Lending' ? 'Interest paid by borrowers' : 'Fees paid by users',
      Revenue: 'Share of fees kept by the protocol',
      HoldersRevenue: 'Share of revenue distributed to token holders',
      SupplySideRevenue: 'Share of fees paid to liquidity providers',
    };
  }
  if (kind === 'open-interest') return { OpenInterest: 'Notional value of open positions at the end of the day' };
  return { Volume: 'Value of all swaps' };
}

export type Overview = ReturnType<typeof buildOverview>;

function buildOverview(m: SandboxMarket, kind: DimensionKind, chainFilter: string | null, dataType: string) {
  const days = windowDays(m);
  const tMs = m.nowMs();
  const all = m.listedProtocols(tMs).filter((p) => m.inDimension(p, kind));
  const allChains = [...new Set(all.flatMap((p) => p.chains))];
  const members = chainFilter ? all.filter((p) => p.chains.includes(chainFilter)) : all;
  const series = members.map((p) => protocolSeries(m, p, kind, dataType, chainFilter, days));
  const revenueSeries = kind === 'fees' ? members.map((p) => protocolSeries(m, p, kind, 'dailyRevenue', chainFilter, days)) : null;
  const totals = emptyStats();
  for (const s of series) addStats(totals, s.stats);
  const chartFrom = series.length ? Math.min(...series.map((s) => s.total.findIndex((x) => x !== null)).filter((i) => i >= 0)) : days.length;
  const totalDataChart: [number, number][] = [];
  const totalDataChartBreakdown: [number, Record<string, number>][] = [];
  let days1y = 0;
  for (let i = Math.max(0, chartFrom); i < days.length; i++) {
    let sum = 0;
    const br: Record<string, number> = {};
    let any = false;
    for (const s of series) {
      const x = s.total[i];
      if (x !== null) {
        sum += x;
        br[s.p.name] = x;
        any = true;
      }
    }
    if (!any) continue;
    if (i >= days.length - 365) days1y++;
    totalDataChart.push([days[i] * DAY_S, sum]);
    totalDataChartBreakdown.push([days[i] * DAY_S, br]);
  }
  const last = days.length - 1;
  const breakdown24h: Record<string, Record<string, number>> = {};
  const breakdown30d: Record<string, Record<string, number>> = {};
  const protocols = series.map((s, idx) => {
    const b24: Record<string, Record<string, number>> = {};
    const b30: Record<string, Record<string, number>> = {};
    for (const c of s.chains) {
      const v24 = s.perChain[c][last];
      let v30: number | null = null;
      for (let i = last - 29; i <= last; i++) {
        const x = s.perChain[c][i];
        if (x !== null) v30 = (v30 ?? 0) + x;
      }
      if (v24 !== null) {
        b24[c] = { [s.p.name]: v24 };
        (breakdown24h[c] ??= {})[s.p.name] = v24;
      }
      if (v30 !== null) {
        b30[c] = { [s.p.name]: v30 };
        (breakdown30d[c] ??= {})[s.p.name] = v30;
      }
    }
    const row: Record<string, unknown> = {
      defillamaId: s.p.id,
      id: s.p.id,
      name: s.p.name,
      displayName: s.p.name,
      module: s.p.slug,
      category: s.p.category,
      logo: s.p.logo,
      chains: [...s.p.chains],
      protocolType: 'protocol',
      methodologyURL: `https://github.com/DefiLlama/dimension-adapters/blob/master/${kind === 'open-interest' ? 'open-interest' : kind}/${s.p.slug}/index.ts`,
      methodology: methodologyOf(kind, s.p),
      latestFetchIsOk: true,
      slug: s.p.slug,
      parentProtocol: null,
      linkedProtocols: null,
      ...s.stats,
      breakdown24h: Object.keys(b24).length ? b24 : null,
      breakdown30d: Object.keys(b30).length ? b30 : null,
    };
    if (revenueSeries) row.revenue24h = revenueSeries[idx].stats.total24h;
    return row;
  });
  protocols.sort((a, b) => ((b.total24h as number | null) ?? -1) - ((a.total24h as number | null) ?? -1));
  return {
    totalDataChart,
    totalDataChartBreakdown,
    breakdown24h: Object.keys(breakdown24h).length ? breakdown24h : null,
    breakdown30d: Object.keys(breakdown30d).length ? breakdown30d : null,
    chain: chainFilter,
    allChains,
    ...statsFromTotals(totals, days1y),
    protocols,
  };
}

function summaryOf(m: SandboxMarket, p: Protocol, kind: DimensionKind, dataType: string) {
  const days = windowDays(m);
  const s = protocolSeries(m, p, kind, dataType, null, days);
  const totalDataChart: [number, number][] = [];
  const totalDataChartBreakdown: [number, Record<string, Record<string, number>>][] = [];
  s.total.forEach((x, i) => {
    if (x === null) return;
    totalDataChart.push([days[i] * DAY_S, x]);
    const br: Record<string, Record<string, number>> = {};
    for (const c of s.chains) br[c] = { [p.name]: s.perChain[c][i] ?? 0 };
    totalDataChartBreakdown.push([days[i] * DAY_S, br]);
  });
  const last = days.length - 1;
  const b24: Record<string, Record<string, number>> = {};
  for (const c of s.chains) {
    const v = s.perChain[c][last];
    if (v !== null) b24[c] = { [p.name]: v };
  }
  const forked = p.forkedFrom[0] ?? null;
  // Metadata a protocol does not have is absent (not null), as DefiLlama omits undefined fields.
  const optional: Record<string, string> = {};
  if (p.geckoId) optional.gecko_id = p.geckoId;
  if (p.cmcId) optional.cmcId = p.cmcId;
  if (p.twitter) optional.twitter = p.twitter;
  if (p.symbol !== '-') optional.symbol = p.symbol;
  if (p.address) optional.address = p.address;
  return {
    id: p.id,
    name: p.name,
    url: p.url,
    description: p.description,
    logo: p.logo,
    ...optional,
    chains: [...p.chains],
    github: [p.slug.replace(/-v\d+$/, '')],
    linkedProtocols: [p.name],
    defillamaId: p.id,
    disabled: false,
    displayName: p.name,
    module: p.slug,
    category: p.category,
    methodologyURL: `https://github.com/DefiLlama/dimension-adapters/blob/master/${kind}/${p.slug}/index.ts`,
    methodology: methodologyOf(kind, p),
    forkedFrom: forked,
    audits: null,
    audit_links: p.auditLinks.length ? [...p.auditLinks] : null,
    versionKey: null,
    governanceID: null,
    treasury: null,
    parentProtocol: null,
    previousNames: null,
    latestFetchIsOk: true,
    slug: p.slug,
    protocolType: 'protocol',
    chain: null,
    ...s.stats,
    breakdown24h: Object.keys(b24).length ? b24 : null,
    totalDataChart,
    totalDataChartBreakdown,
  };
}

export function overviewHandler(m: SandboxMarket, kind: DimensionKind, cache: Map<string, Overview>) {
  return (req: Request, res: Response) => {
    const chainParam = req.params.chain as string | undefined;
    let chainName: string | null = null;
    if (chainParam !== undefined) {
      const chain = m.chainByName(chainParam);
      if (!chain) return badRequest(res, `Chain ${chainParam} not supported`);
      chainName = chain.name;
    }
    const dataType = qs(req, 'dataType') ?? DEFAULT_TYPE[kind];
    if (!DIMENSION_TYPES[kind].includes(dataType)) return badRequest(res, `dataType ${dataType} not supported for ${kind}`);
    const key = `${kind}|${chainName}|${dataType}|${m.today()}|${m.listedProtocols().length}`;
    let ov = cache.get(key);
    if (!ov) {
      if (cache.size > 64) cache.clear();
      ov = buildOverview(m, kind, chainName, dataType);
      cache.set(key, ov);
    }
    const out: Record<string, unknown> = { ...ov };
    if (qsBool(req, 'excludeTotalDataChart')) out.totalDataChart = [];
    if (qsBool(req, 'excludeTotalDataChartBreakdown')) out.totalDataChartBreakdown = [];
    res.json(out);
  };
}

export function summaryHandler(m: SandboxMarket, kind: DimensionKind) {
  return (req: Request, res: Response) => {
    const p = m.protocol(String(req.params.protocol));
    if (!p || p.listedAt * 1000 > m.nowMs() || !m.inDimension(p, kind)) return notFound(res, `${String(req.params.protocol)} protocol not found in ${kind}`);
    const dataType = qs(req, 'dataType') ?? DEFAULT_TYPE[kind];
    if (!DIMENSION_TYPES[kind].includes(dataType)) return badRequest(res, `dataType ${dataType} not supported for ${kind}`);
    const out: Record<string, unknown> = summaryOf(m, p, kind, dataType);
    if (qsBool(req, 'excludeTotalDataChart')) out.totalDataChart = [];
    if (qsBool(req, 'excludeTotalDataChartBreakdown')) out.totalDataChartBreakdown = [];
    res.json(out);
  };
}
