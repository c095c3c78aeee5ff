/**
 * The launchpad stand-in (StonkFun format, upstreams.md "StonkFun"; the contract in
 * libs/upstream/src/providers/launchpad/launchpad.schemas.ts). The site's paths are unpublished:
 * these are Scout's, defined here and once in the client. Key in `x-api-key`; errors `{ error }`.
 *   GET /api/tokens                         q, sort=marketCap|newest|volume, mode, status, quoteMint, category, page, pageSize
 *   GET /api/tokens/{mint}                  listing + launch record
 *   GET /api/tokens/{mint}/burns|rewards|airdrop   limit 1-100
 *   GET /api/tokens/{mint}/fees|backing     backing: pump launches only (400)
 *   GET /api/launches                       creator, mode, since (ISO), page, pageSize (newest first)
 *   GET /api/launches/status/{signature}
 *   GET /api/pairs                          category, launchable, launchLabReady
 *   GET /api/launchlab/pricing/{quoteMint}  404 unknown, 400 not LaunchLab-ready
 *   GET /api/stats | /api/revenue?limit=&history=true | /api/rewards?limit=
 *   GET /api/asset/quote-logo/{mint}, /api/asset/token-image/{mint}   images
 */
import express, { type Request, type Response, type Router } from 'express';
import type { SandboxMarket } from '../../market';
import { authMessage } from '../../errors';
import { iso, qs } from '../../util';
import { LaunchpadEconomics } from './economics';
import { airdropView, backingView, feesView, launchLabPricingView, launchStatusView, pairsView } from './extras';
import { paymentSignature } from './ids';
import { PlatformBook } from './platform';
import { burnsView, launchView, rewardsView, tokenView } from './views';
import { LaunchpadWorld, type CoinState } from './world';

export interface LaunchpadProvider {
  router: Router;
  /** Built on first use. */
  readonly world: LaunchpadWorld;
  readonly economics: LaunchpadEconomics;
  readonly platform: PlatformBook;
}

class BadParam extends Error {}

function fail(res: Response, status: number, error: string): void {
  res.status(status).json({ error });
}

function intParam(req: Request, name: string, min: number, max: number, fallback: number): number {
  const v = qs(req, name);
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new BadParam(`${name} must be an integer from ${min} to ${max}`);
  return n;
}

function oneOf<T extends string>(req: Request, name: string, values: readonly T[]): T | undefined {
  const v = qs(req, name);
  if (v === undefined || v === '') return undefined;
  if (!values.includes(v as T)) throw new BadParam(`${name} must be one of ${values.join(', ')}`);
  return v as T;
}

function boolParam(req: Request, name: string): boolean | undefined {
  const v = oneOf(req, name, ['true', 'false'] as const);
  return v === undefined ? undefined : v === 'true';
}

function page<T>(rows: T[], pageNo: number, pageSize: number) {
  return {
    rows: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize),
    pagination: { page: pageNo, pageSize, total: rows.length, totalPages: Math.ceil(rows.length / pageSize) },
  };
}

const MODES = ['standard', 'reward'] as const;

