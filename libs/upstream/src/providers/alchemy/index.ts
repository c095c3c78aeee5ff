export * from './token-data.client';
export * from './wallet-data.client';
export * from './alchemy.probes';
export {
  historicalPricesResponseSchema,
  tokenMetadataRpcResponseSchema,
  tokenPricesResponseSchema,
  type HistoricalPricesResponse,
  type TokenMetadataRpcResponse,
  type TokenPriceItem,
} from './token-data.schemas';
export {
  assetTransfersRpcResponseSchema,
  portfolioTokensResponseSchema,
  transactionCountRpcResponseSchema,
  type AssetTransfersRpcResponse,
  type PortfolioTokensResponse,
} from './wallet-data.schemas';
