/**
 * Well-known FOMO identities tests and demos can rely on (seed-independent: the population comes
 * from a fixed universe seed; `launches` alone moves with the market seed). Served under `fomo` by
 * GET /__control/fixtures.
 */
import { RESOLVING_TRADER_INDICES } from './credits';
import type { FomoWorld } from './world';

export function fomoFixtures(world: FomoWorld) {
  const { users, traders, followers } = world.population;
  const lurker = users.find((u) => !u.trader)!;
  const mostFollowed = [...traders].sort((a, b) => followers[b.index].length - followers[a.index].length)[0];
  return {
    traderCount: traders.length,
    userCount: users.length,
    /** Five tracked traders: handle and user id. */
    traders: traders.slice(0, 5).map((u) => ({ handle: u.handle, userId: u.userId })),
    /** Answer 409 resolving on the first request naming them, then normally. */
    resolving: RESOLVING_TRADER_INDICES.map((i) => ({ handle: users[i].handle, userId: users[i].userId })),
    /** An account that never traded (an "empty" follower). */
    lurker: { handle: lurker.handle, userId: lurker.userId },
    /** The trader with the most followers (more than the 200 the followers route serves). */
    mostFollowed: { handle: mostFollowed.handle, userId: mostFollowed.userId, followers: followers[mostFollowed.index].length },
    /**
     * Launchpad tokens a tracked trader developed (launches.ts), each with its dev's position and
     * what the dev did with the bag (holding, partial, rugged, exited); /v2/token/{address}/devs
     * lists them once the clock has passed `launchedAt`.
     */
    launches: world.activity.launches.withDevs().map((l) => {
      const dev = users[l.dev!.user];
      return {
        address: l.token.address,
        symbol: l.token.symbol,
        networkId: l.chain.networkId,
        launchedAt: new Date(l.at).toISOString(),
        dev: { handle: dev.handle, userId: dev.userId, tradeId: l.dev!.tradeId, fate: l.fate },
        insiders: l.insiders.length,
      };
    }),
  };
}
