import { IsBoolean, IsIn, IsInt, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { FeedFilterFields } from '../tools/feeds.dto';

/** The longest a watch holds the request open. */
export const MAX_WATCH_SECONDS = 120;

/** service_fomo_watch_stream */
export class WatchStreamInput extends FeedFilterFields {
  @IsOptional()
  @IsIn(['alerts'])
  @JSONSchema({
    description: "The stream to watch: alerts (tracked traders' buys and sells, the app feed). The on-chain trades stream is not offered.",
    default: 'alerts',
  })
  stream = 'alerts' as const;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(1)
  @Max(MAX_WATCH_SECONDS)
  @JSONSchema({ description: `How long to watch, 1-${MAX_WATCH_SECONDS} seconds.`, default: 20 })
  durationSeconds: number = 20;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(500)
  @JSONSchema({ description: 'Return early once this many matching events arrived, 1-500.', default: 50 })
  maxEvents: number = 50;

  @IsOptional()
  @IsIn(['buy', 'sell'])
  @JSONSchema({ description: 'buy or sell; both when absent.' })
  type?: 'buy' | 'sell';

  @IsOptional()
  @IsBoolean()
  @JSONSchema({
    description: 'Also return the matching events of the 10 minutes before the watch began (in replay), so a short watch is never empty.',
    default: true,
  })
  includeReplay: boolean = true;
}
