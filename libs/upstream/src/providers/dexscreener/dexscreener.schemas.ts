import { z } from 'zod';

/*
 * DexScreener's response shapes as consumers document them (no official schema is published; see
 * the reference notes on DexScreener). Prices travel as decimal strings and are parsed to numbers
 * here; `liquidity`, the `priceChange` windows and most other figures may be missing and become
 * null, never 0. Objects are not strict, so a field DexScreener adds later does not break parsing.
 */

/** A decimal number sent as a string ("0.7207", "1.5e-7"); anything else is a malformed answer. */
const decimalString = z
  .string()
  .regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/, 'expected a decimal number in a string')
  .transform(Number);

const optionalNumber = z
  .number()
  .nullish()
  .transform((v) => v ?? null);

const pairTokenSchema = z.object({
  address: z.string().min(1),
  name: z.string().nullish(),
  symbol: z.string().nullish(),
});

const windowCountsSchema = z.object({ buys: z.number().int().nonnegative(), sells: z.number().int().nonnegative() });

/** Figures per window: m5, h1, h6, h24; any window may be absent. */
const windowsOf = <T extends z.ZodType>(value: T) => z.object({ m5: value.nullish(), h1: value.nullish(), h6: value.nullish(), h24: value.nullish() });

export const dexPairSchema = z.object({
  chainId: z.string(),
  dexId: z.string(),
  url: z.string().nullish(),
  pairAddress: z.string().min(1),
  labels: z.array(z.string()).nullish(),
  baseToken: pairTokenSchema,
  /**
   * DexScreener's own pairSchema (dexscreener/google-sheets src/types.ts @3ab71b0) promises only the
   * quote token's symbol; Scout never reads the rest, so an address-less quote token passes.
   */
  quoteToken: pairTokenSchema.partial({ address: true }),
  /** Price of the base token in the quote token. */
  priceNative: decimalString,
  /** Absent on pairs DexScreener cannot price in USD. */
  priceUsd: decimalString.nullish().transform((v) => v ?? null),
  txns: windowsOf(windowCountsSchema).nullish(),
  volume: windowsOf(z.number()).nullish(),
  /** Percent. */
  priceChange: windowsOf(z.number()).nullish(),
  liquidity: z.object({ usd: optionalNumber, base: optionalNumber, quote: optionalNumber }).nullish(),
  fdv: optionalNumber,
  marketCap: optionalNumber,
  /** Milliseconds since the epoch. */
  pairCreatedAt: optionalNumber,
  info: z.record(z.string(), z.unknown()).nullish(),
  boosts: z.object({ active: z.number().optional() }).nullish(),
});

/** GET /tokens/v1/{chainId}/{tokenAddresses}: a bare array of pairs (empty when none). */
export const tokensV1ResponseSchema = z.array(dexPairSchema);

export type DexPair = z.infer<typeof dexPairSchema>;
