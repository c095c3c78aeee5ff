import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { TradeInput } from '../trader-input.dto';

/** service_fomo_trade_comments */
export class TradeCommentsInput extends TradeInput {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(200)
  @JSONSchema({ description: 'Comments to return, 1-200.', default: 50 })
  limit: number = 50;
}
