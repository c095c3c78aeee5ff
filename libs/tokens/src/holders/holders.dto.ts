import { Limit } from '@scout/core';
import { IsBoolean, IsInt, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { TokenInput } from '../token-input.dto';

/** service_fomo_token_holders */
export class TokenHoldersInput extends TokenInput {
  @Limit(200, 50, 'Holders to list, 1-200, largest first.')
  limit: number = 50;
}

/** service_fomo_kol_holders */
export class KolHoldersInput extends TokenInput {
  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: "Also read the token's stats: total holders (for the tracked share), top-10 concentration and 24h flow.", default: true })
  includeStats: boolean = true;

  @Limit(100, 20, 'Top tracked holders to list, 1-100.')
  limit: number = 20;
}

/** service_fomo_kol_sell_pressure */
export class KolSellPressureInput extends TokenInput {
  @IsOptional()
  @IsInt()
  @Min(5)
  @Max(1440)
  @JSONSchema({ description: 'Look-back in minutes, 5-1440 (24h). The answer states the time range its sell events actually cover.', default: 1440 })
  windowMinutes: number = 1440;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(100)
  @JSONSchema({ description: 'thresholdCrossed is true when sellersPct reaches this percentage, 0-100.', default: 10 })
  thresholdPercent: number = 10;
}
