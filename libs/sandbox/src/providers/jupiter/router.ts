/**
 * Jupiter stand-in (api.jup.ag), mounted at /jupiter: Price API v3, Metis swap v1 quote, Tokens
 * API v2. Every request needs `x-api-key` (missing or unknown → 401 `{ error }`); each key has a
 * per-minute limit on a 60 s sliding window (wall clock) reported in `x-ratelimit-remaining`,
 * `x-ratelimit-current` (requests counted in the window) and `x-ratelimit-reset` (unix seconds);
 * beyond it 429 with `Retry-After`.
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import { DAY_MS, type SandboxMarket } from '../../market';
import { authMessage, rateLimitMessage } from '../../errors';
import { qs } from '../../util';
import { jerr } from './errors';
import { KeyRateLimiter } from './rate-limit';
import { tokenRoutes } from './tokens';
import { swapRoutes } from './swap';

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

export function jupiterRouter(m: SandboxMarket, opts: JupiterOptions): { router: Router; limiter: KeyRateLimiter } {
  const r = Router();
  const limiter = new KeyRateLimiter(opts.rateNow);
  const keys = new Map(opts.keys.map((k) => [k.key, k.perMinute ?? 600]));

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
    const ids = raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
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

  tokenRoutes(r, m);
  swapRoutes(r, m);

  return { router: r, limiter };
}
