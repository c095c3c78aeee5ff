import { Limit } from '@scout/core';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { CHAINS, type Chain } from '@scout/upstream';
import { TOKEN_BOARDS, type TokenBoardName } from '../board/token-board.dto';
import { AreTokenAddresses, TokenInput } from '../token-input.dto';

/** service_fomo_analyze_token */
export class AnalyzeTokenInput extends TokenInput {
  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'Add the most-liked theses: why traders are in.', default: false })
  includeTheses: boolean = false;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'Add the developer and insider positions with rug flags.', default: true })
  includeDevs: boolean = true;
}

export const LEADERBOARD_WINDOWS = ['24h', '7d', '30d', 'all'] as const;

/** service_fomo_top_traders_for_tokens */
export class TopTradersForTokensInput {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(5)
  @IsString({ each: true })
  @AreTokenAddresses()
  @JSONSchema({ description: 'Token contract addresses, 1-5 (Solana mints or EVM contracts).', items: { type: 'string', minLength: 32, maxLength: 44 } })
  tokens!: string[];

  @IsOptional()
  @IsIn(LEADERBOARD_WINDOWS)
  @JSONSchema({ description: "Leaderboard window that gives each trader's rank and PnL.", default: '7d' })
  window: (typeof LEADERBOARD_WINDOWS)[number] = '7d';

  @Limit(100, 25, 'Traders to return, 1-100.')
  limit: number = 25;
}

/** service_fomo_trending_analysis */
export class TrendingAnalysisInput {
  @IsOptional()
  @IsIn(TOKEN_BOARDS)
  @JSONSchema({ description: 'The token board to take the tokens from.', default: 'trending' })
  board: TokenBoardName = 'trending';

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(5)
  @JSONSchema({ description: 'Tokens to analyse from the top of the (filtered) board, 1-5.', default: 3 })
  topN: number = 3;

  @IsOptional()
  @IsIn(CHAINS)
  @JSONSchema({ description: 'Only tokens on this chain.' })
  chain?: Chain;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1e13)
  @JSONSchema({ description: 'Skip tokens with a live market cap above this many USD (to find early ones). Tokens without a market cap are skipped too.' })
  maxMarketCapUsd?: number;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'Add the most-liked theses to each analysis.', default: false })
  includeTheses: boolean = false;
}
