export * from './fomo.client';
export * from './fomo-token.client';
export * from './fomo.errors';
export * from './fomo.source';
export type { FomoWalk, FomoWalkBounds } from './fomo-pages';
export type {
  FomoAccount,
  FomoBalances,
  FomoComment,
  FomoHolding,
  FomoLeaderboard,
  FomoLeaderboardRow,
  FomoPosition,
  FomoPositionsPage,
  FomoProfile,
  FomoSearchResult,
  FomoSocialEntry,
  FomoSocialList,
  FomoSpotlight,
  FomoSwap,
  FomoSwapsPage,
  FomoThesesPage,
  FomoThesis,
  FomoTokenRef,
  FomoTopToken,
  FomoTrade,
  FomoWallets,
  FomoWindow,
} from './fomo.schemas';
export type {
  FomoAlert,
  FomoAlerts,
  FomoTokenBoard,
  FomoTokenBoardName,
  FomoTokenDev,
  FomoTokenHolder,
  FomoTokenStats,
} from './fomo-token.schemas';
