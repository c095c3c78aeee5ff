/**
 * Jupiter stand-in (api.jup.ag), mounted at /jupiter: Price API v3, Metis swap v1 quote, Tokens
 * API v2. Every request needs `x-api-key` (missing or unknown → 401 `{ error }`); each key has a
 * per-minute limit on a 60 s sliding window (wall clock) reported in `x-ratelimit-remaining`,
 * `x-ratelimit-current` (requests counted in the window) and `x-ratelimit-reset` (unix seconds);
 * beyond it 429 with `Retry-After`.
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import { DAY_MS, SandboxMarket, type Token } from '../../market';
import { hashString, round, unit } from '../../prng';
import { authMessage, errorBody, rateLimitMessage } from '../../errors';
import { decimalString, iso, qs, qsBool, qsList, toInt } from '../../util';

export interface JupiterKey {
  key: string;
  /** Requests per 60 s sliding window (default 600, Jupiter's Developer tier). */
  perMinute?: number;
}

export interface JupiterOptions {
  keys: JupiterKey[];
  /** Wall clock for rate limiting (ms). */
  rateNow?: () => number;
}

const PRICE_V3_MAX_IDS = 50;
const SEARCH_MAX_MINTS = 100;
const SEARCH_DEFAULT_RESULTS = 20;

function jerr(res: Response, status: number, message: string, errorCode?: string): void {
  res.status(status).json(errorBody('jupiter', status, message, { errorCode }));
}

/** Per-key sliding-window limiter. */
export class KeyRateLimiter {
  private readonly windows = new Map<string, number[]>();
  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Counts one request; returns the header values and whether it is over the limit. */
  hit(key: string, limit: number): { allowed: boolean; remaining: number; current: number; reset: number; retryAfterSec: number } {
    const now = this.now();
    const w = (this.windows.get(key) ?? []).filter((t) => t > now - 60_000);
    const allowed = w.length < limit;
    if (allowed) w.push(now);
    this.windows.set(key, w);
    const oldest = w[0] ?? now;
    const resetMs = oldest + 60_000;
    return {
      allowed,
      remaining: Math.max(0, limit - w.length),
      current: w.length,
      reset: Math.ceil(resetMs / 1000),
      retryAfterSec: Math.max(1, Math.ceil((resetMs - now) / 1000)),
    };
  }

  reset(): void {
    this.windows.clear();
  }
}

function organicLabel(score: number): 'high' | 'medium' | 'low' {
  return score >= 70 ? 'high' : score >= 35 ? 'medium' : 'low';
}

const WINDOWS: [string, number][] = [
  ['stats5m', 5 * 60_000],
  ['stats1h', 3_600_000],
  ['stats6h', 6 * 3_600_000],
  ['stats24h', DAY_MS],
];

