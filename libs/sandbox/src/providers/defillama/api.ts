/**
 * DefiLlama stand-in: api.llama.fi, mounted at /defillama/api (TVL, protocols, hacks, and the
 * dimension overviews and summaries of dimensions.ts). Each DefiLlama host is a Router of its own in
 * this folder (coins.ts, stablecoins.ts, yields.ts); shapes follow DefiLlama's free OpenAPI document
 * and the SDK types (upstreams.md 2.2). Errors are `{ message }` with the documented status.
 */
import { Router } from 'express';
import { DAY_MS, type Protocol, type SandboxMarket } from '../../market';
import { round, sig } from '../../prng';
import { pct } from '../../util';
import { notFound } from './errors';
import { overviewHandler, summaryHandler, type Overview } from './dimensions';

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
  const chainTvls: Record<
    string,
    {
      tvl: { date: number; totalLiquidityUSD: number }[];
      tokensInUsd: { date: number; tokens: Record<string, number> }[];
      tokens: { date: number; tokens: Record<string, number> }[];
    }
  > = {};
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
