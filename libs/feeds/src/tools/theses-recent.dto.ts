import { Limit } from '@scout/core';
import { CHAINS, type Chain } from '@scout/upstream';
import { IsIn, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

const SORTS = ['recent', 'equity', 'pnl'] as const;

/** service_fomo_theses_recent */
export class ThesesRecentInput {
  @IsOptional()
  @IsIn(CHAINS)
  @JSONSchema({ description: 'Only theses on this chain.' })
  chain?: Chain;

  @IsOptional()
  @IsIn(SORTS)
  @JSONSchema({
    description: "recent (newest first), equity (the author's position when writing) or pnl (the position's realized plus unrealized), highest first.",
    default: 'recent',
  })
  sort: (typeof SORTS)[number] = 'recent';

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1e12)
  @JSONSchema({ description: 'Only theses whose author held at least this many USD of the coin when writing.' })
  minEquity?: number;

  @Limit(200, 50, 'Theses to return, 1-200.')
  limit: number = 50;
}
