/** DefiLlama stand-in: stablecoins.llama.fi, mounted at /defillama/stablecoins. */
import { Router, type Request, type Response } from 'express';
import { DAY_MS, DAY_S, HISTORY_DAYS, type SandboxMarket, type Stablecoin } from '../../market';
import { qs, qsBool } from '../../util';
import { notFound } from './errors';

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
