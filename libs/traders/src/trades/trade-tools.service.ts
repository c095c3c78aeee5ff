import { Inject, Injectable } from '@nestjs/common';
import { Tool, type ToolResult } from '@scout/core';
import type { TradeComment } from '../fomo-views';
import { FOMO_TRADERS_CLIENT, type FomoTradersPort } from '../traders.ports';
import { TradeCommentsInput } from './trade-comments.dto';

export interface TradeCommentsData {
  /** The trade the comments are on. */
  tradeId: string;
  /** Comments returned (at most limit). */
  count: number;
  /** Comments that answer another comment. */
  replies: number;
  /** The comment thread: text, author, likes, replies and links. */
  comments: TradeComment[];
}

/** What was said about one trade. */
@Injectable()
export class TradeToolsService {
  constructor(@Inject(FOMO_TRADERS_CLIENT) private readonly fomo: FomoTradersPort) {}

  @Tool({
    name: 'service_fomo_trade_comments',
    input: TradeCommentsInput,
    summary: 'The comment thread of one trade: text, author, likes, replies and links.',
    description: 'Each comment names its author (userId), its parent when it is a reply, and how many theses the trader wrote before and after it.',
  })
  async comments(input: TradeCommentsInput): Promise<ToolResult<TradeCommentsData>> {
    const comments = (await this.fomo.tradeComments(input.tradeId.trim(), input.limit)).slice(0, input.limit);
    const replies = comments.filter((c) => c.isReply === true || c.parentId !== null).length;
    return { data: { tradeId: input.tradeId.trim(), count: comments.length, replies, comments } };
  }
}
