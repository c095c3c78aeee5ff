import { Limit } from '@scout/core';
import { IsBoolean, IsIn, IsOptional, IsString, Length } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { CHAINS, type Chain } from '@scout/upstream';
import { IsNotBlank, TraderInput } from '../trader-input.dto';

const CHAIN_LIST = CHAINS.join(', ');

/** service_fomo_trader_balances */
export class TraderBalancesInput extends TraderInput {
  @IsOptional()
  @IsIn(CHAINS)
  @JSONSchema({ description: `Only holdings on this chain. One of ${CHAIN_LIST}.` })
  chain?: Chain;

  @Limit(200, 50, 'Holdings to return, largest value first (1-200).')
  limit: number = 50;
}

/** service_fomo_trader_positions */
export class TraderPositionsInput extends TraderInput {
  @IsOptional()
  @IsIn(['open', 'closed', 'all'])
  @JSONSchema({ description: 'open, closed or all positions.', default: 'all' })
  status: 'open' | 'closed' | 'all' = 'all';

  @Limit(200, 50, 'Rows per provider page (1-200; the provider sends at most 25 closed positions a page).')
  limit: number = 50;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  @JSONSchema({ description: "Where to resume: 'start' for the first page, then the previous answer's nextCursor.", default: 'start' })
  cursor: string = 'start';

  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'Read up to 12 provider pages (25 closed positions each) within the call deadline instead of one.', default: false })
  deep: boolean = false;
}

/** service_fomo_trader_swaps */
export class TraderSwapsInput extends TraderInput {
  @Limit(100, 50, 'Fills per page, newest first (1-100).')
  limit: number = 50;

  @IsOptional()
  @IsString()
  @Length(1, 200)
  @JSONSchema({ description: "The previous answer's nextCursor." })
  cursor?: string;

  @IsOptional()
  @IsString()
  @Length(20, 100)
  @IsNotBlank()
  @JSONSchema({ description: 'Only fills of this token contract (reaches further back).' })
  tokenAddress?: string;

  @IsOptional()
  @IsIn(['relay'])
  @JSONSchema({ description: "'relay': the on-chain record across every chain, valued then and now." })
  source?: 'relay';
}
