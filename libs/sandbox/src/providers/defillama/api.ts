/**
 * DefiLlama stand-in: api.llama.fi, coins.llama.fi, stablecoins.llama.fi and yields.llama.fi,
 * each a Router mounted under its own prefix (/defillama/api, /defillama/coins,
 * /defillama/stablecoins, /defillama/yields). Shapes follow DefiLlama's free OpenAPI document and
 * the SDK types (upstreams.md 2.2). Errors are `{ message }` with the documented status.
 */
import { Router, type Request, type Response } from 'express';
import {
  DAY_MS,
  DAY_S,
  DEXS_DATA_TYPES,
  FEES_DATA_TYPES,
  HISTORY_DAYS,
  OI_DATA_TYPES,
  SandboxMarket,
  type Asset,
  type DimensionKind,
  type Protocol,
  type Stablecoin,
  type Token,
  type YieldPool,
} from '../../market';
import { round, sig } from '../../prng';
import { errorBody } from '../../errors';
import { iso, parsePeriod, pct, qs, qsBool, splitUnique, toInt } from '../../util';

function notFound(res: Response, message: string): void {
  res.status(404).json(errorBody('defillama', 404, message));
}

function badRequest(res: Response, message: string): void {
  res.status(400).json(errorBody('defillama', 400, message));
}

// ───────────────────────────── TVL (api.llama.fi) ─────────────────────────────

function protocolRow(m: SandboxMarket, p: Protocol, tMs: number) {
  const chainTvls = m.protocolChainTvls(p, tMs);
  let tvl = 0;
  for (const c of p.chains) tvl += chainTvls[c];
  const tvlAt = (dt: number) => m.protocolTvl(p, tMs - dt);
  let baseTotal = 0;
  for (const c of p.chains) baseTotal += p.chainBase[c];
  const mcap = p.mcapBase === null ? null : Math.round((p.mcapBase * tvl) / baseTotal);
  return {
    id: p.id,
    name: p.name,
    address: p.address,
    symbol: p.symbol,
    url: p.url,
    description: p.description,
    chain: p.chains.length > 1 ? 'Multi-Chain' : p.chains[0],
    logo: p.logo,
    audits: p.audits,
    audit_note: null,
    gecko_id: p.geckoId,
    cmcId: p.cmcId,
    category: p.category,
    chains: [...p.chains],
    module: `${p.slug}/index.js`,
    twitter: p.twitter,
    forkedFrom: [...p.forkedFrom],
    oracles: [...p.oracles],
    listedAt: p.listedAt,
    methodology: p.methodology,
    slug: p.slug,
    tvl,
    chainTvls,
    change_1h: pct(tvl, tvlAt(3_600_000)),
    change_1d: pct(tvl, tvlAt(DAY_MS)),
    change_7d: pct(tvl, tvlAt(7 * DAY_MS)),
    tokenBreakdowns: {},
    mcap,
    audit_links: [...p.auditLinks],
  };
}

