import { Limit } from '@scout/core';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { IsNotBlank, TraderInput } from '../trader-input.dto';

/** service_fomo_search */
export class TraderSearchInput {
  @IsString()
  @Length(1, 100)
  @IsNotBlank()
  @JSONSchema({ description: 'A handle or display name (traders), or a ticker or token name (coins).' })
  q!: string;

  @IsOptional()
  @IsIn(['traders', 'tokens', 'all'])
  @JSONSchema({ description: 'traders, tokens or all.', default: 'all' })
  type: 'traders' | 'tokens' | 'all' = 'all';

  @Limit(100, 20, 'Results per kind, 1-100.')
  limit: number = 20;
}

/** service_fomo_resolve_trader */
export class ResolveTraderInput extends TraderInput {}

/** service_fomo_trader_report */
export class TraderReportInput extends TraderInput {
  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'Read the full profile (PnL per window, holding time, account age) instead of the search summary.', default: false })
  full: boolean = false;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: "Add the trader's most-liked written calls (theses).", default: false })
  includeTheses: boolean = false;

  @IsOptional()
  @IsInt()
  @Min(10)
  @Max(200)
  @JSONSchema({ description: 'Closed positions to sample for the win rate and best/worst trades, 10-200.', default: 100 })
  closedSample: number = 100;
}

/** service_fomo_compare_traders */
export class CompareTradersInput {
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(4)
  @IsString({ each: true })
  @Length(1, 100, { each: true })
  @IsNotBlank({ each: true })
  @JSONSchema({ description: 'Two to four traders: handles (any case, @ optional) or user ids.' })
  traders!: string[];

  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'Compare full profiles (PnL per window, holding time, account age) instead of the search summaries.', default: false })
  full: boolean = false;
}
