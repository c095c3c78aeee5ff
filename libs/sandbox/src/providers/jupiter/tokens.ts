/**
 * Jupiter Tokens API v2 (`/tokens/v2/search`, `/tag`, `/recent`, `/{category}/{interval}`): the
 * market's Solana tokens as MintInformation.
 */
import type { Router } from 'express';
import { DAY_MS, NO_TRACKED_FLOW, type SandboxMarket, type Token } from '../../market';
import { round, unit } from '../../prng';
import { iso, qs, toInt } from '../../util';
import { jerr } from './errors';
import { HUBS } from './swap';

const SEARCH_MAX_MINTS = 100;
const SEARCH_DEFAULT_RESULTS = 20;

function organicLabel(score: number): 'high' | 'medium' | 'low' {
  return score >= 70 ? 'high' : score >= 35 ? 'medium' : 'low';
}

const WINDOWS: [string, number][] = [
  ['stats5m', 5 * 60_000],
  ['stats1h', 3_600_000],
  ['stats6h', 6 * 3_600_000],
  ['stats24h', DAY_MS],
];

/** One `stats*` window of MintInformation (Solana Tracker's stand-in reads the 24 h one for its counts). */
export function swapStats(m: SandboxMarket, tk: Token, windowMs: number, t: number) {
  const priced = m.tokenPrice(tk, t) !== null;
  const vol = priced ? m.volume(tk, windowMs, t) : 0;
  const prevVol = priced ? m.volume(tk, windowMs, t - windowMs) : 0;
  // The rest of the market's swaps split by a drawn buy share, plus the tracked traders' own.
  const rest = priced ? m.untrackedVolume(tk, windowMs, t) : 0;
  const tracked = priced ? m.trackedFlow(tk, t - windowMs, t) : NO_TRACKED_FLOW;
  const buyShare = 0.44 + 0.12 * unit(0, tk.key, Math.floor(t / windowMs));
  const restBuy = round(rest * buyShare, 2);
  const restSell = round(rest - restBuy, 2);
  const buyVolume = round(restBuy + tracked.buyUsd, 2);
  const sellVolume = round(restSell + tracked.sellUsd, 2);
  const organic = (tk.organicScore / 100) * 0.9;
  const avgTrade = tk.verified ? 900 : 140;
  const numBuys = Math.round(restBuy / avgTrade) + tracked.buys;
  const numSells = Math.round(restSell / avgTrade) + tracked.sells;
  const numTraders = Math.round((numBuys + numSells) * 0.35);
  const h0 = m.holderCount(tk, t);
  const h1 = m.holderCount(tk, t - windowMs);
  const l0 = m.liquidity(tk, t);
  const l1 = m.liquidity(tk, t - windowMs);
  return {
    priceChange: m.priceChangePct(tk.asset, windowMs, t),
    holderChange: h1 ? round((h0 / h1 - 1) * 100, 4) : null,
    liquidityChange: l1 ? round((l0 / l1 - 1) * 100, 4) : null,
    volumeChange: prevVol ? round((vol / prevVol - 1) * 100, 4) : null,
    buyVolume,
    sellVolume,
    buyOrganicVolume: round(buyVolume * organic, 2),
    sellOrganicVolume: round(sellVolume * organic, 2),
    numBuys,
    numSells,
    numTraders,
    numOrganicBuyers: Math.round(numTraders * organic * 0.5),
    numNetBuyers: Math.max(0, Math.round(numTraders * (buyShare - 0.44) * 2)),
  };
}

