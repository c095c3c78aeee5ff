export * from './solana-tracker.client';
export * from './solana-tracker.probes';
export {
  tokenDetailSchema,
  traderRowsSchema,
  walletPnlSchema,
  searchResponseSchema,
  chartResponseSchema,
  type AnalyticsToken,
  type AnalyticsPool,
  type AnalyticsRiskFactor,
  type AnalyticsBundlers,
  type AnalyticsDeployerTokens,
  type AnalyticsTraderRow,
  type AnalyticsWalletPnl,
  type AnalyticsTokenPnl,
  type AnalyticsSearchPage,
  type AnalyticsSearchResult,
  type AnalyticsCandle,
} from './solana-tracker.schemas';
