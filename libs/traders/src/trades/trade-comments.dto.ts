import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { IsNotBlank } from '../trader-input.dto';

/** service_fomo_trade_comments */
export class TradeCommentsInput {
  @IsString()
  @Length(1, 200)
  @IsNotBlank()
  @JSONSchema({ description: 'The trade (position) id, from positions, spotlight, alerts (tradeId) or devs.' })
  tradeId!: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(200)
  @JSONSchema({ description: 'Comments to return, 1-200.', default: 50 })
  limit: number = 50;
}