function protocolDetail(m: SandboxMarket, p: Protocol, tMs: number) {
  const points = m.historyPoints(p.listedAt);
  const total: { date: number; totalLiquidityUSD: number }[] = [];
  const totalTokensUsd: { date: number; tokens: Record<string, number> }[] = [];
  const totalTokens: { date: number; tokens: Record<string, number> }[] = [];
  const chainTvls: Record<string, { tvl: { date: number; totalLiquidityUSD: number }[]; tokensInUsd: { date: number; tokens: Record<string, number> }[]; tokens: { date: number; tokens: Record<string, number> }[] }> = {};
  for (const c of p.chains) chainTvls[c] = { tvl: [], tokensInUsd: [], tokens: [] };
  for (const pt of points) {
    const at = pt.day === null ? tMs : pt.day * DAY_MS;
    let sum = 0;
    const allUsd: Record<string, number> = {};
    const allAmt: Record<string, number> = {};
    for (const c of p.chains) {
      const v = pt.day === null ? m.protocolChainTvl(p, c, tMs) : m.protocolChainTvlAtDay(p, c, pt.day);
      sum += v;
      chainTvls[c].tvl.push({ date: pt.date, totalLiquidityUSD: v });
      const usd: Record<string, number> = {};
      const amt: Record<string, number> = {};
      for (const mix of p.tokenMix[c]) {
        const u = round(v * mix.weight, 2);
        const asset = m.asset(mix.asset);
        const price = asset ? m.price(asset, at) : null;
        usd[mix.symbol] = u;
        amt[mix.symbol] = price ? sig(u / price, 8) : 0;
        allUsd[mix.symbol] = round((allUsd[mix.symbol] ?? 0) + u, 2);
        allAmt[mix.symbol] = sig((allAmt[mix.symbol] ?? 0) + amt[mix.symbol], 8);
      }
      chainTvls[c].tokensInUsd.push({ date: pt.date, tokens: usd });
      chainTvls[c].tokens.push({ date: pt.date, tokens: amt });
    }
    total.push({ date: pt.date, totalLiquidityUSD: sum });
    totalTokensUsd.push({ date: pt.date, tokens: allUsd });
    totalTokens.push({ date: pt.date, tokens: allAmt });
  }
  const row = protocolRow(m, p, tMs);
  const hallmarks: [number, string][] = [[p.listedAt, 'Launch']];
  for (const h of m.hacks(tMs)) if (h.defillamaId === Number(p.id)) hallmarks.push([h.date, `Exploit: ${h.technique}`]);
  return {
    id: p.id,
    name: p.name,
    address: p.address,
    symbol: p.symbol,
    url: p.url,
    description: p.description,
    chain: row.chain,
    logo: p.logo,
    audits: p.audits,
    audit_note: null,
    gecko_id: p.geckoId,
    cmcId: p.cmcId,
    category: p.category,
    chains: [...p.chains],
    module: row.module,
    twitter: p.twitter,
    forkedFrom: [...p.forkedFrom],
    oracles: [...p.oracles],
    listedAt: p.listedAt,
    methodology: p.methodology,
    slug: p.slug,
    audit_links: [...p.auditLinks],
    github: [p.slug.replace(/-v\d+$/, '')],
    currentChainTvls: row.chainTvls,
    chainTvls,
    tvl: total,
    tokensInUsd: totalTokensUsd,
    tokens: totalTokens,
    isParentProtocol: false,
    raises: [],
    metrics: { fees: true, dexs: m.inDimension(p, 'dexs'), openInterest: m.inDimension(p, 'open-interest') },
    mcap: row.mcap,
    hallmarks,
    stablecoins: [],
    otherProtocols: [p.name],
  };
}

// ───────────────────────────── dimensions ─────────────────────────────

interface Stats {
  total24h: number | null;
  total48hto24h: number | null;
  total7d: number | null;
  total14dto7d: number | null;
  total30d: number | null;
  total60dto30d: number | null;
  total1y: number | null;
  totalAllTime: number | null;
  total7DaysAgo: number | null;
  total30DaysAgo: number | null;
  average1y: number | null;
  monthlyAverage1y: number | null;
  change_1d: number | null;
  change_7d: number | null;
  change_1m: number | null;
  change_7dover7d: number | null;
  change_30dover30d: number | null;
}

/** Stats of a daily series whose last element is the last complete day; null = no data that day. */
function summarize(values: (number | null)[]): Stats {
  const n = values.length;
  const v = (o: number) => (o < n ? values[n - 1 - o] : null);
  const sum = (a: number, b: number) => {
    let s = 0;
    let any = false;
    for (let o = a; o <= b; o++) {
      const x = v(o);
      if (x !== null) {
        s += x;
        any = true;
      }
    }
    return any ? s : null;
  };
  let days1y = 0;
  for (let o = 0; o < 365; o++) if (v(o) !== null) days1y++;
  const total24h = v(0);
  const total48hto24h = v(1);
  const total7d = sum(0, 6);
  const total14dto7d = sum(7, 13);
  const total30d = sum(0, 29);
  const total60dto30d = sum(30, 59);
  const total1y = sum(0, 364);
  const total7DaysAgo = v(7);
  const total30DaysAgo = v(30);
  return {
    total24h,
    total48hto24h,
    total7d,
    total14dto7d,
    total30d,
    total60dto30d,
    total1y,
    totalAllTime: sum(0, n - 1),
    total7DaysAgo,
    total30DaysAgo,
    average1y: total1y === null || days1y === 0 ? null : round(total1y / days1y, 2),
    monthlyAverage1y: total1y === null ? null : round(total1y / 12, 2),
    change_1d: pct(total24h, total48hto24h),
    change_7d: pct(total24h, total7DaysAgo),
    change_1m: pct(total24h, total30DaysAgo),
    change_7dover7d: pct(total7d, total14dto7d),
    change_30dover30d: pct(total30d, total60dto30d),
  };
}

