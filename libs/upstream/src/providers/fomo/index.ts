export * from './fomo.client';
export * from './fomo-token.client';
export * from './fomo.errors';
export * from './fomo.source';
export * from './fomo-alert-stream';
export { fomoProbes } from './fomo.probes';
export { fomoAlertStreamProbe } from './fomo-alert-stream.probe';
export type { FomoWalk, FomoWalkBounds } from './fomo-pages';
export { FOMO_CANDLE_RESOLUTIONS } from './fomo-token.schemas';
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
  FomoCandle,
  FomoCandleResolution,
  FomoCandles,
  FomoCandlesQuery,
  FomoTokenBoard,
  FomoTokenBoardName,
  FomoTokenDev,
  FomoTokenHolder,
  FomoTokenSearchResult,
  FomoTokenStats,
} from './fomo-token.schemas';
