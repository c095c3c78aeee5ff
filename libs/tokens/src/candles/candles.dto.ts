import { INSTANT_RANGE_TEXT, inlineSchema, unixOrIsoTime, validationRule } from '@scout/core';
import { IsBoolean, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { TokenInput } from '../token-input.dto';
import { CANDLE_RESOLUTIONS, MAX_CANDLES, type CandleResolution } from './candle-figures';

/** A time given as unix seconds or ISO 8601; with `after`, later than that property's time. */
function IsTimePoint(after?: string): PropertyDecorator {
  return validationRule('isTimePoint', (value, object, property) => {
    const t = unixOrIsoTime(value, 's');
    if (t === null) return `${property} must be unix seconds or an ISO 8601 date-time such as 2026-11-01T00:00:00Z, ${INSTANT_RANGE_TEXT}`;
    const start = after ? unixOrIsoTime(object[after], 's') : null;
    return start !== null && t <= start ? `${property} must be later than ${after}` : null;
  });
}

const TIME_SCHEMA = {
  anyOf: [
    { type: 'integer', minimum: 0, maximum: 99_999_999_999, description: 'unix seconds' },
    { type: 'string', minLength: 1, maxLength: 40, description: 'unix seconds or ISO 8601' },
  ],
};

/** service_fomo_token_candles */
export class TokenCandlesInput extends TokenInput {
  @IsOptional()
  @IsIn(CANDLE_RESOLUTIONS)
  @JSONSchema({ description: `Candle size: ${CANDLE_RESOLUTIONS.join(', ')} (minutes unless suffixed: S seconds, D days).`, default: '60' })
  resolution: CandleResolution = '60';

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_CANDLES)
  @JSONSchema({ description: `Candles to return, 1-${MAX_CANDLES}: the newest ones up to \`to\`.`, default: 300 })
  countBack: number = 300;

  @IsOptional()
  @IsTimePoint()
  @JSONSchema(
    inlineSchema({ ...TIME_SCHEMA, description: 'Range start (unix seconds or ISO 8601). With from, candles from..to, at most countBack of the newest.' }),
  )
  from?: string | number;

  @IsOptional()
  @IsTimePoint('from')
  @JSONSchema(inlineSchema({ ...TIME_SCHEMA, description: 'Range end (unix seconds or ISO 8601); default now.' }))
  to?: string | number;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'Emit empty intervals too, flat at the last close with zero volume.', default: false })
  fill: boolean = false;
}