function addStats(into: Stats, s: Stats): void {
  const keys = ['total24h', 'total48hto24h', 'total7d', 'total14dto7d', 'total30d', 'total60dto30d', 'total1y', 'totalAllTime', 'total7DaysAgo', 'total30DaysAgo'] as const;
  for (const k of keys) {
    const x = s[k];
    if (x !== null) into[k] = (into[k] ?? 0) + x;
  }
}

function statsFromTotals(t: Stats, days1y: number): Stats {
  return {
    ...t,
    average1y: t.total1y === null || days1y === 0 ? null : round(t.total1y / days1y, 2),
    monthlyAverage1y: t.total1y === null ? null : round(t.total1y / 12, 2),
    change_1d: pct(t.total24h, t.total48hto24h),
    change_7d: pct(t.total24h, t.total7DaysAgo),
    change_1m: pct(t.total24h, t.total30DaysAgo),
    change_7dover7d: pct(t.total7d, t.total14dto7d),
    change_30dover30d: pct(t.total30d, t.total60dto30d),
  };
}

const emptyStats = (): Stats => ({
  total24h: null, total48hto24h: null, total7d: null, total14dto7d: null, total30d: null, total60dto30d: null, total1y: null,
  totalAllTime: null, total7DaysAgo: null, total30DaysAgo: null, average1y: null, monthlyAverage1y: null,
  change_1d: null, change_7d: null, change_1m: null, change_7dover7d: null, change_30dover30d: null,
});

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

type Overview = ReturnType<typeof buildOverview>;

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

