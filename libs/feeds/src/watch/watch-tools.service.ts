import { Injectable } from '@nestjs/common';
import { Tool, type ToolContext, type ToolResult } from '@scout/core';
import { IsBoolean, IsIn, IsInt, IsNumber, IsOptional, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { FeedStore } from '../feed-store';
import { FeedFilterFields } from '../tools/feeds.dto';
import { FeedHub } from './feed-hub';
import { watchFeed, type WatchResult } from './watch';

/** The longest a watch holds the request open. */
export const MAX_WATCH_SECONDS = 120;

/** service_fomo_watch_stream */
export class WatchStreamInput extends FeedFilterFields {
  @IsOptional()
  @IsIn(['alerts'])
  @JSONSchema({ description: "The stream to watch: alerts (tracked traders' buys and sells, the app feed). The on-chain trades stream is not offered.", default: 'alerts' })
  stream: 'alerts' = 'alerts';

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
  @JSONSchema({ description: 'Also return the matching events of the 10 minutes before the watch began (in replay), so a short watch is never empty.', default: true })
  includeReplay: boolean = true;
}

/** Watching the live feed: one request held open, many watches on one fan-out. */
@Injectable()
export class WatchToolsService {
  constructor(
    private readonly hub: FeedHub,
    private readonly store: FeedStore,
  ) {}

  @Tool({
    name: 'service_fomo_watch_stream',
    input: WatchStreamInput,
    deadlineMs: (MAX_WATCH_SECONDS + 5) * 1000,
    summary: "Watches tracked traders' buys and sells live for up to 120 seconds and returns every matching event that arrived.",
    description:
      "Holds the request open for durationSeconds (1-120), or until maxEvents (1-500) matching events arrived, and returns them oldest first with endedBy (maxEvents, duration, disconnected, shutdown). Filters: type, chain, trader, token, minUsd. With includeReplay (default) the matching events of the previous 10 minutes come in replay. Free, but needs a key. For a push stream use GET /api/v1/stream/alerts (Server-Sent Events).",
  })
  async watch(input: WatchStreamInput, context: ToolContext): Promise<ToolResult<WatchResult>> {
    const result = await watchFeed(this.hub, this.store, {
      filter: { side: input.type, chain: input.chain, trader: input.trader, token: input.token, minUsd: input.minUsd },
      durationMs: input.durationSeconds * 1000,
      maxEvents: input.maxEvents,
      includeReplay: input.includeReplay,
      signal: context.signal,
      now: Date.now,
    });
    const notes = result.endedBy === 'shutdown' ? ['The service is restarting: the watch ended early with what had arrived.'] : [];
    return { data: result, notes };
  }
}
