import { Limit } from '@scout/core';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { TokenInput } from '../token-input.dto';

export const TOKEN_THESIS_SORTS = ['likes', 'recent', 'pnl'] as const;
export type TokenThesisSort = (typeof TOKEN_THESIS_SORTS)[number];

/** service_fomo_theses_for_token */
export class TokenThesesInput extends TokenInput {
  @IsOptional()
  @IsIn(TOKEN_THESIS_SORTS)
  @JSONSchema({
    description: "likes (what the crowd agreed with), recent (newest first) or pnl (the author's position realized plus unrealized), highest first.",
    default: 'likes',
  })
  sort: TokenThesisSort = 'likes';

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1_000_000_000)
  @JSONSchema({ description: 'Keep only theses with at least this many likes (applied here).' })
  minLikes?: number;

  @Limit(200, 50, 'Theses to return, 1-200.')
  limit: number = 50;
}
