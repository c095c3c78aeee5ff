/**
 * FOMO data API stand-in (api.fomoapi.io), mounted at /fomo: the routes of upstreams.md §2.1 (trader
 * routes, token routes and candles, theses, alerts, and the alert stream `WSS /ws/alerts`
 * (alert-stream.ts; not `/ws/trades` or the trading routes).
 * `Authorization: Bearer <key>`; every answer carries `x-credits-cost`
 * and `x-credits-remaining` (credits.ts). Errors are `{ error, message }`; 402 adds plan, remaining,
 * upgradeUrl; 409 resolving adds retryable:true.
 */
import { Router, type Request, type Response } from 'express';
import type { SandboxMarket } from '../../market';
import { iso } from '../../util';
import { amountAt } from './accounting';
import { badRequest, fail, intParam, ok, type FomoAnswer } from './answers';
import { COST, FomoCredits, type FomoKey } from './credits';
import { FomoWorld, WINDOWS, type FomoWindow } from './world';
import { userRoutes } from './user-routes';
import { tokenRoutes } from './token-routes';
import { leaderboardRow } from './views';
import { searchAnswer, thesisAnswer, tradeAnswer, commentsAnswer, tokenSearchAnswer } from './content-routes';
import { devRoutes } from './dev-routes';
import { candleRoutes } from './candle-routes';
import { FomoAlertFeed } from './alerts';
import { FomoAlertStreams, type DropMode, type FomoStreamOptions } from './alert-stream';

export interface FomoOptions {
  keys: FomoKey[];
  /** Timing of `WSS /ws/alerts` (ticker, heartbeat). */
  stream?: FomoStreamOptions;
}

export interface FomoProvider {
  router: Router;
  readonly world: FomoWorld;
  /** The app feed both `/v2/alerts` and the stream read. */
  readonly feed: FomoAlertFeed;
  credits: FomoCredits;
  /** The open `WSS /ws/alerts` sockets (the server hands them its upgrades). */
  streams: FomoAlertStreams;
  /** Closes every open alert stream (1012), or cuts it without a close frame; how many there were. */
  dropStreams(mode?: DropMode): number;
  /**
   * Builds the traders' books and the day's tracked swaps now instead of on the first request
   * (about a second of CPU), so that request answers within a short upstream timeout.
   */
  warm(): void;
}

export function fomoRouter(market: SandboxMarket, options: FomoOptions): FomoProvider {
  // Built on first use: sandboxes that never ask for FOMO data or a token's volume pay nothing for it.
  let built: FomoWorld | null = null;
  const lazy = () => (built ??= new FomoWorld(market));
  // The market's volume includes these traders' swaps, from the first volume anyone asks for.
  market.trackFlow((token, from, to) => lazy().swaps.window(token, from, to, market.nowMs()));
  // A launchpad token a tracked trader launched is theirs: Jupiter's `dev` and dev share, and
  // Solana Tracker's deployer, read that trader's wallet and launch bag.
  market.trackDevelopers((token) => {
    const world = lazy();
    const dev = world.activity.launches.launch(token)?.dev;
    if (!dev) return null;
    const user = world.population.users[dev.user];
    // The wallet's balance of its coin: the launch bag, and anything else it traded of it.
    const heldAt = (t: number) => world.positions(user, t).reduce((sum, p) => (p.token === token ? sum + amountAt(p.events, t) : sum), 0);
    return { wallet: user.wallets.solana, heldAt };
  });
  let feed: FomoAlertFeed | null = null;
  const lazyFeed = () => (feed ??= new FomoAlertFeed(lazy()));
  const credits = new FomoCredits(options.keys);
  const streams = new FomoAlertStreams(lazyFeed, () => market.nowMs(), credits, options.stream);
  const router = Router();

  router.use((req: Request, res: Response, next) => {
    const m = /^Bearer\s+(.+)$/i.exec(req.header('authorization') ?? '');
    if (!m) return void res.status(401).json({ error: 'unauthorized', message: 'API key required' });
    const key = m[1].trim();
    if (!credits.known(key)) return void res.status(401).json({ error: 'unauthorized', message: 'Invalid API key' });
    res.locals.fomoKey = key;
    next();
  });

  /** Sends an answer: charges it (402 when the key cannot afford it) and sets the credit headers. */
  const send = (res: Response, a: FomoAnswer) => {
    const key = res.locals.fomoKey as string;
    if (!credits.charge(key, a.cost)) {
      res.setHeader('x-credits-cost', '0');
      res.setHeader('x-credits-remaining', String(credits.remaining(key)));
      return void res.status(402).json({
        error: 'credits_exhausted',
        plan: credits.plan(key),
        remaining: credits.remaining(key),
        message: `This call costs ${a.cost} credits; ${credits.remaining(key)} remain on this key.`,
        upgradeUrl: 'https://fomoapi.io/pricing',
      });
    }
    res.setHeader('x-credits-cost', String(a.cost));
    res.setHeader('x-credits-remaining', String(credits.remaining(key)));
    res.status(a.status).json(a.body);
  };
  const route = (path: string, handler: (req: Request, t: number) => FomoAnswer) => router.get(path, (req, res) => send(res, handler(req, market.nowMs())));

  route('/v2/me', (req) => {
    const key = (req.res as Response).locals.fomoKey as string;
    return ok({ ...credits.me(key), streams: { appFeed: true, onChain: false } }, COST.free);
  });

  route('/v2/leaderboard/:window', (req, t) => {
    const window = String(req.params.window) as FomoWindow;
    if (!WINDOWS.includes(window)) return fail(404, 'not_found', `unknown window ${window}; one of ${WINDOWS.join(', ')}`);
    const limit = intParam(req, 'limit', window === 'all' ? 100 : 150, 1, window === 'all' ? 100 : 150);
    if (typeof limit === 'string') return badRequest(limit);
    const rows = lazy()
      .leaderboard(window, t)
      .slice(0, limit)
      .map((s, i) => leaderboardRow(lazy(), i + 1, s, window));
    return ok({ window, source: 'fomo-live', capturedAt: iso(t), count: rows.length, traders: rows }, COST.base);
  });

  userRoutes(route, lazy, credits);
  tokenRoutes(route, lazy, lazyFeed);
  devRoutes(route, lazy);
  candleRoutes(route, lazy, credits);
  route('/v2/search', (req, t) => searchAnswer(req, t, lazy()));
  route('/v2/tokens/search', (req, t) => tokenSearchAnswer(req, t, lazy()));
  route('/v2/thesis/user/:id', (req, t) => thesisAnswer(req, t, lazy(), null));
  route('/v2/thesis/user/:id/token/:address', (req, t) => thesisAnswer(req, t, lazy(), String(req.params.address)));
  route('/v2/trades/:tradeId', (req, t) => tradeAnswer(req, t, lazy()));
  route('/v2/trades/:tradeId/comments', (req, t) => commentsAnswer(req, t, lazy()));

  return {
    router,
    credits,
    streams,
    dropStreams: (mode) => streams.drop(mode),
    warm() {
      const token = market.tokens[0];
      // A volume read builds the world, its books and the day's swap index.
      if (token) market.trackedFlow(token, market.nowMs() - 1, market.nowMs());
    },
    get world() {
      return lazy();
    },
    get feed() {
      return lazyFeed();
    },
  };
}
