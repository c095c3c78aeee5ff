/**
 * Solana Tracker Data API stand-in (data.solanatracker.io), mounted at /solana-tracker; the key
 * travels in `x-api-key`. Routes (upstreams.md §2.8):
 *   GET /tokens/{mint}              a coin: token, pools, events (12 windows), risk, 24 h counts, holders
 *   GET /tokens/{mint}/bundlers     the creation bundle's wallets, then and now
 *   GET /deployer/{wallet}          every coin the wallet launched (page, limit ≤ 500)
 *   GET /first-buyers/{mint}        the first 100 buyers with their PnL on the coin
 *   GET /top-traders/{mint}         the 100 wallets with the largest PnL on the coin
 *   GET /pnl/{wallet}               a wallet's PnL per coin and its summary (hideDetails)
 *   GET /search                     coins by filters (page, limit ≤ 500)
 *   GET /chart/{mint}               OHLCV, in market cap with marketCap=true
 * Errors are `{ error }`: 401 without a valid key, 400 on a malformed address or parameter, 404 on
 * a coin nobody launched. The coins, wallets and figures are the one market's (launches.ts,
 * wallets.ts, token-view.ts); tracked wallets are the FOMO stand-in's traders.
 */
import { Router, type Request, type Response } from 'express';
import type { SandboxMarket } from '../../market';
import { errorBody, authMessage } from '../../errors';
import { qs, toInt } from '../../util';
import type { FomoWorld } from '../fomo/world';
import { chart, CHART_TYPES } from './chart';
import { LaunchCatalog, type Launch } from './launches';
import { DEPLOYER_MAX_LIMIT, deployerAnswer, isSearchSort, SEARCH_MAX_LIMIT, searchAnswer, type SearchQuery } from './listings';
import { coinPnl, summary, traderRow, type PnlRow } from './pnl';
import { bundlersView, tokenView, type Ctx } from './token-view';
import { TrackedBooks } from './tracked';
import { CoinWallets } from './wallets';

const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
/** Rows of /first-buyers and /top-traders. */
export const TRADER_ROWS = 100;

export interface SolanaTrackerOptions {
  keys: string[];
  /** The FOMO stand-in's world (its traders are the tracked wallets), built on first use. */
  world: () => FomoWorld;
}

function fail(res: Response, status: number, message: string): void {
  res.status(status).json(errorBody('solana-tracker', status, message));
}

