export * from './token-data.client';
export {
  historicalPricesResponseSchema,
  tokenMetadataRpcResponseSchema,
  tokenPricesResponseSchema,
  type HistoricalPricesResponse,
  type TokenMetadataRpcResponse,
  type TokenPriceItem,
} from './token-data.schemas';
