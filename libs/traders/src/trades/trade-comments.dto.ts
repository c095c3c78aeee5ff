import { Limit } from '@scout/core';
import { TradeInput } from '../trader-input.dto';

/** service_fomo_trade_comments */
export class TradeCommentsInput extends TradeInput {
  @Limit(200, 50, 'Comments to return, 1-200.')
  limit: number = 50;
}
