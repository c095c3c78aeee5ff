import { z } from 'zod';

/*
 * The multichain token data API (Alchemy style): the Prices API (`/prices/v1/{key}/tokens/...`)
 * and the `alchemy_getTokenMetadata` JSON-RPC method. Prices arrive as decimal strings and are
 * parsed to numbers here; a string that is not a number is a malformed payload, never a 0.
 */

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A price as a decimal string, parsed to a finite number. */
const decimalString = z.string().regex(DECIMAL, 'expected a decimal number in a string').transform(Number).refine(Number.isFinite, 'expected a finite number');

export const timestamp = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'expected an ISO 8601 timestamp');

/** A per-item error: a message, or an object carrying one. Normalised to the message. */
export const itemError = z.union([z.string(), z.object({ message: z.string() })]).transform((error) => (typeof error === 'string' ? error : error.message));

export const priceEntrySchema = z.object({
  currency: z.string(),
  value: decimalString,
  lastUpdatedAt: timestamp.nullable().optional(),
});

/** One item of `data[]`: `symbol` for by-symbol, `network` + `address` for by-address. */
export const tokenPriceItemSchema = z.object({
  symbol: z.string().nullable().optional(),
  network: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
  /** Absent or empty when the item failed. */
  prices: z.array(priceEntrySchema).nullable().optional(),
  error: itemError.nullable().optional(),
});

export const tokenPricesResponseSchema = z.object({ data: z.array(tokenPriceItemSchema) });

export type TokenPriceItem = z.infer<typeof tokenPriceItemSchema>;

const historicalPointSchema = z.object({ value: decimalString, timestamp });

/** The SDK's reading (alchemy-sdk-js prices-types.ts, its live prices.test.ts): `{symbol | network+address, currency, data: [points]}`. */
const historicalFlatSchema = z.object({
  symbol: z.string().nullable().optional(),
  network: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
  /** Scout asks for USD only; a series in another currency is not what was asked for. */
  currency: z.string().refine((c) => c.toLowerCase() === 'usd', 'expected a USD series'),
  data: z.array(historicalPointSchema),
});

/**
 * The docs' reading (alchemyplatform/docs prices.yaml HistoricalPricesResponse): `{data: {symbol |
 * network+address, prices: [points]}}`, no currency (the Prices API quotes USD). Read into the flat form.
 */
const historicalNestedSchema = z
  .object({
    data: z.object({
      symbol: z.string().nullable().optional(),
      network: z.string().nullable().optional(),
      address: z.string().nullable().optional(),
      currency: z
        .string()
        .refine((c) => c.toLowerCase() === 'usd', 'expected a USD series')
        .optional(),
      prices: z.array(historicalPointSchema),
    }),
  })
  .transform(({ data }) => ({ symbol: data.symbol, network: data.network, address: data.address, currency: data.currency ?? 'usd', data: data.prices }));

/** The two documents disagree on the historical shape: both are read. */
export const historicalPricesResponseSchema = z.union([historicalFlatSchema, historicalNestedSchema]);

export type HistoricalPricesResponse = z.output<typeof historicalPricesResponseSchema>;

/** `alchemy_getTokenMetadata` result; each field is null when the contract does not say. */
const tokenMetadataSchema = z.object({
  name: z.string().nullable().optional(),
  symbol: z.string().nullable().optional(),
  decimals: z.number().int().nullable().optional(),
  logo: z.string().nullable().optional(),
});

/** A JSON-RPC 2.0 answer: a result of the given shape, or an error object. */
export function rpcResponseSchema<T extends z.ZodType>(result: T) {
  return z.union([
    z.object({ jsonrpc: z.literal('2.0').optional(), id: z.unknown().optional(), result }),
    z.object({
      jsonrpc: z.literal('2.0').optional(),
      id: z.unknown().optional(),
      error: z.object({ code: z.number(), message: z.string() }),
    }),
  ]);
}

export const tokenMetadataRpcResponseSchema = rpcResponseSchema(tokenMetadataSchema.nullable());

export type TokenMetadataRpcResponse = z.infer<typeof tokenMetadataRpcResponseSchema>;
