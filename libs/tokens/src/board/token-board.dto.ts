import { Limit } from '@scout/core';
import { IsIn } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

export const TOKEN_BOARDS = ['trending', 'most-held', 'graduated'] as const;
export type TokenBoardName = (typeof TOKEN_BOARDS)[number];

/** service_fomo_token_board */
export class TokenBoardInput {
  @IsIn(TOKEN_BOARDS)
  @JSONSchema({
    description:
      'trending: what tracked traders are trading now; most-held: held by the most of them (25 entries, mostly large caps; holders is null there); graduated: early-stage tokens that left their launch curve, usually under $1M market cap.',
  })
  board!: TokenBoardName;

  @Limit(100, 25, 'Tokens to return, 1-100. The whole board is read either way; the cost is the same.')
  limit: number = 25;
}