function overviewHandler(m: SandboxMarket, kind: DimensionKind, cache: Map<string, Overview>) {
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

function summaryHandler(m: SandboxMarket, kind: DimensionKind) {
  return (req: Request, res: Response) => {
    const p = m.protocol(String(req.params.protocol));
    if (!p || p.listedAt * 1000 > m.nowMs() || !m.inDimension(p, kind)) return notFound(res, `${req.params.protocol} protocol not found in ${kind}`);
    const dataType = qs(req, 'dataType') ?? DEFAULT_TYPE[kind];
    if (!DIMENSION_TYPES[kind].includes(dataType)) return badRequest(res, `dataType ${dataType} not supported for ${kind}`);
    const out: Record<string, unknown> = summaryOf(m, p, kind, dataType);
    if (qsBool(req, 'excludeTotalDataChart')) out.totalDataChart = [];
    if (qsBool(req, 'excludeTotalDataChartBreakdown')) out.totalDataChartBreakdown = [];
    res.json(out);
  };
}

export function defillamaApiRouter(m: SandboxMarket): Router {
  const r = Router();
  const overviewCache = new Map<string, Overview>();

  r.get('/v2/chains', (_req, res) => {
    const t = m.nowMs();
    res.json(
      m.chains.map((c) => ({ gecko_id: c.geckoId, tvl: m.chainTvl(c.name, t), tokenSymbol: c.tokenSymbol, cmcId: c.cmcId, name: c.name, chainId: c.chainId })),
    );
  });

  r.get('/v2/historicalChainTvl', (_req, res) => {
    const t = m.nowMs();
    res.json(
      m.historyPoints().map((pt) => {
        let tvl = 0;
        for (const c of m.chains) tvl += pt.day === null ? m.chainTvl(c.name, t) : m.chainTvlAtDay(c.name, pt.day);
        return { date: pt.date, tvl };
      }),
    );
  });

  r.get('/v2/historicalChainTvl/:chain', (req, res) => {
    const chain = m.chainByName(String(req.params.chain));
    if (!chain) return notFound(res, `Chain ${req.params.chain} not found`);
    const t = m.nowMs();
    res.json(m.historyPoints().map((pt) => ({ date: pt.date, tvl: pt.day === null ? m.chainTvl(chain.name, t) : m.chainTvlAtDay(chain.name, pt.day) })));
  });

  r.get('/protocols', (_req, res) => {
    const t = m.nowMs();
    res.json(m.listedProtocols(t).map((p) => protocolRow(m, p, t)));
  });

  r.get('/protocol/:slug', (req, res) => {
    const t = m.nowMs();
    const p = m.protocol(String(req.params.slug));
    if (!p || p.listedAt * 1000 > t) return notFound(res, 'Protocol is not in our database');
    res.json(protocolDetail(m, p, t));
  });

  r.get('/tvl/:slug', (req, res) => {
    const t = m.nowMs();
    const p = m.protocol(String(req.params.slug));
    if (!p || p.listedAt * 1000 > t) return notFound(res, 'Protocol is not in our database');
    res.json(m.protocolTvl(p, t));
  });

  r.get('/hacks', (_req, res) => {
    res.json(m.hacks());
  });

  for (const kind of ['dexs', 'fees', 'open-interest'] as const) {
    r.get(`/overview/${kind}`, overviewHandler(m, kind, overviewCache));
    r.get(`/overview/${kind}/:chain`, overviewHandler(m, kind, overviewCache));
    r.get(`/summary/${kind}/:protocol`, summaryHandler(m, kind));
  }
  return r;
}

// ───────────────────────────── coins (coins.llama.fi) ─────────────────────────────

function coinEntry(m: SandboxMarket, resolved: { token: Token | null; asset: Asset }, tMs: number) {
  const price = m.price(resolved.asset, tMs);
  if (price === null) return null;
  const out: Record<string, unknown> = {};
  if (resolved.token) out.decimals = resolved.token.decimals;
  out.price = price;
  out.symbol = resolved.token ? resolved.token.symbol : resolved.asset.symbol;
  out.timestamp = Math.floor(tMs / 1000);
  out.confidence = resolved.token ? resolved.token.confidence : 0.99;
  return out;
}

function symbolOf(resolved: { token: Token | null; asset: Asset }): string {
  return resolved.token ? resolved.token.symbol : resolved.asset.symbol;
}

function firstSeenMs(resolved: { token: Token | null; asset: Asset }): number {
  return resolved.token ? Date.parse(resolved.token.createdAt) : Date.UTC(2020, 0, 1);
}

export function defillamaCoinsRouter(m: SandboxMarket): Router {
  const r = Router();

  r.get('/prices/current/:coins', (req, res) => {
    const t = m.nowMs();
    const coins: Record<string, unknown> = {};
    for (const key of splitUnique(String(req.params.coins))) {
      const resolved = m.resolveCoinsKey(key);
      if (!resolved) continue;
      const e = coinEntry(m, resolved, t);
      if (e) coins[key] = e;
    }
    res.json({ coins });
  });

  r.get('/prices/historical/:timestamp/:coins', (req, res) => {
    const ts = toInt(String(req.params.timestamp));
    if (ts === undefined || ts < 0) return badRequest(res, 'Invalid timestamp');
    const nowMs = m.nowMs();
    const coins: Record<string, unknown> = {};
    if (ts * 1000 <= nowMs) {
      for (const key of splitUnique(String(req.params.coins))) {
        const resolved = m.resolveCoinsKey(key);
        if (!resolved || ts * 1000 < firstSeenMs(resolved)) continue;
        const e = coinEntry(m, resolved, ts * 1000);
        if (e) coins[key] = e;
      }
    }
    res.json({ coins });
  });

  r.get('/prices/first/:coins', (req, res) => {
    const coins: Record<string, unknown> = {};
    for (const key of splitUnique(String(req.params.coins))) {
      const resolved = m.resolveCoinsKey(key);
      if (!resolved) continue;
      const first = firstSeenMs(resolved);
      const price = m.price(resolved.asset, first);
      if (price === null) continue;
      coins[key] = { price, symbol: symbolOf(resolved), timestamp: Math.floor(first / 1000) };
    }
    res.json({ coins });
  });

  r.get('/chart/:coins', (req, res) => {
    const nowSec = m.nowSec();
    const period = parsePeriod(qs(req, 'period'), DAY_S);
    if (period === null) return badRequest(res, 'Invalid period');
    const start = toInt(qs(req, 'start'));
    const endParam = toInt(qs(req, 'end'));
    const spanParam = toInt(qs(req, 'span'));
    if (start !== undefined && endParam !== undefined) return badRequest(res, 'use either start or end parameter, not both');
    const stamps: number[] = [];
    if (start !== undefined) {
      const span = spanParam ?? Math.floor((nowSec - start) / period) + 1;
      for (let i = 0; i < Math.min(span, 1000); i++) {
        const ts = start + i * period;
        if (ts > nowSec) break;
        stamps.push(ts);
      }
    } else {
      const end = Math.min(endParam ?? nowSec, nowSec);
      const span = Math.min(spanParam ?? 1, 1000);
      for (let i = span - 1; i >= 0; i--) stamps.push(end - i * period);
    }
    const coins: Record<string, unknown> = {};
    for (const key of splitUnique(String(req.params.coins))) {
      const resolved = m.resolveCoinsKey(key);
      if (!resolved) continue;
      const first = firstSeenMs(resolved) / 1000;
      const prices: { timestamp: number; price: number }[] = [];
      for (const ts of stamps) {
        if (ts < first) continue;
        const p = m.price(resolved.asset, ts * 1000);
        if (p !== null) prices.push({ timestamp: ts, price: p });
      }
      if (prices.length === 0) continue;
      const entry: Record<string, unknown> = {};
      if (resolved.token) entry.decimals = resolved.token.decimals;
      entry.symbol = symbolOf(resolved);
      entry.confidence = resolved.token ? resolved.token.confidence : 0.99;
      entry.prices = prices;
      coins[key] = entry;
    }
    res.json({ coins });
  });

  r.get('/percentage/:coins', (req, res) => {
    const nowSec = m.nowSec();
    const period = parsePeriod(qs(req, 'period'), DAY_S);
    if (period === null) return badRequest(res, 'Invalid period');
    const ts = Math.min(toInt(qs(req, 'timestamp')) ?? nowSec, nowSec);
    const forward = qsBool(req, 'lookForward') ?? false;
    const a = forward ? ts : ts - period;
    const b = forward ? Math.min(ts + period, nowSec) : ts;
    const coins: Record<string, number> = {};
    for (const key of splitUnique(String(req.params.coins))) {
      const resolved = m.resolveCoinsKey(key);
      if (!resolved) continue;
      const pa = m.price(resolved.asset, a * 1000);
      const pb = m.price(resolved.asset, b * 1000);
      if (pa === null || pb === null || pa === 0) continue;
      coins[key] = (pb / pa - 1) * 100;
    }
    res.json({ coins });
  });

  r.get('/batchHistorical', (req, res) => {
    const raw = qs(req, 'coins');
    if (!raw) return badRequest(res, 'coins parameter is required');
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return badRequest(res, 'coins must be a JSON object of {"chain:address": [timestamps]}');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return badRequest(res, 'coins must be a JSON object');
    const nowSec = m.nowSec();
    const coins: Record<string, unknown> = {};
    for (const [key, stamps] of Object.entries(parsed as Record<string, unknown>)) {
      if (!Array.isArray(stamps)) return badRequest(res, `timestamps of ${key} must be an array`);
      const resolved = m.resolveCoinsKey(key);
      if (!resolved) continue;
      const first = firstSeenMs(resolved) / 1000;
      const prices: { timestamp: number; price: number; confidence: number }[] = [];
      for (const s of stamps) {
        const ts = Number(s);
        if (!Number.isFinite(ts) || ts > nowSec || ts < first) continue;
        const p = m.price(resolved.asset, Math.floor(ts) * 1000);
        if (p !== null) prices.push({ timestamp: Math.floor(ts), price: p, confidence: resolved.token ? resolved.token.confidence : 0.99 });
      }
      if (prices.length) coins[key] = { symbol: symbolOf(resolved), prices };
    }
    res.json({ coins });
  });

  r.get('/block/:chain/:timestamp', (req, res) => {
    const chain = m.chainByName(String(req.params.chain));
    const ts = toInt(String(req.params.timestamp));
    if (!chain || ts === undefined) return badRequest(res, 'Invalid chain or timestamp provided');
    const blockTime = chain.name === 'Ethereum' ? 12 : chain.name === 'BSC' ? 0.75 : chain.name === 'Solana' ? 0.4 : chain.name === 'Arbitrum' ? 0.25 : 1;
    const t = Math.min(ts, m.nowSec());
    res.json({ height: Math.floor((t - 1_600_000_000) / blockTime) + 10_000_000, timestamp: t });
  });
  return r;
}

// ───────────────────────────── stablecoins (stablecoins.llama.fi) ─────────────────────────────

function usd(n: number) {
  return { peggedUSD: n };
}

export function defillamaStablecoinsRouter(m: SandboxMarket): Router {
  const r = Router();
  const chartCache = new Map<string, unknown>();

  const circAtDay = (s: Stablecoin, chain: string, d: number) => m.stableCirculating(s, chain, d * DAY_MS);

  r.get('/stablecoins', (req, res) => {
    const t = m.nowMs();
    const includePrices = qsBool(req, 'includePrices') ?? false;
    const peggedAssets = m.stablecoins.map((s) => {
      const chainCirculating: Record<string, unknown> = {};
      for (const c of s.chains) {
        chainCirculating[c] = {
          current: usd(m.stableCirculating(s, c, t)),
          circulatingPrevDay: usd(m.stableCirculating(s, c, t - DAY_MS)),
          circulatingPrevWeek: usd(m.stableCirculating(s, c, t - 7 * DAY_MS)),
          circulatingPrevMonth: usd(m.stableCirculating(s, c, t - 30 * DAY_MS)),
        };
      }
      const out: Record<string, unknown> = {
        id: s.id,
        name: s.name,
        symbol: s.symbol,
        gecko_id: s.asset.geckoId,
        pegType: 'peggedUSD',
        priceSource: 'defillama',
        pegMechanism: s.pegMechanism,
        circulating: usd(m.stableTotal(s, t)),
        circulatingPrevDay: usd(m.stableTotal(s, t - DAY_MS)),
        circulatingPrevWeek: usd(m.stableTotal(s, t - 7 * DAY_MS)),
        circulatingPrevMonth: usd(m.stableTotal(s, t - 30 * DAY_MS)),
        chainCirculating,
        chains: [...s.chains],
      };
      if (includePrices) out.price = m.price(s.asset, t);
      return out;
    });
    res.json({ peggedAssets });
  });

  r.get('/stablecoinchains', (_req, res) => {
    const t = m.nowMs();
    const out: unknown[] = [];
    for (const c of m.chains) {
      let total = 0;
      let any = false;
      for (const s of m.stablecoins) {
        if (s.chainBase[c.name] === undefined) continue;
        any = true;
        total += Math.round(m.stableCirculating(s, c.name, t) * (m.price(s.asset, t) ?? 1));
      }
      if (!any) continue;
      out.push({ gecko_id: c.geckoId, totalCirculatingUSD: usd(total), tokenSymbol: c.tokenSymbol, name: c.name });
    }
    res.json(out);
  });

  const chart = (req: Request, res: Response, chainName: string | null) => {
    const stableId = qs(req, 'stablecoin');
    const stables = stableId ? m.stablecoins.filter((s) => s.id === stableId) : m.stablecoins;
    if (stableId && stables.length === 0) return notFound(res, `stablecoin ${stableId} not found`);
    const today = m.today();
    const key = `${chainName}|${stableId}|${today}`;
    let out = chartCache.get(key);
    if (!out) {
      const points: unknown[] = [];
      for (let d = today - HISTORY_DAYS + 1; d <= today; d++) {
        let circ = 0;
        let circUsd = 0;
        let any = false;
        for (const s of stables) {
          const price = m.price(s.asset, d * DAY_MS) ?? 1;
          for (const c of s.chains) {
            if (chainName && c !== chainName) continue;
            any = true;
            const v = circAtDay(s, c, d);
            circ += v;
            circUsd += Math.round(v * price);
          }
        }
        if (!any) continue;
        points.push({ date: String(d * DAY_S), totalCirculating: usd(circ), totalCirculatingUSD: usd(circUsd) });
      }
      if (chartCache.size > 64) chartCache.clear();
      chartCache.set(key, points);
      out = points;
    }
    res.json(out);
  };

  r.get('/stablecoincharts/all', (req, res) => chart(req, res, null));
  r.get('/stablecoincharts/:chain', (req, res) => {
    const chain = m.chainByName(String(req.params.chain));
    if (!chain) return notFound(res, `Chain ${req.params.chain} not found`);
    chart(req, res, chain.name);
  });

  r.get('/stablecoin/:id', (req, res) => {
    const s = m.stablecoins.find((x) => x.id === String(req.params.id) || x.symbol.toLowerCase() === String(req.params.id).toLowerCase());
    if (!s) return notFound(res, 'Stablecoin not found');
    const t = m.nowMs();
    const today = m.today();
    const days: number[] = [];
    for (let d = today - HISTORY_DAYS + 1; d <= today; d++) days.push(d);
    const chainBalances: Record<string, { tokens: { date: number; circulating: { peggedUSD: number } }[] }> = {};
    const chainCirculating: Record<string, { date: number; circulating: number }[]> = {};
    const currentChainBalances: Record<string, { peggedUSD: number }> = {};
    for (const c of s.chains) {
      chainBalances[c] = { tokens: days.map((d) => ({ date: d * DAY_S, circulating: usd(circAtDay(s, c, d)) })) };
      chainCirculating[c] = days.map((d) => ({ date: d * DAY_S, circulating: circAtDay(s, c, d) }));
      currentChainBalances[c] = usd(m.stableCirculating(s, c, t));
    }
    const tokens = days.map((d, i) => {
      let sum = 0;
      for (const c of s.chains) sum += chainBalances[c].tokens[i].circulating.peggedUSD;
      return { date: d * DAY_S, circulating: usd(sum) };
    });
    res.json({
      id: s.id,
      name: s.name,
      address: null,
      symbol: s.symbol,
      url: `https://${s.symbol.toLowerCase()}.example`,
      description: `${s.name} is a ${s.pegMechanism} stablecoin pegged to the US dollar.`,
      mintRedeemDescription: null,
      onCoinGecko: s.asset.geckoId ? 'true' : 'false',
      gecko_id: s.asset.geckoId,
      cmcId: null,
      pegType: 'peggedUSD',
      pegMechanism: s.pegMechanism,
      priceSource: 'defillama',
      auditLinks: [],
      twitter: null,
      wiki: null,
      price: m.price(s.asset, t),
      chains: [...s.chains],
      currentChainBalances,
      chainBalances,
      tokens,
      totalCirculating: tokens.map((x) => ({ date: x.date, totalCirculating: x.circulating.peggedUSD })),
      chainCirculating,
    });
  });

  r.get('/stablecoinprices', (_req, res) => {
    const today = m.today();
    const out: unknown[] = [];
    for (let d = today - HISTORY_DAYS + 1; d <= today; d++) {
      const prices: Record<string, number> = {};
      for (const s of m.stablecoins) {
        const p = m.price(s.asset, d * DAY_MS);
        if (p !== null && s.asset.geckoId) prices[s.asset.geckoId] = p;
      }
      out.push({ date: d * DAY_S, prices });
    }
    res.json(out);
  });
  return r;
}

// ───────────────────────────── yields (yields.llama.fi) ─────────────────────────────

interface PoolDailyStats {
  apyBase7d: number | null;
  apyMean30d: number;
  mu: number;
  sigma: number;
  volumeUsd1d: number | null;
  volumeUsd7d: number | null;
}

function poolDailyStats(m: SandboxMarket, pool: YieldPool, today: number): PoolDailyStats {
  const samples: { apy: number; apyBase: number }[] = [];
  const n = Math.min(30, pool.ageDays);
  for (let i = 1; i <= n; i++) samples.push(m.poolState(pool, (today - i) * DAY_MS));
  const mean = samples.reduce((a, s) => a + s.apy, 0) / Math.max(1, samples.length);
  const variance = samples.reduce((a, s) => a + (s.apy - mean) ** 2, 0) / Math.max(1, samples.length);
  const base7 = samples.slice(0, 7);
  let vol1: number | null = null;
  let vol7: number | null = null;
  if (pool.hasVolume) {
    vol1 = 0;
    vol7 = 0;
    for (let i = 1; i <= 7; i++) {
      const v = Math.round(m.dailyDims(pool.protocol, pool.chain, today - i).volume * pool.share);
      if (i === 1) vol1 = v;
      vol7 += v;
    }
  }
  return {
    apyBase7d: base7.length < 7 ? null : round(base7.reduce((a, s) => a + s.apyBase, 0) / 7, 5),
    apyMean30d: round(mean, 5),
    mu: round(mean, 5),
    sigma: round(Math.sqrt(variance), 5),
    volumeUsd1d: vol1,
    volumeUsd7d: vol7,
  };
}

export function defillamaYieldsRouter(m: SandboxMarket): Router {
  const r = Router();
  const dailyCache = new Map<string, PoolDailyStats>();
  const daily = (pool: YieldPool, today: number) => {
    const k = `${pool.pool}|${today}`;
    let s = dailyCache.get(k);
    if (!s) {
      if (dailyCache.size > 5000) dailyCache.clear();
      s = poolDailyStats(m, pool, today);
      dailyCache.set(k, s);
    }
    return s;
  };

  r.get('/pools', (_req, res) => {
    const t = m.nowMs();
    const today = m.today(t);
    const data = m.pools
      .filter((pool) => pool.protocol.listedAt * 1000 <= t)
      .map((pool) => {
        const s = m.poolState(pool, t);
        const d1 = m.poolState(pool, t - DAY_MS);
        const d7 = m.poolState(pool, t - 7 * DAY_MS);
        const d30 = m.poolState(pool, t - 30 * DAY_MS);
        const ds = daily(pool, today);
        const apyPct30D = pool.ageDays < 30 ? null : round(s.apy - d30.apy, 5);
        const prob = pool.predictedProbability;
        return {
          chain: pool.chain,
          project: pool.protocol.slug,
          symbol: pool.symbol,
          tvlUsd: s.tvlUsd,
          apyBase: s.apyBase,
          apyReward: s.apyReward,
          apy: s.apy,
          rewardTokens: pool.rewardTokens ? [...pool.rewardTokens] : null,
          pool: pool.pool,
          apyPct1D: round(s.apy - d1.apy, 5),
          apyPct7D: pool.ageDays < 7 ? null : round(s.apy - d7.apy, 5),
          apyPct30D,
          stablecoin: pool.stablecoin,
          ilRisk: pool.ilRisk,
          exposure: pool.exposure,
          predictions: {
            predictedClass: (apyPct30D ?? 0) >= 0 ? 'Stable/Up' : 'Down',
            predictedProbability: prob,
            binnedConfidence: prob >= 80 ? 3 : prob >= 65 ? 2 : 1,
          },
          poolMeta: pool.poolMeta,
          mu: ds.mu,
          sigma: ds.sigma,
          count: pool.ageDays,
          outlier: pool.outlier,
          underlyingTokens: pool.underlyingTokens ? [...pool.underlyingTokens] : null,
          il7d: pool.ilRisk === 'yes' ? round(-Math.abs(s.apyBase - d7.apyBase) / 50, 5) : null,
          apyBase7d: ds.apyBase7d,
          apyMean30d: ds.apyMean30d,
          volumeUsd1d: ds.volumeUsd1d,
          volumeUsd7d: ds.volumeUsd7d,
          apyBaseInception: null,
        };
      });
    res.json({ status: 'success', data });
  });

  r.get('/chart/:pool', (req, res) => {
    const pool = m.pools.find((p) => p.pool === String(req.params.pool));
    const t = m.nowMs();
    if (!pool || pool.protocol.listedAt * 1000 > t) return notFound(res, 'Pool not found');
    const today = m.today(t);
    const first = Math.max(today - Math.min(pool.ageDays, HISTORY_DAYS - 1), Math.floor(pool.protocol.listedAt / DAY_S) + 1);
    const data: unknown[] = [];
    const point = (at: number, il: boolean) => {
      const s = m.poolState(pool, at);
      const prev = m.poolState(pool, at - 7 * DAY_MS);
      return {
        timestamp: iso(at),
        tvlUsd: s.tvlUsd,
        apy: s.apy,
        apyBase: s.apyBase,
        apyReward: s.apyReward,
        il7d: il ? round(-Math.abs(s.apyBase - prev.apyBase) / 50, 5) : null,
        apyBase7d: null,
      };
    };
    for (let d = first; d < today; d++) data.push(point(d * DAY_MS, pool.ilRisk === 'yes'));
    data.push(point(t, pool.ilRisk === 'yes'));
    res.json({ status: 'success', data });
  });
  return r;
}