function swapStats(m: SandboxMarket, tk: Token, windowMs: number, t: number) {
  const priced = m.tokenPrice(tk, t) !== null;
  const vol = priced ? m.volume(tk, windowMs, t) : 0;
  const prevVol = priced ? m.volume(tk, windowMs, t - windowMs) : 0;
  const buyShare = 0.44 + 0.12 * unit(0, tk.key, Math.floor(t / windowMs));
  const buyVolume = round(vol * buyShare, 2);
  const sellVolume = round(vol - buyVolume, 2);
  const organic = (tk.organicScore / 100) * 0.9;
  const avgTrade = tk.verified ? 900 : 140;
  const numBuys = Math.round(buyVolume / avgTrade);
  const numSells = Math.round(sellVolume / avgTrade);
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
    audit.devBalancePercentage = tk.devBalancePercentage;
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
    dev: tk.dev,
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

const HUBS = new Set(['So11111111111111111111111111111111111111112', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v']);

interface Leg {
  pool: Token;
  from: Token;
  to: Token;
  fee: number;
}

export function jupiterRouter(m: SandboxMarket, opts: JupiterOptions): { router: Router; limiter: KeyRateLimiter } {
  const r = Router();
  const limiter = new KeyRateLimiter(opts.rateNow);
  const keys = new Map(opts.keys.map((k) => [k.key, k.perMinute ?? 600]));
  const usdc = m.tokenByMintAddress('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')!;
  const sol = m.tokenByMintAddress('So11111111111111111111111111111111111111112')!;

  r.use((req: Request, res: Response, next: NextFunction) => {
    const header = req.header('x-api-key');
    if (!header) return jerr(res, 401, authMessage('jupiter', false, true));
    const limit = keys.get(header);
    if (limit === undefined) return jerr(res, 401, authMessage('jupiter'));
    const rl = limiter.hit(header, limit);
    res.setHeader('x-ratelimit-remaining', String(rl.remaining));
    res.setHeader('x-ratelimit-current', String(rl.current));
    res.setHeader('x-ratelimit-reset', String(rl.reset));
    if (!rl.allowed) {
      res.setHeader('Retry-After', String(rl.retryAfterSec));
      return jerr(res, 429, rateLimitMessage('jupiter'));
    }
    next();
  });

  // ── Price API v3
  r.get('/price/v3', (req, res) => {
    const raw = qs(req, 'ids');
    if (raw === undefined || raw.trim() === '') return jerr(res, 400, 'Query parameter ids is required');
    const ids = raw.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
    if (ids.length > PRICE_V3_MAX_IDS) return jerr(res, 400, `Too many ids: ${ids.length} were requested, the maximum is ${PRICE_V3_MAX_IDS}`);
    const t = m.nowMs();
    const out: Record<string, unknown> = {};
    for (const id of ids) {
      if (out[id]) continue;
      const tk = m.tokenByMintAddress(id);
      if (!tk) continue;
      const price = m.tokenPrice(tk, t);
      if (price === null) continue;
      out[id] = {
        createdAt: tk.createdAt,
        liquidity: m.liquidity(tk, t),
        usdPrice: price,
        blockId: m.slotAt(t),
        decimals: tk.decimals,
        priceChange24h: m.priceChangePct(tk.asset, DAY_MS, t),
      };
    }
    res.json(out);
  });

  // ── Tokens API v2
  r.get('/tokens/v2/search', (req, res) => {
    const query = qs(req, 'query');
    if (query === undefined || query.trim() === '') return jerr(res, 400, 'Query parameter query is required');
    const t = m.nowMs();
    const solTokens = m.solanaTokens();
    if (query.includes(',')) {
      const mints = query.split(',').map((s) => s.trim()).filter(Boolean);
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
    res.json(m.solanaTokens().filter((tk) => tk.tags.includes(tag)).map((tk) => mintInformation(m, tk, t)));
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
      category === 'toporganicscore' ? tk.organicScore : category === 'toptraded' ? m.volume(tk, w, t) : Math.abs(m.priceChangePct(tk.asset, w, t) ?? 0) * Math.log10(2 + m.volume(tk, w, t));
    list.sort((a, b) => key(b) - key(a));
    res.json(list.slice(0, limit).map((tk) => mintInformation(m, tk, t)));
  });

  // ── Swap v1
  r.get('/swap/v1/program-id-to-label', (_req, res) => {
    res.json({
      JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4: 'Jupiter V6',
      whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc: 'Orca Whirlpool',
      CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK: 'Raydium CLMM',
      LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo: 'Meteora DLMM',
      '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8': 'Raydium',
      pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA: 'Pump.fun Amm',
      cpamdpZCGKUy5JxQXB4dcpGPiikHawvSWAd6mEn1sGG: 'Meteora DAMM v2',
    });
  });

  r.get('/swap/v1/quote', (req, res) => {
    const inputMint = qs(req, 'inputMint');
    const outputMint = qs(req, 'outputMint');
    const amountRaw = qs(req, 'amount');
    for (const [name, v] of [['inputMint', inputMint], ['outputMint', outputMint], ['amount', amountRaw]] as const) {
      if (v === undefined || v === '') return jerr(res, 400, `Query parameter ${name} is required`);
    }
    if (!/^\d+$/.test(amountRaw!) || BigInt(amountRaw!) === 0n || BigInt(amountRaw!) > 18446744073709551615n) {
      return jerr(res, 400, 'Query parameter amount must be a positive u64 integer');
    }
    const slippageBps = toInt(qs(req, 'slippageBps')) ?? 50;
    if (slippageBps < 0 || slippageBps > 10_000) return jerr(res, 400, 'Query parameter slippageBps must be between 0 and 10000');
    const swapMode = qs(req, 'swapMode') ?? 'ExactIn';
    if (swapMode !== 'ExactIn' && swapMode !== 'ExactOut') return jerr(res, 400, 'Query parameter swapMode must be ExactIn or ExactOut');
    const platformFeeBps = toInt(qs(req, 'platformFeeBps')) ?? 0;
    if (platformFeeBps < 0 || platformFeeBps > 10_000) return jerr(res, 400, 'Query parameter platformFeeBps must be between 0 and 10000');
    if (inputMint === outputMint) return jerr(res, 400, 'Input and output mints are not allowed to be equal', 'CIRCULAR_ARBITRAGE_IS_DISABLED');
    const inTk = m.tokenByMintAddress(inputMint!);
    const outTk = m.tokenByMintAddress(outputMint!);
    if (!inTk) return jerr(res, 400, `The token ${inputMint} is not tradable`, 'TOKEN_NOT_TRADABLE');
    if (!outTk) return jerr(res, 400, `The token ${outputMint} is not tradable`, 'TOKEN_NOT_TRADABLE');
    const noRoute = () => jerr(res, 400, 'Could not find any route', 'COULD_NOT_FIND_ANY_ROUTE');
    const t = m.nowMs();
    const pIn = m.tokenPrice(inTk, t);
    const pOut = m.tokenPrice(outTk, t);
    const pUsdc = m.tokenPrice(usdc, t)!;
    if (pIn === null || pOut === null) return noRoute();
    for (const tk of [inTk, outTk]) if (tk.noRoute || m.liquidity(tk, t) <= 0) return noRoute();

    // Legs: hub pairs trade directly; anything else routes through USDC.
    const feeOf = (pool: Token) => (HUBS.has(pool.address) ? 0.0004 : pool.launchpad === 'pump.fun' ? 0.0025 : 0.002);
    const legs: Leg[] = [];
    const inHub = HUBS.has(inTk.address);
    const outHub = HUBS.has(outTk.address);
    if (inHub && outHub) legs.push({ pool: sol, from: inTk, to: outTk, fee: feeOf(sol) });
    else if (inHub || outHub) {
      const pool = inHub ? outTk : inTk;
      legs.push({ pool, from: inTk, to: outTk, fee: feeOf(pool) });
    } else {
      if (qsBool(req, 'onlyDirectRoutes')) return noRoute();
      legs.push({ pool: inTk, from: inTk, to: usdc, fee: feeOf(inTk) });
      legs.push({ pool: outTk, from: usdc, to: outTk, fee: feeOf(outTk) });
    }
    const dexes = qsList(req, 'dexes').map((d) => d.replace(/\+/g, ' ').toLowerCase());
    const exclude = qsList(req, 'excludeDexes').map((d) => d.replace(/\+/g, ' ').toLowerCase());
    for (const leg of legs) {
      const label = leg.pool.venue.toLowerCase();
      if (dexes.length && !dexes.includes(label)) return noRoute();
      if (exclude.includes(label)) return noRoute();
    }
    const reserve = (leg: Leg) => (leg.pool === sol ? Math.min(m.liquidity(sol, t), m.liquidity(usdc, t)) : m.liquidity(leg.pool, t)) / 2;
    const priceOf = (tk: Token) => (tk === usdc ? pUsdc : tk === inTk ? pIn : tk === outTk ? pOut : m.tokenPrice(tk, t)!);
    const raw = (usd: number, tk: Token, up = false) => {
      const x = (usd / priceOf(tk)) * 10 ** tk.decimals;
      return BigInt(Math.max(0, up ? Math.ceil(x) : Math.floor(x)));
    };

    // USD flowing through each leg: [in, feeUsd, out]; impact per leg on a constant-product reserve.
    const flows: { inUsd: number; feeUsd: number; outUsd: number }[] = [];
    let impactKeep = 1;
    let inAmount: bigint;
    let outAmount: bigint;
    let platformFee = 0n;
    if (swapMode === 'ExactIn') {
      let x = (Number(amountRaw) / 10 ** inTk.decimals) * pIn;
      const startUsd = x;
      for (const leg of legs) {
        const R = reserve(leg);
        const afterFee = x * (1 - leg.fee);
        const out = (afterFee * R) / (R + afterFee);
        impactKeep *= R / (R + afterFee);
        flows.push({ inUsd: x, feeUsd: x * leg.fee, outUsd: out });
        x = out;
      }
      inAmount = BigInt(amountRaw!);
      outAmount = raw(x, outTk);
      if (platformFeeBps > 0) {
        platformFee = (outAmount * BigInt(platformFeeBps)) / 10_000n;
        outAmount -= platformFee;
      }
      if (outAmount <= 0n || startUsd <= 0) return noRoute();
    } else {
      let y = (Number(amountRaw) / 10 ** outTk.decimals) * pOut;
      const rev: { inUsd: number; feeUsd: number; outUsd: number }[] = [];
      for (let i = legs.length - 1; i >= 0; i--) {
        const R = reserve(legs[i]);
        if (y >= R * 0.95) return noRoute();
        const afterFee = (y * R) / (R - y);
        const x = afterFee / (1 - legs[i].fee);
        impactKeep *= (R - y) / R;
        rev.unshift({ inUsd: x, feeUsd: x * legs[i].fee, outUsd: y });
        y = x;
      }
      flows.push(...rev);
      outAmount = BigInt(amountRaw!);
      inAmount = raw(y, inTk, true);
      if (platformFeeBps > 0) {
        platformFee = (inAmount * BigInt(platformFeeBps)) / 10_000n;
        inAmount += platformFee;
      }
    }
    const threshold =
      swapMode === 'ExactIn'
        ? (outAmount * BigInt(10_000 - slippageBps)) / 10_000n
        : (inAmount * BigInt(10_000 + slippageBps) + 9_999n) / 10_000n;
    const routePlan = legs.map((leg, i) => {
      const f = flows[i];
      const legIn = i === 0 ? inAmount - (swapMode === 'ExactOut' ? platformFee : 0n) : raw(f.inUsd, leg.from);
      const legOut = i === legs.length - 1 ? outAmount + (swapMode === 'ExactIn' ? platformFee : 0n) : raw(f.outUsd, leg.to);
      return {
        swapInfo: {
          ammKey: leg.pool.ammKey,
          label: leg.pool.venue,
          inputMint: leg.from.address,
          outputMint: leg.to.address,
          inAmount: legIn.toString(),
          outAmount: legOut.toString(),
          feeAmount: raw(f.feeUsd, leg.to).toString(),
          feeMint: leg.to.address,
        },
        percent: 100,
        bps: 10_000,
      };
    });
    const impact = Math.max(0, 1 - impactKeep);
    res.json({
      inputMint,
      inAmount: inAmount.toString(),
      outputMint,
      outAmount: outAmount.toString(),
      otherAmountThreshold: threshold.toString(),
      swapMode,
      slippageBps,
      platformFee: { amount: platformFee.toString(), feeBps: platformFeeBps },
      priceImpactPct: decimalString(impact, 10),
      routePlan,
      contextSlot: m.slotAt(t),
      timeTaken: round(0.002 + unit(m.seed, hashString(`${inputMint}${outputMint}${amountRaw}`), 0) * 0.03, 9),
      mostReliableAmmsQuoteReport: { info: { [routePlan[0].swapInfo.ammKey]: routePlan[0].swapInfo.outAmount } },
    });
  });

  return { router: r, limiter };
}