export function launchpadRouter(market: SandboxMarket, options: { keys: string[] }): LaunchpadProvider {
  let world: LaunchpadWorld | null = null;
  let economics: LaunchpadEconomics | null = null;
  let platform: PlatformBook | null = null;
  const built = () => {
    world ??= new LaunchpadWorld(market);
    economics ??= new LaunchpadEconomics(world);
    platform ??= new PlatformBook(world, economics);
    return { world, economics, platform };
  };
  const r = express.Router();
  r.use((req, res, next) => {
    const key = req.header('x-api-key');
    if (!key) return fail(res, 401, authMessage('launchpad', false, true));
    if (!options.keys.includes(key)) return fail(res, 401, authMessage('launchpad'));
    next();
  });
  const handle = (fn: (req: Request, res: Response, t: number) => void) => (req: Request, res: Response) => {
    try {
      fn(req, res, market.nowMs());
    } catch (e) {
      if (e instanceof BadParam) return fail(res, 400, e.message);
      throw e;
    }
  };
  /** The coin of `:mint` at t, or a 404 sent. */
  const coinState = (req: Request, res: Response, t: number): CoinState | null => {
    const s = built().world.stateOf(String(req.params.mint), t);
    if (!s) fail(res, 404, `Token not found: ${String(req.params.mint)}`);
    return s ?? null;
  };

  r.get(
    '/api/tokens',
    handle((req, res, t) => {
      const sort = oneOf(req, 'sort', ['marketCap', 'newest', 'volume'] as const) ?? 'marketCap';
      const mode = oneOf(req, 'mode', MODES);
      const status = oneOf(req, 'status', ['bonding', 'graduated'] as const);
      const pageNo = intParam(req, 'page', 1, 1_000_000, 1);
      const pageSize = intParam(req, 'pageSize', 1, 100, 25);
      const q = qs(req, 'q')?.trim().toLowerCase();
      const quoteMint = qs(req, 'quoteMint');
      const category = qs(req, 'category');
      const rows = built()
        .world.states(t)
        .filter((s) => !q || s.coin.mint.toLowerCase() === q || s.coin.name.toLowerCase().includes(q) || s.coin.symbol.toLowerCase().includes(q))
        .filter((s) => (!mode || s.coin.mode === mode) && (!status || s.status === status))
        .filter((s) => (!quoteMint || s.quote.mint === quoteMint) && (!category || s.quote.category === category));
      const key = (s: CoinState) => (sort === 'newest' ? s.coin.at : sort === 'volume' ? s.volume24h : (s.marketCap ?? -1));
      rows.sort((a, b) => key(b) - key(a) || b.coin.index - a.coin.index);
      const p = page(rows, pageNo, pageSize);
      res.json({ tokens: p.rows.map(tokenView), pagination: p.pagination, network: 'mainnet', _generatedAt: iso(t) });
    }),
  );
  r.get(
    '/api/tokens/:mint',
    handle((req, res, t) => {
      const s = coinState(req, res, t);
      if (s) res.json({ token: { ...tokenView(s), launch: launchView(built().world, s.coin) }, network: 'mainnet', _generatedAt: iso(t) });
    }),
  );
  r.get(
    '/api/tokens/:mint/burns',
    handle((req, res, t) => {
      const limit = intParam(req, 'limit', 1, 100, 20);
      const s = coinState(req, res, t);
      if (s) res.json(burnsView(built().economics, s, t, limit));
    }),
  );
  r.get(
    '/api/tokens/:mint/rewards',
    handle((req, res, t) => {
      const limit = intParam(req, 'limit', 1, 100, 20);
      const s = coinState(req, res, t);
      if (s) res.json(rewardsView(built().world, built().economics, s, t, limit));
    }),
  );
  r.get(
    '/api/tokens/:mint/airdrop',
    handle((req, res, t) => {
      const limit = intParam(req, 'limit', 1, 100, 20);
      const s = coinState(req, res, t);
      if (s) res.json(airdropView(s.coin, t, limit));
    }),
  );
  r.get(
    '/api/tokens/:mint/fees',
    handle((req, res, t) => {
      const s = coinState(req, res, t);
      if (s) res.json(feesView(built().world, built().economics, s, t));
    }),
  );
  r.get(
    '/api/tokens/:mint/backing',
    handle((req, res, t) => {
      const s = coinState(req, res, t);
      if (!s) return;
      if (s.coin.path !== 'pump') return fail(res, 400, `Backing is only tracked for pump launches; this token launched on ${s.coin.path}`);
      res.json(backingView(built().world, s, t));
    }),
  );
  r.get(
    '/api/launches',
    handle((req, res, t) => {
      const mode = oneOf(req, 'mode', MODES);
      const sinceText = qs(req, 'since');
      const since = sinceText ? Date.parse(sinceText) : undefined;
      if (since !== undefined && Number.isNaN(since)) throw new BadParam('since must be an ISO 8601 time');
      const pageNo = intParam(req, 'page', 1, 1_000_000, 1);
      const pageSize = intParam(req, 'pageSize', 1, 100, 25);
      const creator = qs(req, 'creator');
      const { world } = built();
      const rows = world
        .launched(t)
        .filter((c) => (!creator || c.creator === creator) && (!mode || c.mode === mode) && (since === undefined || c.at >= since))
        .reverse();
      const p = page(rows, pageNo, pageSize);
      res.json({ launches: p.rows.map((c) => launchView(world, c)), pagination: p.pagination, _generatedAt: iso(t) });
    }),
  );
  const bySignature = new Map<string, number>();
  r.get(
    '/api/launches/status/:signature',
    handle((req, res, t) => {
      const { world } = built();
      if (!bySignature.size) for (const c of world.coins) bySignature.set(paymentSignature(c.index), c.index);
      const i = bySignature.get(String(req.params.signature));
      const c = i === undefined ? undefined : world.coins[i];
      if (!c || c.paidAt > t) return fail(res, 404, `Launch not found: ${String(req.params.signature)}`);
      res.json(launchStatusView(c, t));
    }),
  );
  r.get(
    '/api/pairs',
    handle((req, res, t) => {
      const f = { category: qs(req, 'category') || undefined, launchable: boolParam(req, 'launchable'), launchLabReady: boolParam(req, 'launchLabReady') };
      res.json(pairsView(built().world, f, t));
    }),
  );
  r.get(
    '/api/launchlab/pricing/:quoteMint',
    handle((req, res, t) => {
      const q = built().world.quote(String(req.params.quoteMint));
      if (!q) return fail(res, 404, `Unknown quote mint: ${String(req.params.quoteMint)}`);
      if (!q.launchLabReady) return fail(res, 400, `${q.symbol} is not LaunchLab-ready: no LaunchLab config exists for it`);
      res.json(launchLabPricingView(built().world, q, t));
    }),
  );
  r.get(
    '/api/stats',
    handle((_req, res, t) => res.json(built().platform.stats(t))),
  );
  r.get(
    '/api/revenue',
    handle((req, res, t) => {
      const limit = intParam(req, 'limit', 1, 100, 20);
      const history = boolParam(req, 'history') ?? false;
      res.json(built().platform.revenue(t, limit, history));
    }),
  );
  r.get(
    '/api/rewards',
    handle((req, res, t) => res.json(built().platform.rewards(t, intParam(req, 'limit', 1, 100, 20)))),
  );
  const image = (label: (mint: string) => string | null) => (req: Request, res: Response) => {
    const text = label(String(req.params.mint));
    if (text === null) return fail(res, 404, 'Not found');
    res
      .type('image/svg+xml')
      .send(
        `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#3a7"/><text x="32" y="38" font-size="14" text-anchor="middle">${text}</text></svg>`,
      );
  };
  r.get(
    '/api/asset/quote-logo/:mint',
    image((m) => built().world.quote(m)?.symbol ?? null),
  );
  r.get(
    '/api/asset/token-image/:mint',
    image((m) => built().world.coin(m, market.nowMs())?.symbol.slice(0, 4) ?? null),
  );

  return {
    router: r,
    get world() {
      return built().world;
    },
    get economics() {
      return built().economics;
    },
    get platform() {
      return built().platform;
    },
  };
}
