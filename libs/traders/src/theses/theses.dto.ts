import { Limit } from '@scout/core';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { CHAINS, type Chain } from '@scout/upstream';
import { IsNotBlank, TraderInput } from '../trader-input.dto';

export const THESIS_SORTS = ['recent', 'likes', 'equity', 'pnl'] as const;
export type ThesisSort = (typeof THESIS_SORTS)[number];

/** Largest USD figure minEquity accepts: beyond any position, small enough to refuse nonsense. */
const MAX_USD_FILTER = 1e12;

/** service_fomo_theses_by_trader */
export class ThesesByTraderInput extends TraderInput {
  @IsOptional()
  @IsString()
  @Length(20, 100)
  @IsNotBlank()
  @JSONSchema({ description: "Only the trader's theses about this token contract." })
  tokenAddress?: string;

  @IsOptional()
  @IsIn(CHAINS)
  @JSONSchema({ description: `Only theses on this chain. One of ${CHAINS.join(', ')}.` })
  chain?: Chain;

  @IsOptional()
  @IsIn(THESIS_SORTS)
  @JSONSchema({
    description: "recent (newest first), likes, equity (position value when written) or pnl (the position's realized plus unrealized), highest first.",
    default: 'recent',
  })
  sort: ThesisSort = 'recent';

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(MAX_USD_FILTER)
  @JSONSchema({ description: 'Keep only theses whose author held at least this many USD of the token when writing (applied here).' })
  minEquity?: number;

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1_000_000_000)
  @JSONSchema({ description: 'Keep only theses with at least this many likes (applied here).' })
  minLikes?: number;

  @Limit(200, 50, 'Theses to return, 1-200.')
  limit: number = 50;
}
