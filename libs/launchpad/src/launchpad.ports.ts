import type {
  FomoTokenHolder,
  LaunchLabPricing,
  LaunchList,
  LaunchpadAirdrop,
  LaunchpadBacking,
  LaunchpadBurns,
  LaunchpadFees,
  LaunchpadLaunchQuery,
  LaunchpadPairQuery,
  LaunchpadPairs,
  LaunchpadRevenue,
  LaunchpadRewards,
  LaunchpadStats,
  LaunchpadTokenDetail,
  LaunchpadTokenList,
  LaunchpadTokenQuery,
  LaunchpadTokenRewards,
  LaunchStatus,
} from '@scout/upstream';

/*
 * What the launchpad tools need of their upstream client, stated here so the tools depend on the
 * little they use. LaunchpadClient (@scout/upstream) satisfies it as it is; tests pass fakes.
 */

/** Injection token of the launchpad site's client (a LaunchpadPort). */
export const LAUNCHPAD_CLIENT = Symbol('LAUNCHPAD_CLIENT');
/** Injection token of FOMO's token holders route (a TrackedHoldersPort), for the report's tracked holders. */
export const TRACKED_HOLDERS_CLIENT = Symbol('TRACKED_HOLDERS_CLIENT');

/** Which tracked FOMO traders hold a token (FomoTokenClient satisfies it). */
export interface TrackedHoldersPort {
  tokenHolders(address: string): Promise<{ holders: FomoTokenHolder[]; capturedAt: string | null }>;
}

/**
 * The launchpad site (StonkFun format). A mint or payment signature the site does not know rejects
 * with LaunchpadNotFoundError (404); a question the site refuses for that token (backing of a
 * non-pump coin, LaunchLab pricing of a quote that is not LaunchLab-ready) with
 * LaunchpadRefusedError (400); a malformed address with a RangeError before any call.
 */
export interface LaunchpadPort {
  tokens(query: LaunchpadTokenQuery): Promise<LaunchpadTokenList>;
  token(mint: string): Promise<LaunchpadTokenDetail>;
  burns(mint: string, limit?: number): Promise<LaunchpadBurns>;
  tokenRewards(mint: string, limit?: number): Promise<LaunchpadTokenRewards>;
  airdrop(mint: string, limit?: number): Promise<LaunchpadAirdrop>;
  fees(mint: string): Promise<LaunchpadFees>;
  backing(mint: string): Promise<LaunchpadBacking>;
  launches(query: LaunchpadLaunchQuery): Promise<LaunchList>;
  launchStatus(paymentSignature: string): Promise<LaunchStatus>;
  pairs(query?: LaunchpadPairQuery): Promise<LaunchpadPairs>;
  launchLabPricing(quoteMint: string): Promise<LaunchLabPricing>;
  stats(): Promise<LaunchpadStats>;
  revenue(options?: { limit?: number; history?: boolean }): Promise<LaunchpadRevenue>;
  rewards(options?: { limit?: number }): Promise<LaunchpadRewards>;
}
