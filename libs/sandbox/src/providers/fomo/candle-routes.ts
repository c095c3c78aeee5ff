/**
 * GET /v2/token/{address}/candles (candles.ts): `resolution` (1S 15S 30S 1 5 15 30 60 240 720 1D 7D),
 * `countBack` 1-1000 (default 300), `from` / `to` (unix seconds; `to` defaults to now; with `from`
 * the range is from..to, else the last countBack buckets ending at `to`; at most the newest 1000
 * buckets), `networkId`. FOMO sells candles to Growth and Scale plans only: any other key gets 402
 * plan_required (not 403, which would mark the key invalid), costing nothing.
 */
import type { Request, Response } from 'express';
import { qs } from '../../util';
import { FOMO_CHAINS } from './types';
import { badRequest, fail, intParam, ok, type FomoAnswer } from './answers';
import { candles, RESOLUTIONS } from './candles';
import { COST, type FomoCredits } from './credits';
import { findToken } from './token-routes';
import type { FomoWorld } from './world';

type Route = (path: string, handler: (req: Request, t: number) => FomoAnswer) => void;

const UNIX_MAX = 1e11;

export function candleRoutes(route: Route, getWorld: () => FomoWorld, credits: FomoCredits): void {
  route('/v2/token/:address/candles', (req, t) => {
    const key = (req.res as Response).locals.fomoKey as string;
    if (!credits.sellsCandles(key)) {
      const plan = credits.plan(key);
      return {
        status: 402,
        body: {
          error: 'plan_required',
          plan,
          message: `Candles need a Growth or Scale plan; this key is on ${plan}.`,
          upgradeUrl: 'https://fomoapi.io/pricing',
        },
        cost: 0,
      };
    }
    const resolution = qs(req, 'resolution') ?? '';
    const seconds = RESOLUTIONS[resolution];
    if (!seconds) return badRequest(`resolution must be one of ${Object.keys(RESOLUTIONS).join(', ')}`);
    const countBack = intParam(req, 'countBack', 300, 1, 1000);
    if (typeof countBack === 'string') return badRequest(countBack);
    const from = intParam(req, 'from', -1, 0, UNIX_MAX);
    if (typeof from === 'string') return badRequest(from);
    const to = intParam(req, 'to', Math.floor(t / 1000), 0, UNIX_MAX);
    if (typeof to === 'string') return badRequest(to);
    if (from !== -1 && from > to) return badRequest('from must not be later than to');
    const networkId = intParam(req, 'networkId', -1, 0, UNIX_MAX);
    if (typeof networkId === 'string') return badRequest(networkId);
    if (networkId !== -1 && !FOMO_CHAINS.some((c) => c.networkId === networkId)) return badRequest(`unknown networkId ${networkId}`);
    const world = getWorld();
    const found = findToken(world, String(req.params.address), networkId === -1 ? undefined : networkId);
    if (!found) return fail(404, 'not_found', `no token ${String(req.params.address)}`);
    const rows = candles(world.market, found.token, { resolutionSeconds: seconds, from: from === -1 ? null : from, to, countBack }, t);
    return ok(
      {
        address: found.token.address,
        networkId: found.chain.networkId,
        resolution,
        resolutionSeconds: seconds,
        source: 'live',
        stale: false,
        sparse: true,
        count: rows.length,
        firstTs: rows[0]?.t ?? null,
        lastTs: rows.at(-1)?.t ?? null,
        candles: rows.map((c) => ({ t: c.t, time: new Date(c.t * 1000).toISOString(), o: c.o, h: c.h, l: c.l, c: c.c, v: c.v })),
      },
      COST.base,
    );
  });
}