/** Jupiter Tokens API v2 MintInformation. */
export function mintInformation(m: SandboxMarket, tk: Token, t: number) {
  const price = m.tokenPrice(tk, t);
  const liquidity = m.liquidity(tk, t);
  const isMeme = tk.launchpad === 'pump.fun';
  const audit: Record<string, unknown> = {
    mintAuthorityDisabled: tk.mintAuthority === null,
    freezeAuthorityDisabled: tk.freezeAuthority === null,
    topHoldersPercentage: tk.topHoldersPercentage,
  };
  if (isMeme || tk.sus) {
    audit.devBalancePercentage = m.developerShare(tk, t);
    audit.devMints = tk.devMints;
  }
  if (tk.sus) audit.isSus = true;
  const out: Record<string, unknown> = {
    id: tk.address,
    name: tk.name,
    symbol: tk.symbol,
    icon: tk.logo,
    decimals: tk.decimals,
    tokenProgram: tk.tokenProgram,
    createdAt: tk.createdAt,
    twitter: tk.twitter,
    telegram: tk.telegram,
    website: tk.website,
    dev: m.developer(tk),
    mintAuthority: tk.mintAuthority,
    freezeAuthority: tk.freezeAuthority,
    circSupply: tk.circSupply,
    totalSupply: tk.totalSupply,
    launchpad: tk.launchpad,
    graduatedPool: isMeme ? tk.ammKey : null,
    graduatedAt: isMeme ? iso(Date.parse(tk.createdAt) + 3 * 3_600_000) : null,
    holderCount: m.holderCount(tk, t),
    fdv: price === null ? null : round(price * tk.totalSupply, 2),
    mcap: price === null ? null : round(price * tk.circSupply, 2),
    usdPrice: price,
    priceBlockId: price === null ? null : m.slotAt(t),
    liquidity,
  };
  for (const [name, w] of WINDOWS) out[name] = swapStats(m, tk, w, t);
  out.firstPool = { ...tk.firstPool };
  out.audit = audit;
  out.organicScore = tk.organicScore;
  out.organicScoreLabel = organicLabel(tk.organicScore);
  out.isVerified = tk.verified;
  out.tags = [...tk.tags];
  out.updatedAt = iso(t);
  return out;
}
export function tokenRoutes(r: Router, m: SandboxMarket): void {
  r.get('/tokens/v2/search', (req, res) => {
    const query = qs(req, 'query');
    if (query === undefined || query.trim() === '') return jerr(res, 400, 'Query parameter query is required');
    const t = m.nowMs();
    const solTokens = m.solanaTokens();
    if (query.includes(',')) {
      const mints = query
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (mints.length > SEARCH_MAX_MINTS) return jerr(res, 400, `Too many mints: the maximum is ${SEARCH_MAX_MINTS}`);
      const seen = new Set<string>();
      const found: Token[] = [];
      for (const mint of mints) {
        const tk = m.tokenByMintAddress(mint);
        if (tk && !seen.has(mint)) {
          seen.add(mint);
          found.push(tk);
        }
      }
      return res.json(found.map((tk) => mintInformation(m, tk, t)));
    }
    const q = query.trim();
    const exact = m.tokenByMintAddress(q);
    if (exact) return res.json([mintInformation(m, exact, t)]);
    const ql = q.toLowerCase();
    const score = (tk: Token) => (tk.symbol.toLowerCase() === ql ? 0 : tk.symbol.toLowerCase().startsWith(ql) ? 1 : tk.name.toLowerCase() === ql ? 2 : 3);
    const matches = solTokens
      .filter((tk) => tk.symbol.toLowerCase().includes(ql) || tk.name.toLowerCase().includes(ql))
      .sort((a, b) => score(a) - score(b) || m.liquidity(b, t) - m.liquidity(a, t))
      .slice(0, SEARCH_DEFAULT_RESULTS);
    res.json(matches.map((tk) => mintInformation(m, tk, t)));
  });

  r.get('/tokens/v2/tag', (req, res) => {
    const tag = qs(req, 'query');
    if (!tag || !['lst', 'verified', 'stocks'].includes(tag)) return jerr(res, 400, 'Query parameter query must be one of lst, verified, stocks');
    const t = m.nowMs();
    res.json(
      m
        .solanaTokens()
        .filter((tk) => tk.tags.includes(tag))
        .map((tk) => mintInformation(m, tk, t)),
    );
  });

  r.get('/tokens/v2/recent', (_req, res) => {
    const t = m.nowMs();
    const list = m
      .solanaTokens()
      .filter((tk) => Date.parse(tk.firstPool.createdAt) <= t)
      .sort((a, b) => Date.parse(b.firstPool.createdAt) - Date.parse(a.firstPool.createdAt))
      .slice(0, 30);
    res.json(list.map((tk) => mintInformation(m, tk, t)));
  });

  r.get('/tokens/v2/:category/:interval', (req, res) => {
    const category = String(req.params.category);
    const interval = String(req.params.interval);
    if (!['toporganicscore', 'toptraded', 'toptrending'].includes(category)) return jerr(res, 404, 'Not Found');
    const w = { '5m': 5 * 60_000, '1h': 3_600_000, '6h': 6 * 3_600_000, '24h': DAY_MS }[interval];
    if (!w) return jerr(res, 400, 'interval must be one of 5m, 1h, 6h, 24h');
    const limit = toInt(qs(req, 'limit')) ?? 50;
    if (limit < 1 || limit > 100) return jerr(res, 400, 'limit must be between 1 and 100');
    const t = m.nowMs();
    const list = m.solanaTokens().filter((tk) => !HUBS.has(tk.address) && tk.symbol !== 'USDT' && m.tokenPrice(tk, t) !== null);
    const key = (tk: Token) =>
      category === 'toporganicscore'
        ? tk.organicScore
        : category === 'toptraded'
          ? m.volume(tk, w, t)
          : Math.abs(m.priceChangePct(tk.asset, w, t) ?? 0) * Math.log10(2 + m.volume(tk, w, t));
    list.sort((a, b) => key(b) - key(a));
    res.json(list.slice(0, limit).map((tk) => mintInformation(m, tk, t)));
  });
}
