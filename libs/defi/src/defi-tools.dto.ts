import { Limit } from '@scout/core';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { CHAINS, type Chain } from '@scout/upstream';
import { AreCoinKeys, IsPastMoment } from './defi.validators';

const CHAIN_LIST = CHAINS.join(', ');
const chainText = (what: string) => `${what} One of ${CHAIN_LIST}.`;

/** Largest USD figure a filter accepts: more than any pool holds, small enough to refuse nonsense. */
export const MAX_USD_FILTER = 1e12;

export const DEFAULT_LIST_LIMIT = 20;
export const MAX_LIST_LIMIT = 100;

/** service_chain_health */
export class ChainHealthInput {
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(CHAINS.length)
  @ArrayUnique()
  @IsIn(CHAINS, { each: true })
  @JSONSchema({ description: chainText('Chains to compare (default: all seven).'), default: [...CHAINS] })
  chains: Chain[] = [...CHAINS];
}

/** service_token_yields */
export class TokenYieldsInput {
  @IsOptional()
  @IsString()
  @Length(1, 20)
  @JSONSchema({ description: 'Token ticker such as SOL, USDC, ETH. Pools whose symbol contains it match, pairs such as SOL-USDC included.' })
  symbol?: string;

  @IsOptional()
  @IsIn(CHAINS)
  @JSONSchema({ description: chainText('Only pools on this chain.') })
  chain?: Chain;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(MAX_USD_FILTER)
  @JSONSchema({ description: 'Ignore pools holding less than this many USD: small pools show inflated rates.', default: 100_000 })
  minTvlUsd: number = 100_000;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'Only stablecoin pools.' })
  stablesOnly?: boolean;

  @Limit(MAX_LIST_LIMIT, DEFAULT_LIST_LIMIT, 'Pools to return, largest first.')
  limit: number = DEFAULT_LIST_LIMIT;
}

/** service_protocol_report */
export class ProtocolReportInput {
  @IsString()
  @Length(2, 60)
  @JSONSchema({ description: 'Protocol name or DefiLlama slug, e.g. aave, jupiter, raydium.' })
  protocol: string;
}

/** service_defi_hacks */
export class DefiHacksInput {
  @IsOptional()
  @IsString()
  @Length(2, 60)
  @JSONSchema({ description: 'Protocol or project name the incident name contains.' })
  query?: string;

  @IsOptional()
  @IsIn(CHAINS)
  @JSONSchema({ description: chainText('Only incidents on this chain.') })
  chain?: Chain;

  @Limit(MAX_LIST_LIMIT, DEFAULT_LIST_LIMIT, 'Incidents to return, newest first.')
  limit: number = DEFAULT_LIST_LIMIT;
}

/** service_price_confidence */
export class PriceConfidenceInput {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsString({ each: true })
  // A message of our own: the default one judges the list's length, not the item's.
  @Length(3, 120, { each: true, message: 'each item of tokens must be 3 to 120 characters' })
  @AreCoinKeys()
  @JSONSchema({
    description: `Tokens as <chain>:<address> (chain one of ${CHAIN_LIST}) or <aggregator>:<id> (coingecko:bitcoin). 1 to 50.`,
    examples: [['coingecko:bitcoin', 'solana:So11111111111111111111111111111111111111112']],
  })
  tokens: string[];

  @IsOptional()
  @IsString()
  @Length(4, 40)
  @IsPastMoment()
  @JSONSchema({
    description: 'A past moment as an ISO 8601 timestamp (UTC unless it has an offset) or unix seconds. Omit for the current price.',
    examples: ['2024-03-01T12:00:00Z', '1700000000'],
  })
  at?: string;
}

/** service_dex_volumes */
export class DexVolumesInput {
  @IsOptional()
  @IsIn(CHAINS)
  @JSONSchema({ description: chainText('Volume on this chain only (default: all chains).') })
  chain?: Chain;

  @IsOptional()
  @IsString()
  @Length(2, 60)
  @JSONSchema({ description: 'Only DEXes whose name or slug contains this.' })
  query?: string;

  @Limit(MAX_LIST_LIMIT, DEFAULT_LIST_LIMIT, 'DEXes to return, ranked by 24-hour volume.')
  limit: number = DEFAULT_LIST_LIMIT;
}

export const FEE_SORT_KEYS = ['fees', 'revenue'] as const;
export type FeeSortKey = (typeof FEE_SORT_KEYS)[number];

/** service_protocol_fees */
export class ProtocolFeesInput {
  @IsOptional()
  @IsIn(CHAINS)
  @JSONSchema({ description: chainText('Fees and revenue earned on this chain only (default: all chains).') })
  chain?: Chain;

  @IsOptional()
  @IsString()
  @Length(2, 60)
  @JSONSchema({ description: 'Only protocols whose name or slug contains this.' })
  query?: string;

  @IsOptional()
  @IsIn(FEE_SORT_KEYS)
  @JSONSchema({ description: 'Rank by 7-day fees or 7-day revenue.', default: 'fees' })
  sortBy: FeeSortKey = 'fees';

  @Limit(MAX_LIST_LIMIT, DEFAULT_LIST_LIMIT, 'Protocols to return.')
  limit: number = DEFAULT_LIST_LIMIT;
}

/** service_chain_revenue */
export class ChainRevenueInput {
  @IsOptional()
  @IsIn(CHAINS)
  @JSONSchema({ description: chainText('One chain (default: all seven).') })
  chain?: Chain;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(20)
  @JSONSchema({ description: 'Top-earning protocols listed per chain.', default: 5 })
  top: number = 5;
}

/** service_perps_open_interest */
export class PerpsOpenInterestInput {
  @IsOptional()
  @IsIn(CHAINS)
  @JSONSchema({ description: chainText('Only venues running on this chain (default: all).') })
  chain?: Chain;

  @Limit(MAX_LIST_LIMIT, DEFAULT_LIST_LIMIT, 'Venues to return, largest open interest first.')
  limit: number = DEFAULT_LIST_LIMIT;
}

/** service_stablecoins */
export class StablecoinsInput {
  @IsOptional()
  @IsIn(CHAINS)
  @JSONSchema({ description: chainText('Supply on this chain only (default: all chains).') })
  chain?: Chain;

  @Limit(MAX_LIST_LIMIT, DEFAULT_LIST_LIMIT, 'Stablecoins to return, largest supply first.')
  limit: number = DEFAULT_LIST_LIMIT;
}

/** service_chain_trend */
export class ChainTrendInput {
  @IsOptional()
  @IsIn(CHAINS)
  @JSONSchema({ description: chainText('One chain (default: DeFi as a whole).') })
  chain?: Chain;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(52)
  @JSONSchema({ description: 'Weeks in the weekly series.', default: 12 })
  weeks: number = 12;
}
