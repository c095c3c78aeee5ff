import { IsOptional, IsString, Length } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { IsNotBlank, TradeInput } from '../trader-input.dto';

/** service_fomo_trade_detail */
export class TradeDetailInput extends TradeInput {
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @IsNotBlank()
  @JSONSchema({
    description:
      "The trade's trader: handle (any case, @ optional) or FOMO user id (alerts carry userId). Enables a fallback: if the provider's trade endpoint fails, the position row and its fills are assembled from the trader's positions and swaps.",
  })
  trader?: string;
}
