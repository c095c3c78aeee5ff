/**
 * GET /v2/token/{address}/devs: the token's developer and the insiders of its launch among tracked
 * traders (launches.ts), each row a real position of that trader, with the figures the trader's
 * own routes give for it (positions, trade detail): accounting.ts on the same fills at the same
 * price. A token no tracked trader launched answers an empty list.
 */
import type { Request } from 'express';
import { iso } from '../../util';
import { avgEntryPrice, cents, type PositionState } from './accounting';
import type { FomoPosition } from './types';
import { fail, ok, type FomoAnswer } from './answers';
import { COST } from './credits';
import { thesisOf } from './social';
import { findToken } from './token-routes';
import { price10 } from './views';
import { PriceBook, type FomoWorld } from './world';

type Route = (path: string, handler: (req: Request, t: number) => FomoAnswer) => void;

/** How long the position has held: first fill to the exit when closed, to t while open (seconds). */
function holdSeconds(s: PositionState, t: number): number {
  return Math.round(((s.amount > 0 || s.closedAt === null ? t : s.closedAt) - s.firstAt!) / 1000);
}

export function devRow(world: FomoWorld, p: FomoPosition, t: number, prices: PriceBook) {
  const u = world.population.users[p.user];
  const f = world.figures(p, t, prices);
  const s = f.state;
  const th = thesisOf(p, t, world.market.seed);
  return {
    userId: u.userId,
    handle: u.handle,
    wallet: p.chain.evm ? u.wallets.evm : u.wallets.solana,
    isDev: p.role === 'dev',
    amount: s.amount,
    valueUsd: cents(f.valueUsd),
    costBasisUsd: cents(s.investedUsd),
    realizedPnlUsd: cents(s.realizedPnlUsd),
    unrealizedPnlUsd: cents(f.unrealizedPnlUsd),
    averageEntryPrice: price10(avgEntryPrice(s)),
    averageHoldTimeSeconds: holdSeconds(s, t),
    tradeId: p.tradeId,
    openedAt: iso(s.firstAt!),
    thesis: th ? { thesisId: th.thesisId, text: th.text, likes: th.likes, ts: iso(th.at) } : null,
  };
}

export function devRoutes(route: Route, getWorld: () => FomoWorld): void {
  route('/v2/token/:address/devs', (req, t) => {
    const world = getWorld();
    const found = findToken(world, String(req.params.address));
    if (!found) return fail(404, 'not_found', `no token ${String(req.params.address)}`);
    const launch = world.activity.launches.launch(found.token);
    const prices = new PriceBook(world.market);
    // The developer first, then insiders in the order they bought; nothing opened after t.
    const positions = launch ? [launch.dev, ...launch.insiders].filter((p): p is FomoPosition => p !== null && p.events[0].at <= t) : [];
    const devs = positions.map((p) => devRow(world, p, t, prices));
    return ok({ address: found.token.address, networkId: found.chain.networkId, launchedAt: launch ? iso(launch.at) : null, devs }, COST.base);
  });
}
