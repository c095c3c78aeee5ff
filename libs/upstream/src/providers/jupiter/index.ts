export * from './jupiter.client';
export {
  mintInformationSchema,
  priceV3ResponseSchema,
  quoteResponseSchema,
  tokenSearchResponseSchema,
  type MintInformation,
  type PriceV3Entry,
  type QuoteResponse,
} from './jupiter.schemas';
export * from './jupiter.probes';
