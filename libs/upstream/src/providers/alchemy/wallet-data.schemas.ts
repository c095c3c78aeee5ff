import { z } from 'zod';
import { itemError, priceEntrySchema, rpcResponseSchema, timestamp } from './token-data.schemas';

/*
 * The wallet side of the multichain token data API (Alchemy style): the Portfolio API's tokens by
 * wallet (`POST /data/v1/{key}/assets/tokens/by-address`), and the per-network JSON-RPC methods
 * `alchemy_getAssetTransfers` and `eth_getTransactionCount`. Raw amounts are integers in strings
 * (0x hex, or decimal digits) and are parsed to bigint here: never through a float.
 */

/** A 0x hex integer (JSON-RPC quantities, block numbers, raw values). */
const hexInteger = z
  .string()
  .regex(/^0x[0-9a-fA-F]+$/, 'expected a 0x hex integer')
  .transform((text) => BigInt(text));

/** A raw balance: 0x hex as documented, or plain decimal digits. */
const rawInteger = z
  .string()
  .regex(/^(0x[0-9a-fA-F]+|\d+)$/, 'expected an integer as 0x hex or decimal digits')
  .transform((text) => BigInt(text));

/** Token metadata; the native token's comes back with every field null. */
const portfolioMetadataSchema = z.object({
  name: z.string().nullable().optional(),
  symbol: z.string().nullable().optional(),
  decimals: z.number().int().min(0).max(255).nullable().optional(),
  logo: z.string().nullable().optional(),
});

/**
 * A token's prices, read as `{prices, error}`. Alchemy documents an object (portfolio.yaml's
 * TokensResponseItem.tokenPrices is prices.yaml's AddressPriceResponseItem: `{network, address,
 * prices, error}`); a bare list of prices is read too.
 */
const tokenPricesSchema = z.union([
  z.array(priceEntrySchema).transform((prices) => ({ prices, error: null })),
  z
    .object({ prices: z.array(priceEntrySchema).nullable().optional(), error: itemError.nullable().optional() })
    .transform((item) => ({ prices: item.prices ?? null, error: item.error ?? null })),
]);

/**
 * One token of one wallet on one network; `tokenAddress` is null for the network's native coin.
 * portfolio.yaml's TokensResponseItem requires `tokenAddress`; the SDK's GetTokensByWalletResponse
 * has no such field, so it may be absent too (then the token's address is unknown).
 */
export const portfolioTokenSchema = z.object({
  network: z.string(),
  /** The wallet. */
  address: z.string(),
  tokenAddress: z.string().nullable().optional(),
  tokenBalance: rawInteger,
  tokenMetadata: portfolioMetadataSchema.nullable().optional(),
  tokenPrices: tokenPricesSchema.nullable().optional(),
  error: itemError.nullable().optional(),
});

/**
 * The SDK (GetTokensByWalletResponse, its live portfolio.test.ts) reads `data: {tokens, pageKey}`;
 * portfolio.yaml's TokensResponse documents `data` as the list itself. Both are read.
 */
export const portfolioTokensResponseSchema = z.object({
  data: z.union([
    z.object({
      tokens: z.array(portfolioTokenSchema),
      /** Where the next page starts; null or absent on the last page. */
      pageKey: z.string().nullable().optional(),
    }),
    z.array(portfolioTokenSchema).transform((tokens) => ({ tokens, pageKey: null })),
  ]),
});

export type PortfolioToken = z.output<typeof portfolioTokenSchema>;
export type PortfolioTokensResponse = z.output<typeof portfolioTokensResponseSchema>;

/** One transfer of `alchemy_getAssetTransfers`. */
export const assetTransferSchema = z.object({
  category: z.string(),
  blockNum: hexInteger,
  uniqueId: z.string(),
  hash: z.string(),
  from: z.string(),
  /** Null for a contract creation. */
  to: z.string().nullable(),
  /** Raw value over the contract's decimals; null for an NFT or when decimals are unknown. */
  value: z.number().nullable().optional(),
  /** ETH, or the token's symbol when known. */
  asset: z.string().nullable().optional(),
  tokenId: z.string().nullable().optional(),
  erc721TokenId: z.string().nullable().optional(),
  erc1155Metadata: z
    .array(z.object({ tokenId: z.string(), value: z.string() }))
    .nullable()
    .optional(),
  rawContract: z.object({
    value: hexInteger.nullable().optional(),
    /** Null for external and internal (native) transfers. */
    address: z.string().nullable().optional(),
    decimal: hexInteger.nullable().optional(),
  }),
  metadata: z.object({ blockTimestamp: timestamp }).nullable().optional(),
});

export const assetTransfersRpcResponseSchema = rpcResponseSchema(
  z.object({
    transfers: z.array(assetTransferSchema),
    /** Present while more transfers match; absent, null or empty on the last page. */
    pageKey: z.string().nullable().optional(),
  }),
);

export type AssetTransferItem = z.output<typeof assetTransferSchema>;
export type AssetTransfersRpcResponse = z.output<typeof assetTransfersRpcResponseSchema>;

/** `eth_getTransactionCount`: the address's nonce, a hex quantity. */
export const transactionCountRpcResponseSchema = rpcResponseSchema(hexInteger);