export function solanaTrackerRouter(market: SandboxMarket, options: SolanaTrackerOptions): Router {
  const catalog = new LaunchCatalog(market);
  const tracked = new TrackedBooks(options.world);
  const ctx: Ctx = { market, catalog, wallets: new CoinWallets(market, catalog, tracked) };
  const r = Router();

  r.use((req, res, next) => {
    const key = req.header('x-api-key');
    if (!key) return fail(res, 401, authMessage('solana-tracker', false, true));
    if (!options.keys.includes(key)) return fail(res, 401, authMessage('solana-tracker'));
    next();
  });

  /** The coin of the `:mint` parameter at the clock, or null after answering 400 / 404. */
  const coin = (req: Request, res: Response): Launch | undefined => {
    const mint = String(req.params.mint);
    if (!ADDRESS.test(mint)) return void fail(res, 400, `Invalid token address: ${mint}`);
    const l = catalog.byMint(mint, market.nowMs());
    if (!l) return void fail(res, 404, 'Token not found');
    return l;
  };
  const wallet = (req: Request, res: Response): string | undefined => {
    const w = String(req.params.wallet);
    if (!ADDRESS.test(w)) return void fail(res, 400, `Invalid wallet address: ${w}`);
    return w;
  };
  /** An integer query parameter in [min, max], its default when absent; undefined after a 400. */
  const intParam = (req: Request, res: Response, name: string, fallback: number, min: number, max: number): number | undefined => {
    const raw = qs(req, name);
    if (raw === undefined || raw === '') return fallback;
    const n = toInt(raw);
    if (n === undefined || String(n) !== raw.trim() || n < min || n > max) return void fail(res, 400, `${name} must be an integer from ${min} to ${max}`);
    return n;
  };
  const numParam = (req: Request, res: Response, name: string): number | null | undefined => {
    const raw = qs(req, name);
    if (raw === undefined || raw === '') return null;
    const n = Number(raw);
    if (!Number.isFinite(n)) return void fail(res, 400, `${name} must be a number`);
    return n;
  };

  r.get('/tokens/:mint', (req, res) => {
    const l = coin(req, res);
    if (l) res.json(tokenView(ctx, l, market.nowMs()));
  });

  r.get('/tokens/:mint/bundlers', (req, res) => {
    const l = coin(req, res);
    if (l) res.json(bundlersView(ctx, l, market.nowMs()));
  });

  r.get('/deployer/:wallet', (req, res) => {
    const w = wallet(req, res);
    if (!w) return;
    const page = intParam(req, res, 'page', 1, 1, 100_000);
    if (page === undefined) return;
    const limit = intParam(req, res, 'limit', 250, 1, DEPLOYER_MAX_LIMIT);
    if (limit === undefined) return;
    res.json(deployerAnswer(ctx, w, page, limit, market.nowMs()));
  });

  /** Every wallet's first-buyer row on the coin: those with a buy by t. */
  const traderRows = (l: Launch, t: number) => {
    const price = catalog.price(l, t);
    return ctx.wallets.of(l, t).flatMap((w) => {
      const pnl = coinPnl(w.fills, price, t);
      const firstBuy = pnl?.firstBuy;
      return pnl && firstBuy ? [{ row: traderRow(w.wallet, { ...pnl, firstBuy }), dev: w.role === 'dev' }] : [];
    });
  };

  r.get('/first-buyers/:mint', (req, res) => {
    const l = coin(req, res);
    if (!l) return;
    // The creation transaction (the developer's buy) comes before the bundle landing in its slot.
    const rows = traderRows(l, market.nowMs()).sort(
      (a, b) => a.row.first_buy_time - b.row.first_buy_time || Number(b.dev) - Number(a.dev) || (a.row.wallet < b.row.wallet ? -1 : 1),
    );
    res.json(rows.slice(0, TRADER_ROWS).map((r) => r.row));
  });

  r.get('/top-traders/:mint', (req, res) => {
    const l = coin(req, res);
    if (!l) return;
    const rows = traderRows(l, market.nowMs())
      .map((r) => r.row)
      .sort((a, b) => b.total - a.total || (a.wallet < b.wallet ? -1 : 1));
    res.json(rows.slice(0, TRADER_ROWS));
  });

  r.get('/pnl/:wallet', (req, res) => {
    const w = wallet(req, res);
    if (!w) return;
    const t = market.nowMs();
    const tokens: Record<string, PnlRow> = {};
    for (const { launch, fills } of ctx.wallets.coinsOf(w, t)) {
      const pnl = coinPnl(fills, catalog.price(launch, t), t);
      if (pnl) tokens[launch.mint] = pnl.row;
    }
    const hide = qs(req, 'hideDetails') === 'true';
    res.json({ tokens: hide ? {} : tokens, summary: summary(Object.values(tokens)) });
  });

  r.get('/search', (req, res) => {
    const page = intParam(req, res, 'page', 1, 1, 100_000);
    if (page === undefined) return;
    const limit = intParam(req, res, 'limit', 100, 1, SEARCH_MAX_LIMIT);
    if (limit === undefined) return;
    const sortBy = qs(req, 'sortBy') ?? 'createdAt';
    if (!isSearchSort(sortBy)) return fail(res, 400, 'sortBy must be one of createdAt, marketCapUsd, liquidityUsd, volume_24h, holders');
    const sortOrder = qs(req, 'sortOrder') ?? 'desc';
    if (sortOrder !== 'asc' && sortOrder !== 'desc') return fail(res, 400, 'sortOrder must be asc or desc');
    const minCreatedAt = numParam(req, res, 'minCreatedAt');
    if (minCreatedAt === undefined) return;
    const maxCreatedAt = numParam(req, res, 'maxCreatedAt');
    if (maxCreatedAt === undefined) return;
    const ranges: SearchQuery['ranges'] = {};
    for (const k of ['MarketCap', 'Liquidity', 'Volume', 'Holders'] as const) {
      const min = numParam(req, res, `min${k}`);
      if (min === undefined) return;
      const max = numParam(req, res, `max${k}`);
      if (max === undefined) return;
      if (min !== null || max !== null) ranges[k] = { min, max };
    }
    const text = qs(req, 'query') ?? qs(req, 'symbol') ?? null;
    const markets = (qs(req, 'market') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    res.json(
      searchAnswer(
        ctx,
        {
          text: text?.trim() || null,
          minCreatedAt,
          maxCreatedAt,
          ranges,
          deployer: qs(req, 'deployer') ?? null,
          markets,
          status: qs(req, 'status') ?? null,
          sortBy,
          sortOrder,
          page,
          limit,
        },
        market.nowMs(),
      ),
    );
  });

  r.get('/chart/:mint', (req, res) => {
    const l = coin(req, res);
    if (!l) return;
    const type = qs(req, 'type') ?? '1h';
    const seconds = CHART_TYPES[type];
    if (!seconds) return fail(res, 400, `type must be one of ${Object.keys(CHART_TYPES).join(', ')}`);
    const from = intParam(req, res, 'time_from', -1, 0, 4_102_444_800);
    if (from === undefined) return;
    const to = intParam(req, res, 'time_to', -1, 0, 4_102_444_800);
    if (to === undefined) return;
    const marketCap = qs(req, 'marketCap') === 'true';
    res.json({ oclhv: chart(market, catalog, l, { seconds, from: from < 0 ? null : from, to: to < 0 ? null : to, marketCap }, market.nowMs()) });
  });

  return r;
}
