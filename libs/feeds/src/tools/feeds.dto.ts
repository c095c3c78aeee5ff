import { inlineSchema, validationRule } from '@scout/core';
import { Type } from 'class-transformer';
import { parseInstant } from '@scout/prices';
import { CHAINS, type Chain } from '@scout/upstream';
import { IsIn, IsInt, IsNumber, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/** The longest look-back of the feed tools: Scout keeps the whole feed, so a day is covered in full. */
export const MAX_WINDOW_MINUTES = 1440;

/** Epoch ms of `since` given as unix seconds or milliseconds (digits, or a number) or ISO 8601; null when none of these. */
export function sinceMs(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? (value < 1e12 ? value * 1000 : value) : null;
  if (typeof value !== 'string') return null;
  if (/^\d{1,13}$/.test(value.trim())) return sinceMs(Number(value.trim()));
  return parseInstant(value)?.getTime() ?? null;
}

function IsSince(): PropertyDecorator {
  return validationRule('isSince', (value) => (sinceMs(value) === null ? 'since must be an ISO 8601 date-time or unix seconds (or milliseconds)' : null));
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
}

/** service_fomo_alerts */
export class FeedAlertsInput extends FeedFilterFields {
  @IsOptional()
  @IsIn(['buy', 'sell'])
  @JSONSchema({ description: 'buy or sell; both when absent.' })
  type?: 'buy' | 'sell';

  @IsOptional()
  @IsSince()
  @JSONSchema(inlineSchema({
    description: `Events after this time: ISO 8601 or unix seconds/milliseconds, at most ${MAX_WINDOW_MINUTES} minutes back. Default: windowMinutes back from now.`,
    anyOf: [{ type: 'integer', minimum: 0 }, { type: 'string', minLength: 1, maxLength: 40 }],
  }))
  since?: string | number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_WINDOW_MINUTES)
  @JSONSchema({ description: `Look-back in minutes when since is absent, 1-${MAX_WINDOW_MINUTES}.`, default: 60 })
  windowMinutes: number = 60;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  @JSONSchema({ description: 'Events to return, newest first, 1-100.', default: 50 })
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
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(50)
  @JSONSchema({ description: 'Tokens to return, 1-50.', default: 20 })
  limit: number = 20;
}

/** service_fomo_coordinated_activity */
export class CoordinatedActivityInput extends TraderGroupFields {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  @JSONSchema({ description: 'Tokens to return, 1-100.', default: 20 })
  limit: number = 20;
}
