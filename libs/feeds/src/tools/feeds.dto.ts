import { INSTANT_RANGE_TEXT, inlineSchema, Limit, unixOrIsoTime, validationRule } from '@scout/core';
import { Type } from 'class-transformer';
import { CHAINS, type Chain } from '@scout/upstream';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { MAX_EVENT_ID_LENGTH } from '../feed-event';

/** The longest look-back of the feed tools: Scout keeps the whole feed, so a day is covered in full. */
export const MAX_WINDOW_MINUTES = 1440;

function IsSince(): PropertyDecorator {
  return validationRule('isSince', (value) =>
    unixOrIsoTime(value, 'ms') === null ? `since must be an ISO 8601 date-time or unix seconds (or milliseconds), ${INSTANT_RANGE_TEXT}` : null,
  );
}

/** Filters shared by the feed tools. */
export class FeedFilterFields {
  @IsOptional()
  @IsIn(CHAINS)
  @JSONSchema({ description: 'Only events on this chain.' })
  chain?: Chain;

  @IsOptional()
  @IsString()
  @Length(1, 100)
  @Matches(/[^\s@]/, { message: 'trader must name someone' })
  @JSONSchema({ description: 'Only this trader: handle (any case, @ optional) or user id.' })
  trader?: string;

  @IsOptional()
  @IsString()
  @Length(1, 100)
  @Matches(/^\$?[^\s$]+$/, { message: 'token must be a contract address or a symbol, without spaces' })
  @JSONSchema({ description: 'Only this token: contract address, or symbol (any case).' })
  token?: string;

  @IsOptional()
  @Type(() => Number)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1e12)
  @JSONSchema({ description: 'Only fills of at least this many USD (the trade size, tradeUsd).' })
  minUsd?: number;
}

/** GET /api/v1/stream/alerts: the same filters as the watch, as query parameters. */
export class StreamAlertsQuery extends FeedFilterFields {
  @IsOptional()
  @IsIn(['buy', 'sell'])
  type?: 'buy' | 'sell';

  /** Resume after this event id, as the Last-Event-ID header does (the header wins when both are sent). */
  @IsOptional()
  @IsString()
  @Length(1, MAX_EVENT_ID_LENGTH)
  lastEventId?: string;
}

/** service_fomo_alerts */
export class FeedAlertsInput extends FeedFilterFields {
  @IsOptional()
  @IsIn(['buy', 'sell'])
  @JSONSchema({ description: 'buy or sell; both when absent.' })
  type?: 'buy' | 'sell';

  @IsOptional()
  @IsSince()
  @JSONSchema(
    inlineSchema({
      description: `Events after this time: ISO 8601 or unix seconds/milliseconds, at most ${MAX_WINDOW_MINUTES} minutes back. Default: windowMinutes back from now.`,
      anyOf: [
        { type: 'integer', minimum: 0 },
        { type: 'string', minLength: 1, maxLength: 40 },
      ],
    }),
  )
  since?: string | number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_WINDOW_MINUTES)
  @JSONSchema({ description: `Look-back in minutes when since is absent, 1-${MAX_WINDOW_MINUTES}.`, default: 60 })
  windowMinutes: number = 60;

  @Limit(100, 50, 'Events to return, newest first, 1-100.')
  limit: number = 50;
}

/** The window and grouping of the multi-trader tools. */
class TraderGroupFields {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_WINDOW_MINUTES)
  @JSONSchema({ description: `Look-back in minutes, 1-${MAX_WINDOW_MINUTES}; covered in full from the stored feed.`, default: 60 })
  windowMinutes: number = 60;

  @IsOptional()
  @IsInt()
  @Min(2)
  @Max(50)
  @JSONSchema({ description: 'Keep tokens with at least this many distinct traders, 2-50.', default: 3 })
  minTraders: number = 3;

  @IsOptional()
  @IsIn(['buy', 'sell'])
  @JSONSchema({ description: 'Entries (buy) or exits (sell).', default: 'buy' })
  side: 'buy' | 'sell' = 'buy';

  @IsOptional()
  @IsIn(CHAINS)
  @JSONSchema({ description: 'Only tokens on this chain.' })
  chain?: Chain;
}

/** service_fomo_multi_trader_entries */
export class MultiTraderEntriesInput extends TraderGroupFields {
  @Limit(50, 20, 'Tokens to return, 1-50.')
  limit: number = 20;
}

/** service_fomo_coordinated_activity */
export class CoordinatedActivityInput extends TraderGroupFields {
  @Limit(100, 20, 'Tokens to return, 1-100.')
  limit: number = 20;
}
