import type {
  FomoBalances,
  FomoComment,
  FomoLeaderboard,
  FomoPositionsPage,
  FomoPositionsWalk,
  FomoProfile,
  FomoSearchResult,
  FomoSocialList,
  FomoSpotlight,
  FomoSwap,
  FomoSwapsPage,
  FomoThesesPage,
  FomoTrade,
  FomoWalk,
  FomoWalkBounds,
  FomoWindow,
} from '@scout/upstream';

/*
 * What the trader tools need of the FOMO client, stated here so the tools depend on the little they
 * use. FomoClient (@scout/upstream) satisfies it as it is; tests pass fakes.
 */

/** Injection token of the FOMO traders client (a FomoTradersPort); the application provides it. */
export const FOMO_TRADERS_CLIENT = Symbol('FOMO_TRADERS_CLIENT');

export interface FomoTradersPort {
  leaderboard(window: FomoWindow): Promise<FomoLeaderboard>;
  userByHandle(handle: string): Promise<FomoProfile>;
  userById(userId: string): Promise<FomoProfile>;
  search(q: string, options?: { type?: 'traders' | 'tokens' | 'all'; limit?: number }): Promise<FomoSearchResult>;
  spotlight(userId: string): Promise<FomoSpotlight>;
  following(userId: string, limit?: number): Promise<FomoSocialList>;
  followers(userId: string, limit?: number): Promise<FomoSocialList>;
  tradeComments(tradeId: string, limit?: number): Promise<FomoComment[]>;
  balances(userId: string, chain?: string): Promise<FomoBalances>;
  positions(userId: string, query: { status?: 'open' | 'closed' | 'all'; limit?: number }, bounds: FomoWalkBounds, cursor?: string): Promise<FomoPositionsWalk>;
  swaps(
    userId: string,
    query: { tokenAddress?: string; source?: 'relay'; limit?: number },
    bounds: FomoWalkBounds,
    cursor?: string,
  ): Promise<FomoWalk<FomoSwap>>;
  thesesByUser(userId: string, options?: { tokenAddress?: string; sort?: string; chain?: string; cursor?: string }): Promise<FomoThesesPage>;
  trade(tradeId: string): Promise<FomoTrade>;
  positionsPage(userId: string, query?: { status?: 'open' | 'closed' | 'all'; limit?: number }, cursor?: string): Promise<FomoPositionsPage>;
  swapsPage(userId: string, query?: { tokenAddress?: string; source?: 'relay'; limit?: number }, cursor?: string): Promise<FomoSwapsPage>;
}
